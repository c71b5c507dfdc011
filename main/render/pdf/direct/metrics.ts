/**
 * Helvetica metrics for the direct PDF layout: the four standard fonts' glyph widths by WinAnsi character, read once
 * per process from the AFM files pdfkit ships (the same numbers pdfkit and pdfmake measure with).
 *
 * No kerning: text is measured as the sum of its glyph widths, and the writer (./pdf-file.ts) writes plain strings
 * (no TJ adjustments), so what is measured is what is drawn. (pdfmake kerned; a line differs from it by a fraction of
 * a point, e.g. "AV" or "Te" pairs.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FontName } from './display-list';
import { winAnsiByte } from './winansi';

// Glyph names of WinAnsi bytes 128-255 (32-127 are ASCII and named by the AFM's StandardEncoding codes).
const HIGH_NAMES = (
  'Euro .notdef quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE ' +
  '.notdef Zcaron .notdef .notdef quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron ' +
  'guilsinglright oe .notdef zcaron Ydieresis space exclamdown cent sterling currency yen brokenbar section dieresis copyright ' +
  'ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior threesuperior acute mu ' +
  'paragraph periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown ' +
  'Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute ' +
  'Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex ' +
  'Udieresis Yacute Thorn germandbls agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex ' +
  'edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave ' +
  'uacute ucircumflex udieresis yacute thorn ydieresis'
).split(' ');

export interface FontMetrics {
  /** Advance widths in 1/1000 em, by WinAnsi byte (0 where the font has no glyph). */
  widths: Float64Array;
  ascender: number;
  descender: number;
  lineGap: number;
}

const FONTS: FontName[] = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];

function afmDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@foliojs-fork/pdfkit')), 'data');
}

function parseAfm(text: string): FontMetrics {
  const byName = new Map<string, number>();
  const byCode = new Map<number, string>();
  let ascender = 0, descender = 0, bbox = [0, 0, 0, 0];
  for (const line of text.split('\n')) {
    if (line.startsWith('C ')) {
      const m = /^C (-?\d+) ; WX (\d+) ; N (\S+)/.exec(line);
      if (m) {
        byName.set(m[3], Number(m[2]));
        if (Number(m[1]) >= 0) byCode.set(Number(m[1]), m[3]);
      }
    } else if (line.startsWith('Ascender ')) ascender = Number(line.slice(9));
    else if (line.startsWith('Descender ')) descender = Number(line.slice(10));
    else if (line.startsWith('FontBBox ')) bbox = line.slice(9).trim().split(/\s+/).map(Number);
  }
  const widths = new Float64Array(256);
  for (let b = 32; b < 256; b++) {
    const name = b === 39 ? 'quotesingle' : b === 96 ? 'grave' : b < 127 ? byCode.get(b) : b >= 128 ? HIGH_NAMES[b - 128] : undefined;
    widths[b] = (name && byName.get(name)) || 0;
  }
  return { widths, ascender, descender, lineGap: bbox[3] - bbox[1] - (ascender - descender) };
}

let metrics: Record<FontName, FontMetrics> | null = null;

/** The metrics of the four fonts (parsed on first use, once per process). */
export function fontMetrics(font: FontName): FontMetrics {
  if (!metrics) {
    const dir = afmDir();
    const out = {} as Record<FontName, FontMetrics>;
    for (const f of FONTS) out[f] = parseAfm(readFileSync(path.join(dir, `${f}.afm`), 'utf8'));
    metrics = out;
  }
  return metrics[font];
}

/** Width of `text` in points at `size` (no kerning; a character WinAnsi lacks is written and measured as '?'). */
export function widthOf(text: string, font: FontName, size: number): number {
  const w = fontMetrics(font).widths;
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    sum += w[winAnsiByte(cp)];
  }
  return (sum * size) / 1000;
}

/** The font's line height at `size` as pdfmake takes it: (ascender - descender) × size, without the line gap. */
export function lineHeightOf(font: FontName, size: number): number {
  const m = fontMetrics(font);
  return ((m.ascender - m.descender) / 1000) * size;
}

/** The distance from a line's top to its baseline. */
export function ascentOf(font: FontName, size: number): number {
  return (fontMetrics(font).ascender / 1000) * size;
}

export function fontFor(bold: boolean, italic = false): FontName {
  return bold ? (italic ? 'Helvetica-BoldOblique' : 'Helvetica-Bold') : italic ? 'Helvetica-Oblique' : 'Helvetica';
}
