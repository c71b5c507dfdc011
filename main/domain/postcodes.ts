/**
 * Norway's postcode register (Posten's list, shipped with the app through the npm package norway-postal-codes, a plain
 * data file: postcode -> poststed in capitals). Used by the customer form (Poststed filled in from Postnummer, an unknown
 * postcode flagged) and by the recipients service (a Norwegian city is stored as the register writes it).
 */
import register from 'norway-postal-codes';

const codes = register as Record<string, string>;

/** The poststed of a Norwegian postcode, or null when the register has no such postcode. */
export function postPlace(zip: string | null | undefined): string | null {
  const z = (zip ?? '').trim();
  return /^\d{4}$/.test(z) ? (codes[z] ?? null) : null;
}
