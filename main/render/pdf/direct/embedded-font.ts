/**
 * One font as a PDF file uses it: the glyphs its text needs, subset from DejaVu Sans (./fonts.ts, ./ttf-subset.ts) as a Type 0
 * font (CIDFontType2, Identity-H, CID = the font's own glyph id) with its widths and a ToUnicode map, so pdftotext and
 * copy-paste give the text back exactly. Deterministic: the same text in the same order gives the same bytes.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FontName } from './display-list';
import { glyphOf, loadFont, type LoadedFont } from './fonts';
import { drawnText } from './metrics';
import { subsetTtf } from './ttf-subset';

/**
 * zlib level of the font file and its ToUnicode map: 1, as for the content streams (pdf-file.ts DEFAULT_LEVEL). On an
 * invoice's subset (about 55 kB) level 1 takes half of level 6's time for a stream about 4 % larger (6.6 against 6.3 kB).
 */
const FONT_LEVEL = 1;

export class EmbeddedFont {
  private readonly f: LoadedFont;
  /** By glyph id (= CID): width in 1/1000 em and the text it stands for. */
  private readonly used = new Map<number, { width: number; text: string }>();

  constructor(readonly name: FontName) {
    this.f = loadFont(name);
  }

  /** The hex string `<…>` that draws `text` (each character a 2-byte CID, its glyph id). */
  show(text: string): string {
    const t = drawnText(text);
    let hex = '<';
    for (let i = 0; i < t.length; i++) {
      const cp = t.codePointAt(i)!;
      const g = glyphOf(this.f, cp);
      if (!this.used.has(g.id)) this.used.set(g.id, { width: g.width, text: g.missing ? '?' : cp > 0xffff ? t.slice(i, i + 2) : t[i]! });
      if (cp > 0xffff) i++;
      hex += g.hex;
    }
    return hex + '>';
  }

  /**
   * The font's objects, numbered from `first`: Type 0 font (first), CIDFont, descriptor, font file, ToUnicode.
   * `add(n, body)` writes a dictionary object, `stream(n, dict, data)` a stream.
   */
  write(first: number, add: (n: number, body: string) => void, stream: (n: number, dict: string, data: Buffer) => void): void {
    const ids = [...this.used.keys()].sort((a, b) => a - b);
    const { tag, length1, fontFileData, toUnicodeData } = this.files(ids);
    const font = this.f.font;
    const s = this.f.scale;
    const base = `${tag}+${this.name}`;
    const [cidFont, descriptor, fontFile, toUnicode] = [first + 1, first + 2, first + 3, first + 4];
    const r = (v: number) => Math.round(v * s);
    const os2 = (font as unknown as { 'OS/2': { typoAscender: number; typoDescender: number } })['OS/2'];
    const capHeight = (font as unknown as { capHeight?: number }).capHeight || os2.typoAscender;
    const bold = this.name.includes('Bold');
    // widths of runs of consecutive glyph ids: gid [w w …]
    let w = '';
    for (let i = 0; i < ids.length;) {
      let j = i;
      while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
      w += ` ${ids[i]} [${ids.slice(i, j + 1).map((id) => this.used.get(id)!.width).join(' ')}]`;
      i = j + 1;
    }
    add(first, `<< /Type /Font /Subtype /Type0 /BaseFont /${base} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`);
    add(cidFont, `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${base} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>`
      + ` /FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /DW ${Math.round(font.getGlyph(0).advanceWidth * s)} /W [${w.trim()}] >>`);
    add(descriptor, `<< /Type /FontDescriptor /FontName /${base} /Flags ${32 + (font.italicAngle ? 64 : 0)}`
      + ` /FontBBox [${r(font.bbox.minX)} ${r(font.bbox.minY)} ${r(font.bbox.maxX)} ${r(font.bbox.maxY)}] /ItalicAngle ${Math.round(font.italicAngle)}`
      + ` /Ascent ${r(os2.typoAscender)} /Descent ${r(os2.typoDescender)} /CapHeight ${r(capHeight)} /StemV ${bold ? 140 : 80} /FontFile2 ${fontFile} 0 R >>`);
    stream(fontFile, ` /Filter /FlateDecode /Length1 ${length1}`, fontFileData);
    stream(toUnicode, ' /Filter /FlateDecode', toUnicodeData);
  }

  /**
   * The subset's tag, its font file and ToUnicode map, deflated: a function of the font, the glyph ids and the text
   * each stands for alone, so the ones made for the same font and glyphs are kept (SUBSETS) and used again, the same
   * bytes, instead of being made again for every document (about a third of a one-page invoice's rendering).
   */
  private files(ids: number[]): SubsetFiles {
    const texts = ids.map((id) => this.used.get(id)!.text);
    const key = `${this.name}\u0000${ids.join(',')}\u0000${texts.join('\u0000')}`;
    const kept = SUBSETS.get(key);
    if (kept) {
      SUBSETS.delete(key); // re-inserted: the Map's order is the recency order
      SUBSETS.set(key, kept);
      return kept;
    }
    const file = subsetTtf(this.f.ttf, ids);
    // The subset tag: six capitals from the glyphs used (PDF 32000 9.6.4), so two subsets of one font never share a name.
    const digest = createHash('sha256').update(this.name).update(ids.join(',')).digest();
    const made: SubsetFiles = {
      tag: [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join(''),
      length1: file.length,
      fontFileData: deflateSync(file, { level: FONT_LEVEL }),
      toUnicodeData: deflateSync(Buffer.from(toUnicodeCMap(ids.map((id, i) => [id, texts[i]!] as const)), 'latin1'), { level: FONT_LEVEL }),
    };
    if (SUBSETS.size >= MAX_SUBSETS) SUBSETS.delete(SUBSETS.keys().next().value!);
    SUBSETS.set(key, made);
    return made;
  }
}

interface SubsetFiles {
  tag: string;
  length1: number;
  fontFileData: Buffer;
  toUnicodeData: Buffer;
}

/**
 * Subsets made lately, by font, glyph ids and their texts (about 6 kB each, deflated); the least recently used goes
 * first. Documents of one business share many: the bold font's labels and figures, a customer's invoices, a document
 * fetched again. The buffers are only ever copied into a PDF, never changed.
 */
const SUBSETS = new Map<string, SubsetFiles>();
const MAX_SUBSETS = 64;

/** Objects `write` uses. */
export const FONT_OBJECTS = 5;

/** UTF-16BE as hex: each code unit (a JavaScript string's own unit) as four hex digits. */
function utf16Hex(s: string): string {
  let hex = '';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

/** The ToUnicode CMap: CID → its text (UTF-16BE), in bfchar blocks of at most 100 (PDF 32000 9.10.3). */
function toUnicodeCMap(texts: (readonly [number, string])[]): string {
  const pairs: string[] = [];
  for (const [cid, t] of texts) if (t) pairs.push(`<${cid.toString(16).padStart(4, '0')}> <${utf16Hex(t)}>`);
  let body = '';
  for (let i = 0; i < pairs.length; i += 100) {
    const block = pairs.slice(i, i + 100);
    body += `${block.length} beginbfchar\n${block.join('\n')}\nendbfchar\n`;
  }
  return '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n'
    + '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n'
    + '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' + body + 'endcmap\nCMapName currentdict /CIDResource defineresource pop\nend\nend\n';
}
