import { describe, expect, it } from 'vitest';
import type { FontName } from '../../../main/render/pdf/direct/display-list';
import { lineHeightOf, widthOf } from '../../../main/render/pdf/direct/metrics';
import { drawLines, layoutText, type Span } from '../../../main/render/pdf/direct/text-layout';

const span = (text: string, size = 10, font: FontName = 'Helvetica'): Span => ({ text, font, size, color: '#000000' });
const texts = (spans: Span[], width: number) => layoutText(spans, width).map((l) => l.runs.map((r) => r.text).join(''));

describe('metrics', () => {
  it('glyph widths are the Helvetica AFM widths (as pdfkit measured) for the WinAnsi characters of the four fonts (no kerning)', () => {
    const w = (f: FontName, chars: string) => [...chars].map((c) => widthOf(c, f, 1000));
    expect(w('Helvetica', ' AaWÅæø€–—r1')).toEqual([278, 667, 556, 944, 667, 889, 611, 556, 556, 1000, 333, 556]);
    expect(w('Helvetica-Bold', ' AaWÅæø€–—r1')).toEqual([278, 722, 556, 944, 722, 889, 611, 556, 556, 1000, 389, 556]);
    expect(w('Helvetica-Oblique', 'AaWÅ')).toEqual(w('Helvetica', 'AaWÅ'));
    expect(w('Helvetica-BoldOblique', 'AaWÅ')).toEqual(w('Helvetica-Bold', 'AaWÅ'));
    // every WinAnsi byte: the sums of the tables as they were read from pdfkit's AFM files
    const winAnsi = String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i), ...Array.from({ length: 96 }, (_, i) => 160 + i))
      + '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178';
    expect(widthOf(winAnsi, 'Helvetica', 1000)).toBe(118723);
    expect(widthOf(winAnsi, 'Helvetica-Bold', 1000)).toBe(123009);
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
