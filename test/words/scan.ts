/**
 * What a person must not see: in the Norwegian build ISO dates, raw error codes, English words and developer text; in
 * the English build Norwegian words where the GUI has an English text. Used on e-mails (mail-words.test.ts) and on
 * every screen (test/e2e/screen-scan.e2e.test.ts, test/e2e/words.e2e.test.ts).
 */
import { errorTexts } from '../../renderer/src/i18n/errors.i18n';
import { featureTexts } from '../../renderer/src/i18n/features';
import { shell } from '../../renderer/src/i18n/shell.i18n';

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** Catalogue codes are SHOUTING_WITH_UNDERSCORES; Node's are E + capitals (ECONNREFUSED). */
const CODE = /\b(?:[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+|E(?:CONN[A-Z]+|NOTFOUND|TIMEDOUT|AUTH|SOCKET|ADDRINUSE))\b/g;
/** English words that have no business in a Norwegian text (whole words; Norwegian has none of them). */
const ENGLISH = /\b(?:invoice|invoices|reminder|refund|refunded|payment|payments|credit note|due date|amount|dear|regards|error|failed|pending|undefined|null|NaN|Infinity|true|false|connect|request|response|object Object)\b/gi;
/** Developer notation: HTTP verbs with a path or body shape, JSON braces. */
const DEV = /\b(?:GET|POST|PUT|DELETE) (?:\/|\{)|\{\s*\w+\s*,\s*\w+\s*\}/g;

/**
 * The GUI's own words, from its text files (Norwegian bokmål and English): a word of four letters or more that only one
 * language's texts use. "lagre", "forfall", "kunde" are Norwegian only; "save", "due", "customer" English only. A word
 * both use ("Status", "Bank", "Send", "Logo") says nothing and is left out.
 */
const texts = { nb: { ...shell.nb, ...featureTexts.nb, ...errorTexts.nb }, en: { ...shell.en, ...featureTexts.en, ...errorTexts.en } };
const wordsOf = (s: string) => (s.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}{4,}/gu) ?? []).map((w) => w.toLowerCase());
const vocabulary = (lang: 'nb' | 'en') => new Set(Object.values(texts[lang] as Record<string, string>).flatMap(wordsOf));
const nbWords = vocabulary('nb');
const enWords = vocabulary('en');
/** Words of the GUI's Norwegian texts that no English text has. */
export const NORWEGIAN_ONLY = new Set([...nbWords].filter((w) => !enWords.has(w)));
/** Words of the GUI's English texts that no Norwegian text has. */
export const ENGLISH_ONLY = new Set([...enWords].filter((w) => !nbWords.has(w)));

/** Addresses, links and file names are names, not words of either language. */
const NAMES = /\S+@\S+|https?:\/\/\S+|\b[\w.-]+\.(?:pdf|xml|txt|csv|xlsx|zip|sqlite|png)\b/gi;

function wordsFrom(vocabulary: Set<string>, what: string, text: string): string[] {
  const found: string[] = [];
  const clean = text.replace(NAMES, (m) => ' '.repeat(m.length));
  for (const m of clean.matchAll(/\p{L}{4,}/gu)) {
    if (!vocabulary.has(m[0].toLowerCase())) continue;
    const at = m.index ?? 0;
    found.push(`${what} "${m[0]}" in …${clean.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ')}…`);
  }
  return found;
}

/** What has no business in a Norwegian text: ISO dates, codes, English words (the list above and the GUI's English-only words), developer text. */
export function foreignWords(text: string): string[] {
  const found: string[] = [];
  for (const [what, re] of [['ISO date', ISO_DATE], ['code', CODE], ['English', ENGLISH], ['developer text', DEV]] as const) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      found.push(`${what} "${m[0]}" in …${text.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  // The GUI's English-only words, but those the list above already named.
  return [...found, ...wordsFrom(ENGLISH_ONLY, 'English', text).filter((f) => !new RegExp(ENGLISH.source, 'i').test(f.split('"')[1]))];
}

/** What has no business in the English build: Norwegian words of the GUI's texts, ISO dates, codes, developer text. */
export function norwegianWords(text: string): string[] {
  const found: string[] = [];
  for (const [what, re] of [['ISO date', ISO_DATE], ['code', CODE], ['developer text', DEV]] as const) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      found.push(`${what} "${m[0]}" in …${text.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  return [...found, ...wordsFrom(NORWEGIAN_ONLY, 'Norwegian', text)];
}
