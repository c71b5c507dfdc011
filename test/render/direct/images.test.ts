import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayDocument } from '../../../main/render/pdf/direct/display-list';
import { clearImageCache, ImageUnreadable, loadImage } from '../../../main/render/pdf/direct/images';
import { writePdf } from '../../../main/render/pdf/direct/pdf-file';
import { dataUrl, encodePng, type PngSpec } from './png-encode';

let dir = '';
beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'kvitt-direct-img-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type RGB = [number, number, number];
const RED: RGB = [255, 0, 0];
const GREEN: RGB = [0, 255, 0];
const BLUE: RGB = [0, 0, 255];
const WHITE: RGB = [255, 255, 255];
const BLACK: RGB = [0, 0, 0];

/** Which quadrant of a 40x40 test image (x, y) is in: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. */
const quadrant = (x: number, y: number) => (x >= 20 ? 1 : 0) + (y >= 20 ? 2 : 0);
const QUAD_RGB: RGB[] = [RED, GREEN, BLUE, WHITE];

/** A page with a black square and the image drawn over it (80x80 pt at 100,100), rendered at 72 dpi; the colours at the quadrants' centres. */
function drawn(name: string, src: string): { colors: RGB[]; list: string } {
  const doc: DisplayDocument = {
    info: { title: name, author: 'Kvitt', subject: '', creator: 'Kvitt', producer: 'Kvitt' },
    pages: [{ width: 300, height: 300, items: [
      { t: 'rect', x: 100, y: 100, w: 80, h: 80, fill: '#000000' },
      { t: 'image', src, x: 100, y: 100, w: 80, h: 80 },
    ] }],
  };
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, writePdf(doc));
  execFileSync('pdftoppm', ['-r', '72', '-singlefile', file, path.join(dir, name)]);
  const ppm = readFileSync(path.join(dir, `${name}.ppm`));
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32))!;
  const w = Number(m[1]);
  const at = (x: number, y: number): RGB => {
    const o = m[0].length + (y * w + x) * 3;
    return [ppm[o]!, ppm[o + 1]!, ppm[o + 2]!];
  };
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return { colors: [at(120, 120), at(160, 120), at(120, 160), at(160, 160)], list };
}

const NO_INFO = { title: '', author: '', subject: '', creator: '', producer: '' };
const hex = (c: RGB) => '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');

/** A w x h JPEG of the four quadrants (red, green / blue, white), from a page of this writer written by pdftoppm. */
function quadrantsJpeg(name: string, w: number, h: number, ...flags: string[]): Buffer {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, writePdf({ info: NO_INFO, pages: [{ width: w, height: h, items: QUAD_RGB.map((c, q) => ({
    t: 'rect' as const, x: (q % 2) * (w / 2), y: q >= 2 ? h / 2 : 0, w: w / 2, h: h / 2, fill: hex(c),
  })) }] }));
  execFileSync('pdftoppm', ['-r', '72', '-singlefile', ...flags, file, path.join(dir, name)]);
  return readFileSync(path.join(dir, `${name}.jpg`));
}

const near = (a: RGB, b: RGB, tol = 6) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
function expectColors(got: RGB[], want: RGB[], tol = 6): void {
  const ok = got.every((c, i) => near(c, want[i]!, tol));
  if (!ok) expect(got).toEqual(want);
}

/** The rows of `pdfimages -list`: type, width, height, color, comp, bpc. */
const listed = (list: string) => list.trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/))
  .map((c) => ({ type: c[2], width: Number(c[3]), height: Number(c[4]), color: c[5], bpc: Number(c[7]) }));

const png = (spec: Omit<PngSpec, 'width' | 'height'>) => dataUrl('image/png', encodePng({ width: 40, height: 40, ...spec }));
const rgbPixel = (x: number, y: number) => QUAD_RGB[quadrant(x, y)]!;
const PALETTE = [RED, GREEN, BLUE, WHITE];

