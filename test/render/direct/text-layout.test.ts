import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { FontName } from '../../../main/render/pdf/direct/display-list';
import { lineHeightOf, widthOf } from '../../../main/render/pdf/direct/metrics';
import { drawLines, layoutText, type Span } from '../../../main/render/pdf/direct/text-layout';

interface AfmDoc { font(n: string): void; _font: { font: { characterToGlyph(c: number): string; widthOfGlyph(g: string): number } } }
const PDFDocument = createRequire(import.meta.url)('@foliojs-fork/pdfkit') as new () => AfmDoc;
const FONTS: FontName[] = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];
const span = (text: string, size = 10, font: FontName = 'Helvetica'): Span => ({ text, font, size, color: '#000000' });
const texts = (spans: Span[], width: number) => layoutText(spans, width).map((l) => l.runs.map((r) => r.text).join(''));

describe('metrics', () => {
  it('glyph widths are pdfkit\'s AFM widths for every WinAnsi character of the four fonts (no kerning)', () => {
    const doc = new PDFDocument();
    const chars = [...Array.from({ length: 95 }, (_, i) => 32 + i), ...Array.from({ length: 96 }, (_, i) => 160 + i), 0x20ac, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026];
    for (const f of FONTS) {
      doc.font(f);
      const afm = doc._font.font;
      for (const c of chars) expect(widthOf(String.fromCharCode(c), f, 1000), `${f} ${c}`).toBe(afm.widthOfGlyph(afm.characterToGlyph(c)));
    }
    // a character WinAnsi lacks is drawn as '?' and measured so
    expect(widthOf('\u4e2d', 'Helvetica', 10)).toBe(widthOf('?', 'Helvetica', 10));
    expect(lineHeightOf('Helvetica', 10)).toBeCloseTo(9.25, 6);
  });
});

describe('layoutText', () => {
  it('breaks at spaces within the width; trailing spaces do not count', () => {
    const w = widthOf('Rådgivning og', 'Helvetica', 10);
    expect(texts([span('Rådgivning og økonomi for små bedrifter')], w)).toEqual(['Rådgivning og', 'økonomi for', 'små bedrifter']);
    expect(texts([span('Rådgivning og økonomi')], w - 0.01)).toEqual(['Rådgivning', 'og økonomi']);
  });

  it('honours explicit new lines (an empty line keeps its height) and cuts a word longer than the width', () => {
    const lines = layoutText([span('a\n\nb')], 100);
    expect(lines.map((l) => l.runs.map((r) => r.text).join(''))).toEqual(['a', '', 'b']);
    expect(lines[1].height).toBeCloseTo(9.25, 6);
    const long = 'Donaudampfschifffahrtsgesellschaft';
    const cut = texts([span(long)], 60);
    expect(cut.join('')).toBe(long);
    expect(cut.length).toBeGreaterThan(2);
    for (const l of cut) expect(widthOf(l, 'Helvetica', 10)).toBeLessThanOrEqual(60);
  });

  it('mixed sizes share a line: height of the tallest, one baseline; right alignment ends at the edge', () => {
    const lines = layoutText([{ ...span('KONS  ', 7.5), color: '#5f6b7a' }, { ...span('Rådgivning', 8.5), lineHeight: 1.05 }], 200);
    expect(lines).toHaveLength(1);
    expect(lines[0].height).toBeCloseTo(0.925 * 8.5 * 1.05, 6);
    const items: Array<{ x: number; y: number; text: string; size: number }> = [];
    drawLines(items, lines, 10, 100, 200, 'right');
    expect(new Set(items.map((i) => i.y)).size).toBe(1);
    const last = items[items.length - 1];
    expect(last.x + widthOf(last.text, 'Helvetica', last.size)).toBeCloseTo(210, 6);
  });
});
