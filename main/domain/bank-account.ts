/** Norwegian bank account (BBAN): 11 digits, MOD11 with weights 5,4,3,2,7,6,5,4,3,2 (domain-norway.md section 3). */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

export const normaliseAccount = (s: string) => s.replace(/[\s.]/g, '');

export function isValidBankAccount(input: string): boolean {
  const s = normaliseAccount(input);
  if (!/^\d{11}$/.test(s)) return false;
  const r = WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0) % 11;
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(s[10]);
}

/** IBAN mod-97 check (ISO 13616). */
export function isValidIban(input: string): boolean {
  const s = input.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(s)) return false;
  const moved = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of moved) rem = (rem * 10 + Number(ch)) % 97;
  return rem === 1;
}

/**
 * The IBAN of a Norwegian account number: a fixed conversion (ISO 13616): "NO", two check digits (98 - the mod-97 of
 * the account followed by "NO00" as digits, 2324 00), then the 11 digits. 8601 11 17947 -> NO93 8601 1117 947.
 * null when the account is not 11 digits.
 */
export function ibanFromAccount(account: string | null | undefined): string | null {
  const s = normaliseAccount(account ?? '');
  if (!/^\d{11}$/.test(s)) return null;
  let rem = 0;
  for (const ch of `${s}232400`) rem = (rem * 10 + Number(ch)) % 97;
  return `NO${String(98 - rem).padStart(2, '0')}${s}`;
}
