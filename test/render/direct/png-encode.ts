/**
 * A small PNG encoder for the direct writer's image tests: every colour type and bit depth, optional tRNS and Adam7
 * interlacing, and the five row filters used in turn (so the decoder's unfiltering is exercised). Test-only.
 */
import { deflateSync } from 'node:zlib';

export interface PngSpec {
  width: number;
  height: number;
  /** 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA */
  type: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  /** The samples of pixel (x, y) at `depth` bits: gray [g], RGB [r,g,b], palette [index], [g,a], [r,g,b,a]. */
  pixel: (x: number, y: number) => number[];
  palette?: number[][];
  trns?: Buffer;
  interlace?: boolean;
  /** Split the image data into IDAT chunks of this many bytes. */
  idatChunk?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SAMPLES = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

function packRow(spec: PngSpec, xs: number[], y: number): Buffer {
  const bits = SAMPLES[spec.type] * spec.depth;
  const row = Buffer.alloc(Math.ceil((xs.length * bits) / 8));
  let bit = 0;
  for (const x of xs) {
    for (const v of spec.pixel(x, y)) {
      if (spec.depth === 16) row.writeUInt16BE(v, bit >> 3);
      else if (spec.depth === 8) row[bit >> 3] = v;
      else row[bit >> 3]! |= v << (8 - spec.depth - (bit & 7));
      bit += spec.depth;
    }
  }
  return row;
}

function filterRow(filter: number, row: Buffer, prev: Buffer, bpp: number): Buffer {
  const out = Buffer.alloc(row.length + 1);
  out[0] = filter;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i] ?? 0;
    const c = i >= bpp ? prev[i - bpp] ?? 0 : 0;
    const p = a + b - c;
    const pred = [0, a, b, (a + b) >> 1, Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c][filter]!;
    out[i + 1] = (row[i]! - pred) & 255;
  }
  return out;
}

export function encodePng(spec: PngSpec): Buffer {
  const { width, height } = spec;
  const bpp = Math.max(1, (SAMPLES[spec.type] * spec.depth) >> 3);
  const rows: Buffer[] = [];
  let n = 0;
  const passes = spec.interlace ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const xs: number[] = [];
    for (let x = x0; x < width; x += dx) xs.push(x);
    if (!xs.length) continue;
    let prev: Buffer = Buffer.alloc(0);
    for (let y = y0; y < height; y += dy) {
      const row = packRow(spec, xs, y);
      rows.push(filterRow(n++ % 5, row, prev, bpp));
      prev = row;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = spec.depth;
  ihdr[9] = spec.type;
  ihdr[12] = spec.interlace ? 1 : 0;
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (spec.palette) parts.push(chunk('PLTE', Buffer.from(spec.palette.flat())));
  if (spec.trns) parts.push(chunk('tRNS', spec.trns));
  const data = deflateSync(Buffer.concat(rows));
  const size = spec.idatChunk ?? data.length;
  for (let i = 0; i < data.length; i += size) parts.push(chunk('IDAT', data.subarray(i, i + size)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
