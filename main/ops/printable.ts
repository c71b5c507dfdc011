/**
 * The printable rule: text Kvitt prints on a PDF (documents, customers, products, the company's settings) may hold only
 * characters the PDF font has (main/ops/printable-chars.ts, DejaVu Sans Condensed in its four styles) and the line
 * breaks and tabs of text (other control characters are refused by the text rule, text.ts, not twice). Checked at save time by the schema keyword PRINTABLE_KEYWORD (validate.ts), so an emoji or
 * a CJK character is refused with a 400 naming the field (code CHARACTER_NOT_PRINTABLE), never dropped on paper.
 *
 * Mark what is printed with `Printed(schema)`: every string inside it carries the keyword (text.ts `hardened`).
 */
import type { TSchema } from '@sinclair/typebox';
import { PRINTABLE_RANGES } from './printable-chars.js';

/** On a string: the rule applies. On any schema: every string inside it is printed. */
export const PRINTABLE_KEYWORD = 'kvittPrintable';

/** Marks a schema as printed: every string inside it must be printable. Returns the same schema, typed as it was. */
export function Printed<T extends TSchema>(schema: T): T {
  return { ...schema, [PRINTABLE_KEYWORD]: true } as T;
}

/** Plain ASCII, Latin-1's printable half and TAB/LF/CR: all in the font (a fast path for most text). */
export const SIMPLE_PRINTABLE = /^[\t\n\r\x20-\x7e\xa0-\xff]*$/;

function covered(cp: number): boolean {
  let lo = 0;
  let hi = PRINTABLE_RANGES.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < PRINTABLE_RANGES[mid * 2]!) hi = mid - 1;
    else if (cp > PRINTABLE_RANGES[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Null when every character of `s` can be printed, else the first that cannot: itself, U+XXXX and its position from 1. */
export function unprintableAt(s: string): { text: string; char: string; position: number } | null {
  if (SIMPLE_PRINTABLE.test(s)) return null;
  let position = 0;
  for (const ch of s.normalize('NFC')) {
    position++;
    const cp = ch.codePointAt(0)!;
    // control characters, noncharacters and lone surrogates are the text rule's (text.ts): one error per character
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff || covered(cp)) continue;
    return { text: ch, char: 'U+' + cp.toString(16).toUpperCase().padStart(4, '0'), position };
  }
  return null;
}

export const isPrintable = (s: string): boolean => unprintableAt(s) === null;
