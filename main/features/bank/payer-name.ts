/**
 * Whether a payer's name as the bank gives it ("NORDMANN OLA", "Fjord Bygg A/S") is a customer's name ("Ola Nordmann",
 * "Fjord Bygg AS"): the words compared as sets, case, punctuation and company forms (AS, ASA, ANS, DA, ENK, SA, NUF, AB)
 * left out; one name's words all found in the other's (at least one word of 3 letters or more).
 */
const FORMS = new Set(['as', 'asa', 'ans', 'da', 'enk', 'sa', 'nuf', 'ab', 'ltd', 'a/s', 'ba', 'ks']);

export function nameWords(name: string | null | undefined): string[] {
  if (!name) return [];
  const words = name
    .toLowerCase()
    .replace(/a\/s/g, 'as')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FORMS.has(w));
  return [...new Set(words)];
}

export function namesMatch(payer: string | null | undefined, customer: string | null | undefined): boolean {
  const a = nameWords(payer);
  const b = nameWords(customer);
  if (!a.length || !b.length) return false;
  const [small, large] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  return small.some((w) => w.length >= 3) && small.every((w) => large.has(w));
}

/** The longest word of a name: what a SQL LIKE narrows the customers by before namesMatch decides. */
export const longestWord = (name: string | null | undefined) => nameWords(name).sort((x, y) => y.length - x.length)[0] ?? null;
