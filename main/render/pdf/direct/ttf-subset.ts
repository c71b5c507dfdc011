/**
 * A TrueType subset for embedding, fast: the font's glyph ids are kept (so a PDF's CIDs are the glyph ids, CIDToGIDMap
 * /Identity), the glyphs not used are emptied (zero length in `loca`, zero metrics in `hmtx`), the font ends at the
 * last glyph used (maxp's numGlyphs and hhea's numberOfHMetrics cut there: `loca` and `hmtx` list no glyph past it), and
 * only the tables a PDF viewer reads from an embedded CIDFontType2 are written (head, hhea, maxp, loca, glyf, hmtx and
 * the hinting tables cvt, fpgm, prep). Composite glyphs bring their components. Pure; the tables that never change are
 * prepared once per font, the file's checksum is summed from its tables' (test/render/ttf-subset.test.ts holds it byte
 * for byte to the straightforward version).
 */

interface Table { offset: number; length: number }

export interface TtfFile {
  data: Buffer;
  tables: Map<string, Table>;
  numGlyphs: number;
  numberOfHMetrics: number;
  /** Glyph offsets into glyf, numGlyphs + 1 of them. */
  loca: Uint32Array;
}

export function readTtf(data: Buffer): TtfFile {
  const tables = new Map<string, Table>();
  const n = data.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    tables.set(data.toString('latin1', at, at + 4), { offset: data.readUInt32BE(at + 8), length: data.readUInt32BE(at + 12) });
  }
  const t = (tag: string) => {
    const x = tables.get(tag);
    if (!x) throw new Error(`TrueType font without a ${tag} table`);
    return x;
  };
  const numGlyphs = data.readUInt16BE(t('maxp').offset + 4);
  const numberOfHMetrics = data.readUInt16BE(t('hhea').offset + 34);
  const long = data.readInt16BE(t('head').offset + 50) === 1;
  const locaAt = t('loca').offset;
  const loca = new Uint32Array(numGlyphs + 1);
  for (let g = 0; g <= numGlyphs; g++) loca[g] = long ? data.readUInt32BE(locaAt + g * 4) : data.readUInt16BE(locaAt + g * 2) * 2;
  return { data, tables, numGlyphs, numberOfHMetrics, loca };
}

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

/** The OpenType table checksum: the sum of the big-endian 32-bit words of `b` (its length a multiple of 4). */
function checksum(b: Buffer): number {
  const v = new DataView(b.buffer, b.byteOffset, b.length);
  let sum = 0;
  for (let i = 0; i < b.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

interface Written { length: number; padded: Buffer; sum: number }
const written = (data: Buffer): Written => { const padded = pad4(data); return { length: data.length, padded, sum: checksum(padded) }; };

/**
 * The tables every subset of a font writes unchanged (head with its checkSumAdjustment 0 and long loca, and the hinting
 * tables), each padded with its checksum: made once per font instead of once per document. hhea and maxp (their glyph
 * counts cut at the subset's last glyph) are written per subset.
 */
const fixedOf = new WeakMap<TtfFile, Map<string, Written>>();
function fixedTables(f: TtfFile): Map<string, Written> {
  let fixed = fixedOf.get(f);
  if (fixed) return fixed;
  const src = f.data;
  const copy = (tag: string) => { const t = f.tables.get(tag); return t ? Buffer.from(src.subarray(t.offset, t.offset + t.length)) : null; };
  const head = copy('head')!;
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set per file
  head.writeInt16BE(1, 50); // long loca
  fixed = new Map([['head', written(head)]]);
  for (const tag of ['cvt ', 'fpgm', 'prep']) { const b = copy(tag); if (b) fixed.set(tag, written(b)); }
  fixedOf.set(f, fixed);
  return fixed;
}

/** The font with only `used` glyphs (and .notdef, and the components of composites) left in it. */
export function subsetTtf(f: TtfFile, used: Iterable<number>): Buffer {
  const keep = new Set<number>([0]);
  const todo = [...used];
  while (todo.length) {
    const g = todo.pop()!;
    if (g >= f.numGlyphs || keep.has(g)) continue;
    keep.add(g);
    todo.push(...components(f, g));
  }
  for (const g of [...keep]) for (const c of components(f, g)) keep.add(c);
  const kept = [...keep].sort((a, b) => a - b);
  // The subset ends at its last glyph: no glyph past it is drawn, so loca and hmtx need not list the rest of the font.
  const numGlyphs = kept[kept.length - 1]! + 1;
  const longMetrics = Math.min(f.numberOfHMetrics, numGlyphs);
  const src = f.data;
  const glyfAt = f.tables.get('glyf')!.offset;
  // loca: each glyph's start in the new glyf; glyphs not kept are empty, so the offsets run in steps at the kept ones.
  const parts: Buffer[] = [];
  const loca = Buffer.alloc((numGlyphs + 1) * 4);
  const word = Buffer.alloc(4);
  const fillLoca = (from: number, to: number, off: number) => {
    if (off === 0 || to <= from) return;
    word.writeUInt32BE(off);
    loca.fill(word, from * 4, to * 4);
  };
  let off = 0;
  let next = 0; // the first glyph whose loca entry is not written yet
  for (const g of kept) {
    fillLoca(next, g + 1, off);
    next = g + 1;
    const len = f.loca[g + 1]! - f.loca[g]!;
    if (len <= 0) continue;
    const glyph = pad4(src.subarray(glyfAt + f.loca[g]!, glyfAt + f.loca[g]! + len));
    parts.push(glyph);
    off += glyph.length;
  }
  fillLoca(next, numGlyphs + 1, off);
  const hm = f.tables.get('hmtx')!;
  const hmtx = Buffer.alloc(longMetrics * 4 + (numGlyphs - longMetrics) * 2);
  for (const g of kept) {
    if (g < longMetrics) src.copy(hmtx, g * 4, hm.offset + g * 4, hm.offset + g * 4 + 4);
    else {
      const at = longMetrics * 4 + (g - longMetrics) * 2; // longMetrics is the font's own count here
      src.copy(hmtx, at, hm.offset + at, hm.offset + at + 2);
    }
  }
  const counted = (tag: string, at: number, value: number) => {
    const t = f.tables.get(tag)!;
    const b = Buffer.from(src.subarray(t.offset, t.offset + t.length));
    b.writeUInt16BE(value, at);
    return written(b);
  };
  const out = new Map<string, Written>(fixedTables(f));
  out.set('loca', written(loca));
  out.set('glyf', written(Buffer.concat(parts)));
  out.set('hmtx', written(hmtx));
  out.set('maxp', counted('maxp', 4, numGlyphs));
  out.set('hhea', counted('hhea', 34, longMetrics));
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
  let headAt = 0;
  let tablesSum = 0;
  const body: Buffer[] = [];
  tags.forEach((tag, i) => {
    const t = out.get(tag)!;
    dir.write(tag, 12 + i * 16, 'latin1');
    dir.writeUInt32BE(t.sum, 12 + i * 16 + 4);
    dir.writeUInt32BE(at, 12 + i * 16 + 8);
    dir.writeUInt32BE(t.length, 12 + i * 16 + 12);
    if (tag === 'head') headAt = at;
    tablesSum = (tablesSum + t.sum) >>> 0;
    body.push(t.padded);
    at += t.padded.length;
  });
  const file = Buffer.concat([dir, ...body]);
  // The whole file's checksum is the directory's plus every (padded) table's: no second pass over the file.
  file.writeUInt32BE((0xb1b0afba - ((checksum(dir) + tablesSum) >>> 0)) >>> 0, headAt + 8);
  return file;
}
