/**
 * The fast TrueType subsetter writes exactly the bytes of the straightforward one (test/render/ttf-subset-reference.ts),
 * for any set of glyphs of each of the four embedded fonts: composites (accented letters), the last glyph, .notdef only,
 * glyphs past the font's hmtx long metrics, and random sets.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FONT_NAMES, loadFont } from '../../main/render/pdf/direct/fonts.js';
import { subsetTtf } from '../../main/render/pdf/direct/ttf-subset.js';
import { referenceSubsetTtf } from './ttf-subset-reference.js';

describe.each(FONT_NAMES)('%s', (name) => {
  const f = loadFont(name);
  const { numGlyphs, numberOfHMetrics } = f.ttf;
  const glyphs = (text: string) => [...text].map((c) => f.font.glyphForCodePoint(c.codePointAt(0)!).id);

  test("an invoice's letters, accented and composite ones, Sami, Greek and Cyrillic: the same bytes", () => {
    for (const text of ['Faktura 10001 Fjord Bygg AS 0123456789,.-', 'ÆØÅæøå ÉÈÊËéèêë ÄÖÜäöüß', 'čđŋšŧž ČĐŊŠŦŽ', 'Ωαβγ Жжшщ', '']) {
      const ids = glyphs(text);
      expect(subsetTtf(f.ttf, ids).equals(referenceSubsetTtf(f.ttf, ids)), text).toBe(true);
    }
  });

  test('the edges: only .notdef, the last glyph, glyphs past the long metrics, an id past the font', () => {
    for (const ids of [[0], [numGlyphs - 1], [numberOfHMetrics - 1, numberOfHMetrics, numGlyphs - 1], [1, numGlyphs + 5]]) {
      expect(subsetTtf(f.ttf, ids).equals(referenceSubsetTtf(f.ttf, ids)), ids.join(',')).toBe(true);
    }
  });

  test('random glyph sets: the same bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: numGlyphs - 1 }), { maxLength: 120 }), (ids) => {
        expect(subsetTtf(f.ttf, ids).equals(referenceSubsetTtf(f.ttf, ids))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
