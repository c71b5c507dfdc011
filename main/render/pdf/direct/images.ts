/**
 * Images for the direct PDF writer: a data: URL (PNG or JPEG, as the seller's logo is stored) → a PDF image XObject's
 * dictionary and data, prepared once per process per URL and kept in a small bounded cache. Pure (no I/O).
 *
 * - JPEG: the file itself with /DCTDecode; size and components from the SOF marker. A 4-component (CMYK) JPEG with
 *   Adobe's APP14 marker is stored inverted (as Photoshop writes it), so it gets /Decode [1 0 1 0 1 0 1 0].
 * - PNG that PDF's Flate predictors read as is (not interlaced, no transparency: gray or palette at any bit depth up
 *   to 8, RGB at 8 bits): the IDAT data passed through with /DecodeParms /Predictor 15.
 * - Any other PNG (alpha channel, tRNS transparency, 16 bits, interlaced): decoded to 8-bit pixels here (zlib inflate
 *   and PNG's row filters, in ./png.ts) and written as colour data plus an 8-bit /SMask when some pixel is not opaque.
 * - Anything else, or a broken file: `ImageUnreadable` (the caller leaves the image out). Unreadable URLs are cached too.
 */
import { ImageUnreadable, type PdfImage } from './image-xobject';
import { png } from './png';

export { ImageUnreadable, type PdfImage } from './image-xobject';

const MAX_ENTRIES = 8;
const MAX_BYTES = 48 * 1024 * 1024;
/**
 * Newest last. A short list compared with === rather than a Map: a logo URL is up to 400 kB, and a Map would hash
 * every fresh copy of it (read from the database per document) in full, ~0.1 ms; === compares lengths first, then bytes.
 */
let cache: { src: string; value: PdfImage | ImageUnreadable }[] = [];
let cachedBytes = 0;
const sizeOf = (v: PdfImage | ImageUnreadable) => (v instanceof ImageUnreadable ? 0 : v.data.length + (v.smask?.data.length ?? 0));

/** The image of a data: URL, prepared once per process (bounded cache, oldest out first); throws ImageUnreadable. */
export function loadImage(src: string): PdfImage {
  let v: PdfImage | ImageUnreadable | undefined;
  for (let i = cache.length - 1; i >= 0; i--) if (cache[i]!.src === src) { v = cache[i]!.value; break; }
  if (v === undefined) {
    try {
      v = prepareImage(src);
    } catch (e) {
      v = e instanceof ImageUnreadable ? e : new ImageUnreadable(e instanceof Error ? e.message : String(e));
    }
    cache.push({ src, value: v });
    cachedBytes += sizeOf(v);
    while (cache.length > 1 && (cache.length > MAX_ENTRIES || cachedBytes > MAX_BYTES)) cachedBytes -= sizeOf(cache.shift()!.value);
  }
  if (v instanceof ImageUnreadable) throw v;
  return v;
}

/** For tests: forget every prepared image. */
export function clearImageCache(): void { cache = []; cachedBytes = 0; }

/** Decodes a data: URL without the cache. */
export function prepareImage(src: string): PdfImage {
  const m = /^data:([^,;]*)((?:;[^,;]*)*),/.exec(src.slice(0, 200));
  if (!m) throw new ImageUnreadable('not a data: URL');
  if (!/;base64$/i.test(m[2]!)) throw new ImageUnreadable('data: URL is not base64');
  const bytes = Buffer.from(src.slice(m[0].length), 'base64');
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return png(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  throw new ImageUnreadable('neither PNG nor JPEG');
}

function jpeg(b: Buffer): PdfImage {
  let adobe = false;
  let orientation = 1;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) throw new ImageUnreadable('JPEG marker expected');
    const marker = b[i + 1]!;
    if (marker === 0xff) { i++; continue; } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) break; // end of image or start of scan before any frame header
    const len = b.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > b.length) throw new ImageUnreadable('JPEG segment runs past the end');
    if (marker === 0xee && len >= 14 && b.toString('latin1', i + 4, i + 9) === 'Adobe') adobe = true;
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(b.subarray(i + 4, i + 2 + len));
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) {
      if (len < 8) throw new ImageUnreadable('JPEG frame header too short');
      const bits = b[i + 4]!;
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      const comps = b[i + 9]!;
      if (!width || !height) throw new ImageUnreadable('JPEG without a size in its frame header');
      if (bits !== 8) throw new ImageUnreadable(`JPEG with ${bits}-bit samples`);
      const space = comps === 1 ? '/DeviceGray' : comps === 3 ? '/DeviceRGB' : comps === 4 ? '/DeviceCMYK' : '';
      if (!space) throw new ImageUnreadable(`JPEG with ${comps} components`);
      // APP14 may come after the frame header in odd files; look ahead for it before deciding on /Decode.
      if (comps === 4 && !adobe) adobe = hasAdobeSegment(b, i + 2 + len);
      const decode = comps === 4 && adobe ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
      return {
        width: orientation > 4 ? height : width, height: orientation > 4 ? width : height, orientation, data: b,
        dict: ` /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode${decode}`,
      };
    }
    i += 2 + len;
  }
  throw new ImageUnreadable('JPEG without a frame header');
}

/** The Orientation tag (0x0112) of an APP1 Exif segment's first IFD, 1 when absent or unreadable. */
function exifOrientation(app1: Buffer): number {
  if (app1.length < 14 || app1.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = app1.subarray(6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  if (!le && tiff.toString('latin1', 0, 2) !== 'MM') return 1;
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const n = u16(ifd);
  for (let k = 0; k < n && ifd + 2 + k * 12 + 12 <= tiff.length; k++) {
    const e = ifd + 2 + k * 12;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

function hasAdobeSegment(b: Buffer, i: number): boolean {
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xda || marker === 0xd9) return false;
    if (marker === 0xee && b.toString('latin1', i + 4, i + 9) === 'Adobe') return true;
    i += 2 + b.readUInt16BE(i + 2);
  }
  return false;
}