describe('images in the direct PDF writer', () => {
  it('an RGB PNG without transparency: its data passed through (Flate predictor), colours right', () => {
    const src = png({ type: 2, depth: 8, pixel: rgbPixel, idatChunk: 100 });
    expect(loadImage(src).dict).toContain('/Predictor 15 /Colors 3');
    const { colors, list } = drawn('rgb8', src);
    expectColors(colors, [RED, GREEN, BLUE, WHITE]);
    expect(listed(list)).toEqual([{ type: 'image', width: 40, height: 40, color: 'rgb', bpc: 8 }]);
  });

  it('gray PNGs at 8 and 1 bits and a palette PNG are passed through; colours right', () => {
    const levels = [0, 85, 170, 255];
    const gray8 = png({ type: 0, depth: 8, pixel: (x, y) => [levels[quadrant(x, y)]!] });
    expect(loadImage(gray8).dict).toContain('/Predictor 15');
    expectColors(drawn('gray8', gray8).colors, levels.map((v) => [v, v, v] as RGB));
    const mono = png({ type: 0, depth: 1, pixel: (x, y) => [[0, 1, 1, 0][quadrant(x, y)]!] });
    expect(loadImage(mono).dict).toContain('/BitsPerComponent 1');
    expectColors(drawn('gray1', mono).colors, [BLACK, WHITE, WHITE, BLACK]);
    const pal = png({ type: 3, depth: 4, palette: PALETTE, pixel: (x, y) => [quadrant(x, y)] });
    expect(loadImage(pal).dict).toContain('/Indexed /DeviceRGB 3');
    const { colors, list } = drawn('pal4', pal);
    expectColors(colors, [RED, GREEN, BLUE, WHITE]);
    expect(listed(list)).toEqual([{ type: 'image', width: 40, height: 40, color: 'index', bpc: 4 }]);
  });

  it('an RGBA PNG: colour data plus a soft mask, the transparent part shows what lies below', () => {
    const src = png({ type: 6, depth: 8, pixel: (x, y) => [...rgbPixel(x, y), quadrant(x, y) === 3 ? 0 : 255] });
    const { colors, list } = drawn('rgba8', src);
    expectColors(colors, [RED, GREEN, BLUE, BLACK]);
    expect(listed(list)).toEqual([
      { type: 'image', width: 40, height: 40, color: 'rgb', bpc: 8 },
      { type: 'smask', width: 40, height: 40, color: 'gray', bpc: 8 },
    ]);
  });

  it('half-transparent pixels blend with what lies below', () => {
    const src = png({ type: 6, depth: 8, pixel: () => [255, 255, 255, 128] });
    const { colors } = drawn('rgba-half', src);
    expectColors(colors, [[128, 128, 128], [128, 128, 128], [128, 128, 128], [128, 128, 128]], 3);
  });

  it('16-bit, interlaced, gray+alpha, palette with tRNS, gray and RGB with a tRNS colour: decoded to the same pixels', () => {
    const cases: [string, Omit<PngSpec, 'width' | 'height'>, RGB[]][] = [
      ['rgb16-interlaced', { type: 2, depth: 16, interlace: true, pixel: (x, y) => rgbPixel(x, y).map((v) => v * 257) }, [RED, GREEN, BLUE, WHITE]],
      ['rgb8-interlaced', { type: 2, depth: 8, interlace: true, pixel: rgbPixel }, [RED, GREEN, BLUE, WHITE]],
      ['rgba16-interlaced', { type: 6, depth: 16, interlace: true, pixel: (x, y) => [...rgbPixel(x, y), quadrant(x, y) === 3 ? 0 : 65535].map((v) => (v === 255 ? 65535 : v)) }, [RED, GREEN, BLUE, BLACK]],
      ['graya8', { type: 4, depth: 8, pixel: (x, y) => [[0, 100, 200, 255][quadrant(x, y)]!, quadrant(x, y) === 3 ? 0 : 255] }, [BLACK, [100, 100, 100], [200, 200, 200], BLACK]],
      ['pal-trns', { type: 3, depth: 2, palette: PALETTE, trns: Buffer.from([255, 255, 255, 0]), pixel: (x, y) => [quadrant(x, y)] }, [RED, GREEN, BLUE, BLACK]],
      ['gray4-trns', { type: 0, depth: 4, trns: Buffer.from([0, 15]), pixel: (x, y) => [[0, 5, 10, 15][quadrant(x, y)]!] }, [BLACK, [85, 85, 85], [170, 170, 170], BLACK]],
      ['rgb-trns', { type: 2, depth: 8, trns: Buffer.from([0, 255, 0, 255, 0, 255]), pixel: rgbPixel }, [RED, GREEN, BLUE, BLACK]],
    ];
    for (const [name, spec, want] of cases) {
      const image = loadImage(png(spec));
      expect(image.dict, name).not.toContain('/Predictor');
      expect(!!image.smask, name).toBe(want[3] === BLACK);
      const { colors } = drawn(name, png(spec));
      expectColors(colors, want);
    }
  });

  it('JPEG (RGB, CMYK): passed through with /DCTDecode, size and colour space from the frame header', () => {
    const jpeg = (name: string, ...flags: string[]) => dataUrl('image/jpeg', quadrantsJpeg(name, 40, 40, ...flags));
    const rgb = jpeg('q-rgb', '-jpeg', '-jpegopt', 'quality=95');
    expect(loadImage(rgb).dict).toContain('/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode');
    let r = drawn('jpeg-rgb', rgb);
    expectColors(r.colors, [RED, GREEN, BLUE, WHITE], 20);
    expect(listed(r.list)).toEqual([{ type: 'image', width: 40, height: 40, color: 'rgb', bpc: 8 }]);

    const cmyk = jpeg('q-cmyk', '-jpegcmyk');
    expect(loadImage(cmyk).dict).toContain('/ColorSpace /DeviceCMYK');
    r = drawn('jpeg-cmyk', cmyk);
    expect(listed(r.list)[0]).toMatchObject({ width: 40, height: 40, color: 'cmyk' });
    // CMYK → screen is not exact; red stays reddish, the white quadrant white.
    expect(r.colors[0]![0]).toBeGreaterThan(180);
    expect(r.colors[0]![1]).toBeLessThan(90);
    expectColors([r.colors[3]!], [WHITE], 20);
  });

  it('a JPEG with an EXIF orientation is drawn upright (as pdfkit did), its size as displayed', () => {
    // Stored 40 x 20: red, green on top; blue, white below. Written by pdftoppm, then an APP1 Exif segment inserted.
    const jpeg = quadrantsJpeg('stored', 40, 20, '-jpeg', '-jpegopt', 'quality=95');
    const withExif = (orientation: number, le: boolean) => {
      const tiff = Buffer.alloc(8 + 2 + 12 + 4);
      tiff.write(le ? 'II' : 'MM', 0, 'latin1');
      const u16 = (v: number, o: number) => (le ? tiff.writeUInt16LE(v, o) : tiff.writeUInt16BE(v, o));
      const u32 = (v: number, o: number) => (le ? tiff.writeUInt32LE(v, o) : tiff.writeUInt32BE(v, o));
      u16(42, 2); u32(8, 4); u16(1, 8);
      u16(0x0112, 10); u16(3, 12); u32(1, 14); u16(orientation, 18);
      const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
      const head = Buffer.from([0xff, 0xe1, 0, 0]);
      head.writeUInt16BE(body.length + 2, 2);
      return dataUrl('image/jpeg', Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]));
    };
    // The stored quadrant (0 TL, 1 TR, 2 BL, 3 BR) a displayed point (dx, dy in 0..1 from the top-left) shows, per orientation.
    const source: ((dx: number, dy: number) => [number, number])[] = [
      (dx, dy) => [dx, dy], (dx, dy) => [1 - dx, dy], (dx, dy) => [1 - dx, 1 - dy], (dx, dy) => [dx, 1 - dy],
      (dx, dy) => [dy, dx], (dx, dy) => [dy, 1 - dx], (dx, dy) => [1 - dy, 1 - dx], (dx, dy) => [1 - dy, dx],
    ];
    for (let o = 1; o <= 8; o++) {
      const src = withExif(o, o % 2 === 0);
      const image = loadImage(src);
      expect([image.width, image.height, image.orientation], `orientation ${o}`).toEqual(o > 4 ? [20, 40, o] : [40, 20, o]);
      const w = image.width * 2;
      const h = image.height * 2;
      const doc: DisplayDocument = { info: NO_INFO, pages: [{ width: 200, height: 200, items: [{ t: 'image', src, x: 50, y: 50, w, h }] }] };
      const out = path.join(dir, `exif-${o}.pdf`);
      writeFileSync(out, writePdf(doc));
      execFileSync('pdftoppm', ['-r', '72', '-singlefile', out, path.join(dir, `exif-${o}`)]);
      const ppm = readFileSync(path.join(dir, `exif-${o}.ppm`));
      const head = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32))!;
      const points = [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const;
      const got = points.map(([dx, dy]) => {
        const at = head[0].length + (Math.floor(50 + dy * h) * Number(head[1]) + Math.floor(50 + dx * w)) * 3;
        return [ppm[at]!, ppm[at + 1]!, ppm[at + 2]!] as RGB;
      });
      const want = points.map(([dx, dy]) => { const [sx, sy] = source[o - 1]!(dx, dy); return QUAD_RGB[quadrant(sx * 40, sy * 40)]!; });
      expect(got.every((c, i) => near(c, want[i]!, 20)), `orientation ${o}: ${JSON.stringify(got)}`).toBe(true);
    }
  });

  it('an image that cannot be read throws ImageUnreadable (remembered), and the writer leaves it out of the page', () => {
    const good = encodePng({ width: 40, height: 40, type: 2, depth: 8, pixel: rgbPixel });
    const bad = [
      'not a url',
      'data:image/png,rawtext',
      dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')),
      dataUrl('image/png', good.subarray(0, 60)),
      dataUrl('image/png', Buffer.concat([good.subarray(0, 33), Buffer.from([0, 0, 0, 4, 0x49, 0x44, 0x41, 0x54, 1, 2, 3, 4, 0, 0, 0, 0])])),
      dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])),
    ];
    for (const src of bad) {
      expect(() => loadImage(src), src.slice(0, 40)).toThrow(ImageUnreadable);
      expect(() => loadImage(src)).toThrow(ImageUnreadable);
    }
    // A PNG whose data does not inflate is found out when decoded (interlaced: not passed through).
    const interlaced = encodePng({ width: 40, height: 40, type: 2, depth: 8, interlace: true, pixel: rgbPixel });
    const broken = Buffer.from(interlaced);
    broken.fill(0x55, 45, 70);
    expect(() => loadImage(dataUrl('image/png', broken))).toThrow(ImageUnreadable);

    const { colors, list } = drawn('unreadable', bad[3]!);
    expect(listed(list)).toEqual([]);
    expectColors(colors, [BLACK, BLACK, BLACK, BLACK]);
  });

  it('a PNG claiming a huge size, or whose small data inflates far beyond its size (a zip bomb), is refused before memory is spent', () => {
    const small = encodePng({ width: 40, height: 40, type: 2, depth: 8, pixel: rgbPixel });
    const huge = Buffer.from(small);
    huge.writeUInt32BE(20_000, 16); // IHDR width
    huge.writeUInt32BE(20_000, 20); // IHDR height: 400 megapixels
    expect(() => loadImage(dataUrl('image/png', huge))).toThrow(/too large/);
    // 1000x1000 gray (1 MB of rows) whose IDAT (~30 kB) inflates to 30 MB: passed through before, now refused.
    const bomb = Buffer.from(small);
    bomb.writeUInt32BE(1000, 16);
    bomb.writeUInt32BE(1000, 20);
    bomb[24] = 8; // depth
    bomb[25] = 0; // gray
    const idat = deflateSync(Buffer.alloc(30_000_000));
    const len = Buffer.alloc(4);
    len.writeUInt32BE(idat.length);
    const file = Buffer.concat([bomb.subarray(0, 33), len, Buffer.from('IDAT', 'latin1'), idat, Buffer.alloc(4), Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])]);
    expect(() => loadImage(dataUrl('image/png', file))).toThrow(ImageUnreadable);
    // The same header with data of its own size is read.
    const fine = Buffer.concat([bomb.subarray(0, 33), (() => { const d = deflateSync(Buffer.alloc(1000 * 1001)); const l = Buffer.alloc(4); l.writeUInt32BE(d.length); return Buffer.concat([l, Buffer.from('IDAT', 'latin1'), d, Buffer.alloc(4)]); })(), Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])]);
    expect(loadImage(dataUrl('image/png', fine)).width).toBe(1000);
  });

  it('an image is prepared once per URL and shared by the pages that draw it; the cache is bounded', () => {
    clearImageCache();
    const src = png({ type: 6, depth: 8, pixel: (x, y) => [...rgbPixel(x, y), 200] });
    const first = loadImage(src);
    expect(loadImage(src)).toBe(first);
    const page = { width: 200, height: 200, items: [{ t: 'image' as const, src, x: 10, y: 10, w: 40, h: 40 }] };
    const file = path.join(dir, 'shared.pdf');
    writeFileSync(file, writePdf({ info: { title: '', author: '', subject: '', creator: '', producer: '' }, pages: [page, page] }));
    const rows = listed(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
    expect(rows.map((r) => r.type)).toEqual(['image', 'smask', 'image', 'smask']);
    const objects = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/)[10]);
    expect(objects[0]).toBe(objects[2]); // the same XObject on both pages
    for (let i = 0; i < 12; i++) loadImage(png({ type: 0, depth: 8, pixel: () => [i] }));
    expect(loadImage(src)).not.toBe(first); // evicted and prepared again
  });
});
