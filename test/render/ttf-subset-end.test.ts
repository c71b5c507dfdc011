/**
 * A font subset ends at the last glyph it keeps (ttf-subset.ts): a viewer reading the embedded font gets every kept
 * glyph's outline and advance exactly as in the whole font, and the subset lists no glyph past the last one used, so
 * an invoice's font file is smaller and quicker to write.
 */
import * as fontkitModule from '@pdf-lib/fontkit';
import { describe, expect, test } from 'vitest';
import { FONT_NAMES, loadFont } from '../../main/render/pdf/direct/fonts.js';
import { subsetTtf } from '../../main/render/pdf/direct/ttf-subset.js';

const fontkit = ((fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;

describe.each(FONT_NAMES)('%s', (name) => {
  const f = loadFont(name);
  const idsOf = (text: string) => [...new Set([...text].map((c) => f.font.glyphForCodePoint(c.codePointAt(0)!).id))];

  test("an invoice's text: the subset parses, ends at its last glyph and draws every kept glyph as the whole font does", () => {
    const ids = idsOf('Faktura 10023 Fjord Bygg AS Beløp å betale kr 1 234,50 Forfallsdato ÆØÅ æøå é ü Ω Ж');
    const last = Math.max(...ids);
    const sub = fontkit.create(subsetTtf(f.ttf, ids));
    expect(sub.numGlyphs).toBe(last + 1);
    expect(last + 1).toBeLessThan(f.ttf.numGlyphs);
    for (const id of ids) {
      const whole = f.font.getGlyph(id);
      const kept = sub.getGlyph(id);
      expect(kept.advanceWidth, `advance of glyph ${id}`).toBe(whole.advanceWidth);
      expect(kept.path.toSVG(), `outline of glyph ${id}`).toBe(whole.path.toSVG());
    }
  });

  test('digits only: a much shorter font than the whole one, and the unused glyphs before the last are empty', () => {
    const ids = idsOf('0123456789');
    const whole = subsetTtf(f.ttf, [...ids, f.ttf.numGlyphs - 1]);
    const digits = subsetTtf(f.ttf, ids);
    expect(digits.length).toBeLessThan(whole.length / 2);
    const sub = fontkit.create(digits);
    const unused = [...Array(Math.max(...ids)).keys()].find((g) => g > 0 && !ids.includes(g))!;
    expect(sub.getGlyph(unused).path.toSVG()).toBe('');
  });
});
