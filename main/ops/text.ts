import { errorMessage } from './error-codes.js';
import type { TSchema } from '@sinclair/typebox';
import { PRINTABLE_KEYWORD } from './printable.js';

/**
 * What every operation's schemas are hardened with before they are compiled (validate.ts), so that no operation can
 * forget it:
 * - an object that does not say otherwise refuses unknown fields (`additionalProperties: false`); a deliberately open
 *   object says `additionalProperties: true` (or gives a schema for them);
 * - every string is text: no control characters except tab, line feed and carriage return, no U+FFFE/U+FFFF and no
 *   lone surrogates (none of them can be written to XML, EHF included, and none belongs in an invoice).
 */
export const TEXT_KEYWORD = 'kvittText';
/** On an object: names of read-only fields of a read shape that clients may send back; accepted, then removed. */
export const READ_BACK_KEYWORD = 'kvittReadBack';

// C0 controls but TAB, LF, CR; DEL and the C1 controls; the noncharacters U+FFFE and U+FFFF; lone surrogates.
// Any character that might be bad, as one character class (fast); only a string that has one is checked in full.
export const MAYBE_BAD_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/;
export const BAD_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hex = (code: number) => 'U+' + code.toString(16).toUpperCase().padStart(4, '0');

/** Null when `s` is acceptable text, otherwise a message naming the first bad character. */
export function textProblem(s: string): string | null {
  const at = textAt(s);
  return at && errorMessage('CONTROL_CHARACTERS', at);
}

/** Null when `s` is acceptable text, otherwise the first bad character (U+XXXX) and its position from 1. */
export function textAt(s: string): { char: string; position: number; surrogate?: 1 } | null {
  const m = BAD_TEXT.exec(s);
  if (!m) return null;
  const code = m[0].charCodeAt(0);
  return { char: hex(code), position: m.index + 1, ...(code >= 0xd800 && code <= 0xdfff ? { surrogate: 1 as const } : {}) };
}

/** True when `s` holds only characters XML 1.0 can carry (and no other control characters). */
export const isCleanText = (s: string) => !BAD_TEXT.test(s);

/** `s` with every character text may not hold removed (for writers that must never emit one, e.g. EHF). */
export function cleanText(s: string): string {
  return BAD_TEXT.test(s) ? s.replace(new RegExp(BAD_TEXT.source, 'g'), '') : s;
}

const hardenedOf = new WeakMap<object, TSchema>();

/** A copy of the schema with the rules above applied at every level (cached per schema object). */
export function hardened(schema: TSchema): TSchema {
  let h = hardenedOf.get(schema);
  if (!h) {
    h = harden(schema, false, false) as TSchema;
    hardenedOf.set(schema, h);
  }
  return h;
}

/** `printed`: inside a schema marked Printed (printable.ts), so every string gets the printable keyword. */
function harden(node: unknown, inAllOf: boolean, inPrinted: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => harden(n, inAllOf, inPrinted));
  if (node === null || typeof node !== 'object') return node;
  const src = node as Record<string, unknown>;
  const printed = inPrinted || src[PRINTABLE_KEYWORD] === true;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions') {
      out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, s]) => [name, harden(s, false, printed)]));
    } else if (k === 'items' || k === 'prefixItems' || k === 'anyOf' || k === 'oneOf' || k === 'not' || k === 'additionalProperties' || k === 'contains') {
      out[k] = harden(v, false, printed);
    } else if (k === 'allOf') {
      out[k] = harden(v, true, printed);
    } else {
      out[k] = v;
    }
  }
  const types = Array.isArray(src.type) ? src.type : [src.type];
  // Inside allOf each part sees only its own properties; refusing the others there would refuse valid input.
  if ((types.includes('object') || 'properties' in src) && !inAllOf && src.additionalProperties === undefined && !('patternProperties' in src) && !('unevaluatedProperties' in src)) {
    out.additionalProperties = false;
  }
  if (types.includes('string')) out[TEXT_KEYWORD] = true;
  if (printed) {
    if (types.includes('string')) out[PRINTABLE_KEYWORD] = true;
    else delete out[PRINTABLE_KEYWORD];
  }
  return out;
}
