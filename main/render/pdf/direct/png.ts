/**
 * PNG → PDF image XObject for ./images.ts: passed through when PDF's Flate predictors read its data as is, else
 * decoded here (zlib inflate, PNG's row filters, Adam7) to 8-bit colour data and a soft mask. Pure.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { ImageUnreadable, type PdfImage } from './image-xobject';

/** Largest image accepted (pixels): 40 megapixels, far above any logo, far below what would strain memory. */
export const MAX_PIXELS = 40_000_000;

interface Png {
  width: number; height: number; depth: number; type: number; interlaced: boolean;
  palette?: Buffer; trns?: Buffer; idat: Buffer;
}

function readPng(b: Buffer): Png {
  let i = 8;
  let head: Omit<Png, 'idat' | 'palette' | 'trns'> | undefined;
  let palette: Buffer | undefined;
  let trns: Buffer | undefined;
  const idat: Buffer[] = [];
  while (i + 8 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const data = b.subarray(i + 8, i + 8 + len);
    if (data.length < len) throw new ImageUnreadable(`PNG chunk ${type} runs past the end`);
    if (type === 'IHDR') {
      if (len < 13) throw new ImageUnreadable('PNG header too short');
      head = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8]!, type: data[9]!, interlaced: data[12] === 1 };
      if (data[10] !== 0 || data[11] !== 0 || data[12]! > 1) throw new ImageUnreadable('PNG with an unknown compression, filter or interlace method');
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    i += 12 + len;
  }
  if (!head || !head.width || !head.height) throw new ImageUnreadable('PNG without a header');
  if (!idat.length) throw new ImageUnreadable('PNG without image data');
  const okDepth = ({ 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] } as Record<number, number[]>)[head.type];
  if (!okDepth?.includes(head.depth)) throw new ImageUnreadable(`PNG colour type ${head.type} at ${head.depth} bits`);
  if (head.type === 3 && (!palette || palette.length < 3)) throw new ImageUnreadable('PNG palette missing');
  // A logo is at most a few megapixels; a header claiming more would have us allocate hundreds of MB before the data
  // proved it wrong (and a small IDAT can inflate to that much).
  if (head.width * head.height > MAX_PIXELS) throw new ImageUnreadable(`PNG of ${head.width}x${head.height} pixels is too large for a logo`);
  return { ...head, palette, trns, idat: idat.length === 1 ? idat[0]! : Buffer.concat(idat) };
}

/** Bytes the image data inflates to: each pass's rows with their filter byte (non-interlaced: one pass). */
function inflatedSize(p: Png): number {
  const samples = p.type === 0 ? 1 : p.type === 2 ? 3 : p.type === 3 ? 1 : p.type === 4 ? 2 : 4;
  const passes = p.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let n = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const pw = Math.ceil((p.width - x0) / dx);
    const ph = Math.ceil((p.height - y0) / dy);
    if (pw > 0 && ph > 0) n += ph * (1 + Math.ceil((pw * samples * p.depth) / 8));
  }
  return n;
}

/** The image data inflated, never more than the header's size allows (a small IDAT can claim gigabytes: a zip bomb). */
function inflateIdat(p: Png): Buffer {
  try {
    return inflateSync(p.idat, { maxOutputLength: inflatedSize(p) + 65_536 });
  } catch {
    throw new ImageUnreadable('PNG image data does not inflate to its size');
  }
}

/** The XObject of a PNG file; throws ImageUnreadable. */
export function png(b: Buffer): PdfImage {
  const p = readPng(b);
  const { width, height, depth, type } = p;
  const xobject = ` /Type /XObject /Subtype /Image /Width ${width} /Height ${height}`;
  if (!p.interlaced && !p.trns && (type === 0 || type === 3 ? depth <= 8 : type === 2 && depth === 8)) {
    const colors = type === 2 ? 3 : 1;
    // Checked once (the result is cached): data that does not inflate to whole rows would be a broken image in the reader.
    const rows = inflateIdat(p);
    if (rows.length < height * (1 + Math.ceil((width * colors * depth) / 8))) throw new ImageUnreadable('PNG image data too short');
    const space = type === 0 ? '/DeviceGray' : type === 2 ? '/DeviceRGB'
      : `[/Indexed /DeviceRGB ${Math.floor(p.palette!.length / 3) - 1} <${p.palette!.subarray(0, Math.floor(p.palette!.length / 3) * 3).toString('hex')}>]`;
    return {
      width, height, orientation: 1, data: p.idat,
      dict: `${xobject} /ColorSpace ${space} /BitsPerComponent ${depth} /Filter /FlateDecode`
        + ` /DecodeParms << /Predictor 15 /Colors ${colors} /BitsPerComponent ${depth} /Columns ${width} >>`,
    };
  }
  const { color, alpha, channels } = decodePng(p);
  const image: PdfImage = {
    width, height, orientation: 1, data: deflateSync(color),
    dict: `${xobject} /ColorSpace ${channels === 1 ? '/DeviceGray' : '/DeviceRGB'} /BitsPerComponent 8 /Filter /FlateDecode`,
  };
  if (alpha) image.smask = { data: deflateSync(alpha), dict: `${xobject} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode` };
  return image;
}

