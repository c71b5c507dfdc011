/**
 * What a person must not see in the Norwegian build: ISO dates, raw error codes, English words and developer text.
 * Used on e-mails (mail-words.test.ts) and on every screen (test/e2e/words.e2e.test.ts).
 */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** Catalogue codes are SHOUTING_WITH_UNDERSCORES; Node's are E + capitals (ECONNREFUSED). */
const CODE = /\b(?:[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+|E(?:CONN[A-Z]+|NOTFOUND|TIMEDOUT|AUTH|SOCKET|ADDRINUSE))\b/g;
/** English words that have no business in a Norwegian text (whole words; Norwegian has none of them). */
const ENGLISH = /\b(?:invoice|invoices|reminder|refund|refunded|payment|payments|credit note|due date|amount|dear|regards|error|failed|pending|undefined|null|NaN|Infinity|true|false|connect|request|response|object Object)\b/gi;
/** Developer notation: HTTP verbs with a path or body shape, JSON braces. */
const DEV = /\b(?:GET|POST|PUT|DELETE) (?:\/|\{)|\{\s*\w+\s*,\s*\w+\s*\}/g;

export function foreignWords(text: string): string[] {
  const found: string[] = [];
  for (const [what, re] of [['ISO date', ISO_DATE], ['code', CODE], ['English', ENGLISH], ['developer text', DEV]] as const) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      found.push(`${what} "${m[0]}" in …${text.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}
