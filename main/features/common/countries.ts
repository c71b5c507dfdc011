import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const requireJson = createRequire(import.meta.url);
countries.registerLocale(requireJson('i18n-iso-countries/langs/nb.json'));

/** Norwegian bokmål country names in upper case (as the original service shows them), keyed by ISO alpha-2. */
const byCode = new Map<string, string>();
const byName = new Map<string, string>();
for (const [code, name] of Object.entries(countries.getNames('nb', { select: 'official' }))) {
  const upper = name.toLocaleUpperCase('nb-NO');
  byCode.set(code, upper);
  byName.set(upper, code);
}
// Common alternative spellings users type.
for (const [alias, code] of [['NORWAY', 'NO'], ['SWEDEN', 'SE'], ['DENMARK', 'DK'], ['STORBRITANNIA', 'GB'], ['USA', 'US']] as const) {
  if (!byName.has(alias)) byName.set(alias, code);
}

export const DEFAULT_COUNTRY = 'NO';

/** Accepts a Norwegian name (any case) or an ISO alpha-2 code; returns the alpha-2 code or null. */
export function countryCode(input: string): string | null {
  let code = looked.get(input);
  if (code === undefined) {
    code = lookUp(input);
    if (looked.size >= 2000) looked.clear();
    looked.set(input, code);
  }
  return code;
}

/** Batches name the same few countries thousands of times: remember the answers per exact input. */
const looked = new Map<string, string | null>();

function lookUp(input: string): string | null {
  // toUpperCase is toLocaleUpperCase('nb-NO'): only Turkish, Azeri and Lithuanian case differently.
  const s = input.trim().toUpperCase();
  if (byName.has(s)) return byName.get(s)!;
  if (/^[A-Z]{2}$/.test(s) && byCode.has(s)) return s;
  return null;
}

export function countryName(code: string): string {
  return byCode.get(code) ?? code;
}

export function allCountries(): Array<{ code: string; name: string }> {
  return [...byCode.entries()].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'nb'));
}
