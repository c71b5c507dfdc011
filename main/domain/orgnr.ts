/** Norwegian organisation number: 9 digits, MOD11 with weights 3,2,7,6,5,4,3,2 (domain-norway.md section 2). */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

const NINE_DIGITS = /^\d{9}$/;

export function normaliseOrgNumber(input: string): string {
  if (NINE_DIGITS.test(input)) return input; // the usual form: nothing to strip
  return input.replace(/[\s.]/g, '').replace(/MVA$/i, '');
}

export function isValidOrgNumber(input: string): boolean {
  const s = normaliseOrgNumber(input);
  if (!NINE_DIGITS.test(s) || s === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += WEIGHTS[i] * (s.charCodeAt(i) - 48);
  const r = sum % 11;
  if (r === 1) return false;
  const check = r === 0 ? 0 : 11 - r;
  return check === Number(s[8]);
}
