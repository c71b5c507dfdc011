import { describe, expect, it } from 'vitest';
import type { FontName } from '../../../main/render/pdf/direct/display-list';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkitModule from '@pdf-lib/fontkit';
import { fontDir, FONT_NAMES } from '../../../main/render/pdf/direct/fonts';
import { lineHeightOf, widthOf } from '../../../main/render/pdf/direct/metrics';

const fontkit = ((fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;
import { drawLines, layoutText, type Span } from '../../../main/render/pdf/direct/text-layout';

const span = (text: string, size = 10, font: FontName = 'DejaVuSansCondensed'): Span => ({ text, font, size, color: '#000000' });
const texts = (spans: Span[], width: number) => layoutText(spans, width).map((l) => l.runs.map((r) => r.text).join(''));

describe('metrics', () => {
  it('glyph widths are DejaVu Sans Condensed\'s own advance widths (whole 1/1000 em, no kerning), read from the font files', () => {
    const w = (f: FontName, chars: string) => [...chars].map((c) => widthOf(c, f, 1000));
    for (const f of FONT_NAMES) {
      const font = fontkit.create(readFileSync(path.join(fontDir(), `${f}.ttf`)));
      const chars = ' AaWÅæø€–—r1ČčŊŋŦŧΩωЖж';
      expect(w(f, chars), f).toEqual([...chars].map((c) => Math.round((font.glyphForCodePoint(c.codePointAt(0)!).advanceWidth * 1000) / font.unitsPerEm)));
    }
    expect(w('DejaVuSansCondensed', ' Aa1')).toEqual([286, 615, 551, 572]);
    // bold is wider than regular; oblique as wide as upright
    expect(widthOf('Faktura', 'DejaVuSansCondensed-Bold', 10)).toBeGreaterThan(widthOf('Faktura', 'DejaVuSansCondensed', 10));
    expect(w('DejaVuSansCondensed-Oblique', 'AaWÅ')).toEqual(w('DejaVuSansCondensed', 'AaWÅ'));
    // a character the font lacks is drawn as '?' and measured so
    expect(widthOf('\u4e2d', 'DejaVuSansCondensed', 10)).toBe(widthOf('?', 'DejaVuSansCondensed', 10));
    expect(lineHeightOf('DejaVuSansCondensed', 10)).toBeCloseTo(9.25, 6);
  });
});

describe('layoutText', () => {
  it('breaks at spaces within the width; trailing spaces do not count', () => {
    const w = widthOf('Rådgivning og', 'DejaVuSansCondensed', 10);
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
    for (const l of cut) expect(widthOf(l, 'DejaVuSansCondensed', 10)).toBeLessThanOrEqual(60);
  });

  it('mixed sizes share a line: height of the tallest, one baseline; right alignment ends at the edge', () => {
    const lines = layoutText([{ ...span('KONS  ', 7.5), color: '#5f6b7a' }, { ...span('Rådgivning', 8.5), lineHeight: 1.05 }], 200);
    expect(lines).toHaveLength(1);
    expect(lines[0].height).toBeCloseTo(0.925 * 8.5 * 1.05, 6);
    const items: Array<{ x: number; y: number; text: string; size: number }> = [];
    drawLines(items, lines, 10, 100, 200, 'right');
    expect(new Set(items.map((i) => i.y)).size).toBe(1);
    const last = items[items.length - 1];
    expect(last.x + widthOf(last.text, 'DejaVuSansCondensed', last.size)).toBeCloseTo(210, 6);
  });
});
