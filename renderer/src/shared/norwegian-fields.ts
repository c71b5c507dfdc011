import { isValidBankAccount, isValidIban } from '../../../main/domain/bank-account';
import { isValidOrgNumber } from '../../../main/domain/orgnr';
import { postPlace } from '../../../main/domain/postcodes';
import { fieldErrorText } from '../i18n/error-messages';
import { formatAccount, formatOrgNumber } from './format';

/**
 * The numbers a form checks as soon as the field is left, by the service's own rules (main/domain) and in the service's
 * own words (the error code's text): the organisation number (9 digits, MOD11), the bank account (11 digits, MOD11) and
 * the IBAN (mod 97). The service still checks on save; this only tells the person earlier. Used by Settings → Firma and
 * the customer form.
 */
const RULES = {
  orgNumber: { valid: isValidOrgNumber, code: 'INVALID_ORG_NUMBER', format: formatOrgNumber },
  bankAccount: { valid: isValidBankAccount, code: 'INVALID_ACCOUNT', format: formatAccount },
  iban: { valid: isValidIban, code: 'INVALID_IBAN', format: (v: string) => formatIban(v) },
} as const;

/** An IBAN as it is printed: capitals in groups of four ("NO93 8601 1117 947"); other text unchanged. */
export function formatIban(iban: string | null | undefined): string {
  if (!iban) return '';
  const s = iban.replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s) ? s.replace(/(.{4})(?=.)/g, '$1 ') : iban;
}

export type NorwegianNumber = keyof typeof RULES;

/**
 * A number field left with `value`: `error` is the message to show beside it (null: fine or empty), `value` what the
 * field should now hold (written as Norwegians write it when right: "923 609 016", "8601 11 17947"; else unchanged).
 */
export function checkNumber(kind: NorwegianNumber, value: string): { error: string | null; value: string } {
  const rule = RULES[kind];
  const v = value.trim();
  if (v === '') return { error: null, value };
  if (!rule.valid(v)) return { error: fieldErrorText({ code: rule.code, message: '' }), value };
  return { error: null, value: rule.format(v) };
}

/** `errors` with the message at `path` replaced (null: removed). */
export function withFieldError(errors: Record<string, string>, path: string, error: string | null): Record<string, string> {
  const rest = { ...errors };
  delete rest[path];
  return error ? { ...rest, [path]: error } : rest;
}

/** An address in Norway (no country given counts as Norway): its postcode has a Poststed in the register. */
export const isNorway = (country: string | null | undefined) => !country || ['NORGE', 'NO', 'NOR', 'NORWAY'].includes(country.trim().toUpperCase());

/**
 * A postcode typed in a Norwegian address: `place` the Poststed to fill in (null: leave the field alone) and `unknown`
 * when it is four digits the register does not know, or, once the field is `left`, anything but four digits (a "155"
 * from a spreadsheet that dropped the leading zero of 0155): pointed out beside the field.
 */
export function zipLookup(zip: string, country: string | null | undefined, left = false): { place: string | null; unknown: boolean } {
  if (!isNorway(country)) return { place: null, unknown: false };
  const z = zip.trim();
  const place = postPlace(z);
  const fourDigits = /^\d{4}$/.test(z);
  return { place, unknown: place === null && (fourDigits || (left && z !== '')) };
}

/** Values compared for "changed since opened": the numbers by their digits, so rewriting "923609016" as "923 609 016" is no change. */
export function comparableNumbers<V extends object>(values: V, keys: (keyof V)[]): V {
  const out = { ...values };
  for (const k of keys) if (typeof out[k] === 'string') out[k] = (out[k] as string).replace(/[\s.]/g, '') as V[typeof k];
  return out;
}
