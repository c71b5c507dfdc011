/**
 * The printable rule's data (main/ops/printable-chars.ts) is what the PDF font files hold: regenerated from the four
 * DejaVu Sans Condensed files here and compared, so a font update without `node scripts/printable-chars.mjs` fails.
 * And the rule agrees with the writer: every printable character is drawn with its own glyph, never as '?'.
 */
import { describe, expect, it } from 'vitest';
import { PRINTABLE_RANGES } from '../../../main/ops/printable-chars';
import { isPrintable, unprintableAt } from '../../../main/ops/printable';
import { glyphOf, loadFont, FONT_NAMES } from '../../../main/render/pdf/direct/fonts';
// @ts-expect-error plain ESM script without types
import { printableRanges } from '../../../scripts/printable-chars.mjs';

describe('printable characters', () => {
  it('the generated ranges are the code points all four font files have', () => {
    expect([...PRINTABLE_RANGES]).toEqual((printableRanges() as number[][]).flat());
  });

  it('every printable code point has a glyph in every style; the writer draws none of them as "?"', () => {
    for (const name of FONT_NAMES) {
      const f = loadFont(name);
      const q = glyphOf(f, 0x3f).id;
      for (let i = 0; i < PRINTABLE_RANGES.length; i += 2) {
        for (let cp = PRINTABLE_RANGES[i]!; cp <= PRINTABLE_RANGES[i + 1]!; cp++) {
          if (cp !== 0x3f && glyphOf(f, cp).id === q) throw new Error(`${name}: U+${cp.toString(16)} drawn as '?'`);
        }
      }
    }
  });

  it('Norwegian, Sami, Greek, Cyrillic, €, typographic quotes and line breaks pass; emoji the font lacks and CJK do not', () => {
    for (const t of ['Blåbær Ærlig Ø', 'Čáhcesuolu Ŋ Ŧ č đ ŋ š ŧ ž', 'αβγ ΩΣ', 'Жж Щщ', '€ «» “” – — …', 'a\nb\tc\r\n', 'Ha\u030Akon']) expect(isPrintable(t), t).toBe(true);
    expect(unprintableAt('Kaffe \u{1F9FE}')).toEqual({ text: '\u{1F9FE}', char: 'U+1F9FE', position: 7 });
    expect(unprintableAt('中文')).toEqual({ text: '中', char: 'U+4E2D', position: 1 });
    expect(unprintableAt('ok \u{1F984} x')).toMatchObject({ char: 'U+1F984', position: 4 });
  });
});