/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** Decodes a PNG to 8-bit colour (gray or RGB) and, when some pixel is not opaque, 8-bit alpha. */
function decodePng(p: Png): { color: Buffer; alpha: Buffer | null; channels: 1 | 3 } {
  const { width, height, depth, type } = p;
  const raw = inflateIdat(p);
  const samples = type === 0 ? 1 : type === 2 ? 3 : type === 3 ? 1 : type === 4 ? 2 : 4;
  const bitsPerPixel = samples * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const channels: 1 | 3 = type === 0 || type === 4 ? 1 : 3;
  const color = Buffer.alloc(width * height * channels);
  const alpha = Buffer.alloc(width * height, 255);
  let translucent = false;
  const max = (1 << Math.min(depth, 8)) - 1;
  const trns = p.trns;
  const pal = p.palette;
  let pos = 0;
  const passes = p.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const pw = Math.ceil((width - x0) / dx);
    const ph = Math.ceil((height - y0) / dy);
    if (pw <= 0 || ph <= 0) continue;
    const rowBytes = Math.ceil((pw * bitsPerPixel) / 8);
    let prev: Buffer = Buffer.alloc(rowBytes);
    for (let r = 0; r < ph; r++) {
      if (pos + 1 + rowBytes > raw.length) throw new ImageUnreadable('PNG image data too short');
      const filter = raw[pos]!;
      const row = raw.subarray(pos + 1, pos + 1 + rowBytes);
      pos += 1 + rowBytes;
      unfilter(filter, row, prev, bpp);
      prev = row;
      const y = y0 + r * dy;
      for (let c = 0; c < pw; c++) {
        const o = y * width + x0 + c * dx;
        // The pixel's samples, reduced to 8 bits (16-bit: the high byte; 1/2/4-bit gray: scaled; palette: index).
        const sample = (k: number): number => {
          if (depth === 8) return row[c * samples + k]!;
          if (depth === 16) return row[(c * samples + k) * 2]!;
          const bit = c * depth;
          return (row[bit >> 3]! >> (8 - depth - (bit & 7))) & max;
        };
        const sample16 = (k: number): number => (depth === 16 ? row.readUInt16BE((c * samples + k) * 2) : sample(k));
        if (type === 3) {
          const idx = sample(0);
          if (idx * 3 + 2 >= pal!.length) throw new ImageUnreadable('PNG palette index out of range');
          color[o * 3] = pal![idx * 3]!; color[o * 3 + 1] = pal![idx * 3 + 1]!; color[o * 3 + 2] = pal![idx * 3 + 2]!;
          if (trns && idx < trns.length) { alpha[o] = trns[idx]!; if (trns[idx] !== 255) translucent = true; }
        } else if (type === 0 || type === 4) {
          const v = sample(0);
          color[o] = depth < 8 ? Math.round((v * 255) / max) : v;
          if (type === 4) { alpha[o] = sample(1); if (alpha[o] !== 255) translucent = true; }
          else if (trns && trns.length >= 2 && sample16(0) === trns.readUInt16BE(0)) { alpha[o] = 0; translucent = true; }
        } else {
          color[o * 3] = sample(0); color[o * 3 + 1] = sample(1); color[o * 3 + 2] = sample(2);
          if (type === 6) { alpha[o] = sample(3); if (alpha[o] !== 255) translucent = true; }
          else if (trns && trns.length >= 6 && sample16(0) === trns.readUInt16BE(0) && sample16(1) === trns.readUInt16BE(2)
            && sample16(2) === trns.readUInt16BE(4)) { alpha[o] = 0; translucent = true; }
        }
      }
    }
  }
  return { color, alpha: translucent ? alpha : null, channels };
}

/** Undoes one PNG row filter in place (`prev` is the previous row, already unfiltered, or zeros). */
function unfilter(filter: number, row: Buffer, prev: Buffer, bpp: number): void {
  const n = row.length;
  switch (filter) {
    case 0: return;
    case 1: for (let i = bpp; i < n; i++) row[i] = (row[i]! + row[i - bpp]!) & 255; return;
    case 2: for (let i = 0; i < n; i++) row[i] = (row[i]! + prev[i]!) & 255; return;
    case 3:
      for (let i = 0; i < n; i++) row[i] = (row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + prev[i]!) >> 1)) & 255;
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = prev[i]!;
        const c = i >= bpp ? prev[i - bpp]! : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        row[i] = (row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      }
      return;
    default: throw new ImageUnreadable(`PNG row filter ${filter}`);
  }
}
