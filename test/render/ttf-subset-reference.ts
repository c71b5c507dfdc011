/**
 * The TrueType subsetter as it was before it was made faster (main/render/pdf/direct/ttf-subset.ts): kept as the oracle
 * the fast one must equal byte for byte (test/render/ttf-subset.test.ts).
 */
import type { TtfFile } from '../../main/render/pdf/direct/ttf-subset.js';

/** The glyph ids a composite glyph draws. */
function components(f: TtfFile, gid: number): number[] {
  const glyf = f.tables.get('glyf')!.offset;
  const start = glyf + f.loca[gid]!;
  if (f.loca[gid + 1]! <= f.loca[gid]! || f.data.readInt16BE(start) >= 0) return [];
  const out: number[] = [];
  let at = start + 10;
  for (;;) {
    const flags = f.data.readUInt16BE(at);
    out.push(f.data.readUInt16BE(at + 2));
    at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    if (!(flags & 0x20)) return out;
  }
}

function checksum(b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < b.length; i += 4) sum = (sum + b.readUInt32BE(i)) >>> 0;
  return sum;
}

const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

/** The font with only `used` glyphs (and .notdef, and the components of composites) left in it. */
export function referenceSubsetTtf(f: TtfFile, used: Iterable<number>): Buffer {
  const keep = new Set<number>([0]);
  const todo = [...used];
  while (todo.length) {
    const g = todo.pop()!;
    if (g >= f.numGlyphs || keep.has(g)) continue;
    keep.add(g);
    todo.push(...components(f, g));
  }
  for (const g of [...keep]) for (const c of components(f, g)) keep.add(c);
  // The font ends at the last glyph kept.
  const numGlyphs = Math.max(...keep) + 1;
  const longMetrics = Math.min(f.numberOfHMetrics, numGlyphs);
  const src = f.data;
  const glyfAt = f.tables.get('glyf')!.offset;
  const parts: Buffer[] = [];
  const loca = Buffer.alloc((numGlyphs + 1) * 4);
  let off = 0;
  for (let g = 0; g < numGlyphs; g++) {
    loca.writeUInt32BE(off, g * 4);
    if (!keep.has(g)) continue;
    const len = f.loca[g + 1]! - f.loca[g]!;
    if (len <= 0) continue;
    const glyph = pad4(src.subarray(glyfAt + f.loca[g]!, glyfAt + f.loca[g]! + len));
    parts.push(glyph);
    off += glyph.length;
  }
  loca.writeUInt32BE(off, numGlyphs * 4);
  const hm = f.tables.get('hmtx')!;
  const hmtx = Buffer.alloc(longMetrics * 4 + (numGlyphs - longMetrics) * 2);
  for (const g of keep) {
    if (g < longMetrics) src.copy(hmtx, g * 4, hm.offset + g * 4, hm.offset + g * 4 + 4);
    else {
      const at = longMetrics * 4 + (g - longMetrics) * 2;
      src.copy(hmtx, at, hm.offset + at, hm.offset + at + 2);
    }
  }
  const copy = (tag: string) => { const t = f.tables.get(tag); return t ? Buffer.from(src.subarray(t.offset, t.offset + t.length)) : null; };
  const head = copy('head')!;
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  head.writeInt16BE(1, 50); // long loca
  const hhea = copy('hhea')!;
  hhea.writeUInt16BE(longMetrics, 34);
  const maxp = copy('maxp')!;
  maxp.writeUInt16BE(numGlyphs, 4);
  const out = new Map<string, Buffer>([['head', head], ['hhea', hhea], ['maxp', maxp], ['loca', loca], ['glyf', Buffer.concat(parts)], ['hmtx', hmtx]]);
  for (const tag of ['cvt ', 'fpgm', 'prep']) { const b = copy(tag); if (b) out.set(tag, b); }
  const tags = [...out.keys()].sort();
  const n = tags.length;
  const dir = Buffer.alloc(12 + n * 16);
  let pow = 1, log = 0;
  while (pow * 2 <= n) { pow *= 2; log++; }
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(n, 4);
  dir.writeUInt16BE(pow * 16, 6);
  dir.writeUInt16BE(log, 8);
  dir.writeUInt16BE(n * 16 - pow * 16, 10);
  let at = dir.length;
  const body: Buffer[] = [];
  tags.forEach((tag, i) => {
    const data = out.get(tag)!;
    const padded = pad4(data);
    dir.write(tag, 12 + i * 16, 'latin1');
    dir.writeUInt32BE(checksum(padded), 12 + i * 16 + 4);
    dir.writeUInt32BE(at, 12 + i * 16 + 8);
    dir.writeUInt32BE(data.length, 12 + i * 16 + 12);
    body.push(padded);
    at += padded.length;
  });
  const file = Buffer.concat([dir, ...body]);
  const headAt = dir.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}
