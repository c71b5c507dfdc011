/**
 * A sort key whose plain byte order (what SQLite and PostgreSQL's "C" collation compare) is Norwegian alphabetical
 * order: case-insensitive, accents ignored (é sorts as e), and æ, ø, å last, in that order (Unicode puts å first).
 */
export function norwegianSortKey(name: string): string {
  // Plain ASCII (most names) has no letters to fold or accents to drop. toLowerCase is toLocaleLowerCase('nb-NO'):
  // only Turkish, Azeri and Lithuanian case differently.
  if (ASCII.test(name)) return name.toLowerCase().trim();
  return name
    .toLowerCase()
    .replace(NORDIC, (c) => LAST[c] ?? c)
    .normalize('NFD')
    .replace(COMBINING, '')
    .trim();
}

const ASCII = /^[\x00-\x7f]*$/;
const NORDIC = /[æäøöå]/g;
const COMBINING = /[\u0300-\u036f]/g;
const LAST: Record<string, string> = { æ: '{', ä: '{', ø: '|', ö: '|', å: '}' };
