/**
 * A sort key whose plain byte order (what SQLite and PostgreSQL's "C" collation compare) is Norwegian alphabetical
 * order: case-insensitive, accents ignored (é sorts as e), and æ, ø, å last, in that order (Unicode puts å first).
 */
export function norwegianSortKey(name: string): string {
  return name
    .toLocaleLowerCase('nb-NO')
    .replace(/[æäøöå]/g, (c) => ({ æ: '{', ä: '{', ø: '|', ö: '|', å: '}' })[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();
}
