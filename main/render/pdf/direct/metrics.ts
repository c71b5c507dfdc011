/**
 * Font metrics for the direct PDF layout: DejaVu Sans's advance widths by code point (read from the font files by
 * ./fonts.ts, cached per process); the line box is the one the layout has always used (ascender 718, descender -207,
 * line gap 231 in 1/1000 em, Helvetica's), so pages break where they did. DejaVu's capitals (729) and descenders (-236)
 * fit it; its own typographic box (760/-240) would make every line 8 % taller and the usual invoice a page longer.
 *
 * No kerning and no ligatures: text is measured as the sum of its glyph widths, and the writer (./pdf-file.ts) draws the
 * same glyphs one after the other, so what is measured is what is drawn. Decomposed letters (NFD, 'a' + U+030A) are
 * measured and drawn composed (NFC).
 */
import type { FontName } from './display-list';
import { glyphOf, loadFont } from './fonts';

export interface FontMetrics {
  ascender: number;
  descender: number;
  lineGap: number;
}

const LINE_BOX: FontMetrics = { ascender: 718, descender: -207, lineGap: 231 };

/** The line box in 1/1000 em (the same for the four styles). */
export function fontMetrics(_font: FontName): FontMetrics {
  return LINE_BOX;
}

/** Combining diacritical marks: a letter typed or pasted decomposed. */
const COMBINING = /[\u0300-\u036f]/;

/** `text` as it is drawn: composed (NFC) when it holds a combining mark. */
export function drawnText(text: string): string {
  return COMBINING.test(text) ? text.normalize('NFC') : text;
}

/** Width of `text` in points at `size` (no kerning; a character the font lacks is measured as '?', as it is drawn). */
export function widthOf(text: string, font: FontName, size: number): number {
  const f = loadFont(font);
  const t = drawnText(text);
  let sum = 0;
  for (let i = 0; i < t.length; i++) {
    const cp = t.codePointAt(i)!;
    if (cp > 0xffff) i++;
    sum += glyphOf(f, cp).width;
  }
  return (sum * size) / 1000;
}

/** The font's line height at `size`: (ascender - descender) × size, without the line gap. */
export function lineHeightOf(font: FontName, size: number): number {
  const m = fontMetrics(font);
  return ((m.ascender - m.descender) / 1000) * size;
}

/** The distance from a line's top to its baseline. */
export function ascentOf(font: FontName, size: number): number {
  return (fontMetrics(font).ascender / 1000) * size;
}

export function fontFor(bold: boolean, italic = false): FontName {
  return bold ? (italic ? 'DejaVuSansCondensed-BoldOblique' : 'DejaVuSansCondensed-Bold') : italic ? 'DejaVuSansCondensed-Oblique' : 'DejaVuSansCondensed';
}
