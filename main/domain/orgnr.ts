/** Norwegian organisation number: 9 digits, MOD11 with weights 3,2,7,6,5,4,3,2 (domain-norway.md section 2). */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

export function normaliseOrgNumber(input: string): string {
  return input.replace(/[\s.]/g, '').replace(/MVA$/i, '');
}

export function isValidOrgNumber(input: string): boolean {
  const s = normaliseOrgNumber(input);
  if (!/^\d{9}$/.test(s) || s === '000000000') return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  const r = sum % 11;
  if (r === 1) return false;
  const check = r === 0 ? 0 : 11 - r;
  return check === Number(s[8]);
}
