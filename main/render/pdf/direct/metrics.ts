/**
 * Helvetica metrics for the direct PDF layout: the four standard fonts' glyph widths by WinAnsi character, from the
 * AFM data in ./helvetica-afm.ts (the numbers pdfkit and pdfmake measured with), made into lookup tables once per
 * process.
 *
 * No kerning: text is measured as the sum of its glyph widths, and the writer (./pdf-file.ts) writes plain strings
 * (no TJ adjustments), so what is measured is what is drawn. (pdfmake kerned; a line differs from it by a fraction of
 * a point, e.g. "AV" or "Te" pairs.)
 */
import type { FontName } from './display-list';
import { HELVETICA_AFM } from './helvetica-afm';
import { winAnsiByte } from './winansi';

export interface FontMetrics {
  /** Advance widths in 1/1000 em, by WinAnsi byte (0 where the font has no glyph). */
  widths: Float64Array;
  ascender: number;
  descender: number;
  lineGap: number;
}

const FONTS: FontName[] = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];

let metrics: Record<FontName, FontMetrics> | null = null;

/** The metrics of the four fonts (tables made on first use, once per process). */
export function fontMetrics(font: FontName): FontMetrics {
  if (!metrics) {
    const out = {} as Record<FontName, FontMetrics>;
    for (const f of FONTS) {
      const afm = HELVETICA_AFM[f];
      const widths = new Float64Array(256);
      widths.set(afm.widths, 32);
      out[f] = { widths, ascender: afm.ascender, descender: afm.descender, lineGap: afm.lineGap };
    }
    metrics = out;
  }
  return metrics[font];
}

/**
 * Width of `text` in points at `size` (no kerning; a character WinAnsi lacks is written and measured as '?';
 * decomposed letters as their composed form, as ./winansi.ts writes them).
 */
export function widthOf(text: string, font: FontName, size: number): number {
  const w = fontMetrics(font).widths;
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    else if (cp >= 0x300 && cp <= 0x36f) {
      const nfc = text.normalize('NFC');
      if (nfc !== text) return widthOf(nfc, font, size);
    }
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
