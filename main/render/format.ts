/**
 * Norwegian formatting helpers shared by all document writers (PDF, e-mail, reports).
 * Pure functions; money is integer øre (minor unit), quantities integer thousandths.
 *
 * Grouping uses U+00A0 NO-BREAK SPACE: it never breaks a number across lines and it exists in the
 * WinAnsi encoding of the PDF standard fonts (a thin space U+2009 does not).
 */
export const NBSP = '\u00a0';

function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * 1234567 -> "12 345,67"; with currency: "12 345,67 NOK". Negative amounts get a leading "-".
 * Grouping is a no-break space.
 */
export function formatMoney(ore: number, currency?: string | null): string {
  if (!Number.isInteger(ore)) throw new Error(`formatMoney: amount must be integer øre, got ${ore}`);
  const negative = ore < 0;
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100);
  const cents = abs % 100;
  const text = `${negative ? '-' : ''}${groupDigits(String(kroner))},${String(cents).padStart(2, '0')}`;
  return currency ? `${text}${NBSP}${currency}` : text;
}

/** Amount as a plain machine decimal with exactly two decimals: 123456 -> "1234.56". */
export function formatDecimal2(ore: number): string {
  if (!Number.isInteger(ore)) throw new Error(`formatDecimal2: amount must be integer øre, got ${ore}`);
  const abs = Math.abs(ore);
  return `${ore < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Splits integer thousandths (or hundredths) into integer part and trimmed fraction digits. */
function splitFixed(value: number, scale: 100 | 1000): { negative: boolean; whole: string; fraction: string } {
  if (!Number.isInteger(value)) throw new Error(`expected an integer, got ${value}`);
  const abs = Math.abs(value);
  const width = scale === 1000 ? 3 : 2;
  const fraction = String(abs % scale).padStart(width, '0').replace(/0+$/, '');
  return { negative: value < 0, whole: String(Math.floor(abs / scale)), fraction };
}

/** Quantity in thousandths, Norwegian style: 1500 -> "1,5", 2000 -> "2", 1234500 -> "1 234,5". */
export function formatQuantity(milli: number): string {
  const { negative, whole, fraction } = splitFixed(milli, 1000);
  return `${negative ? '-' : ''}${groupDigits(whole)}${fraction ? `,${fraction}` : ''}`;
}

/** Quantity in thousandths as a machine decimal (up to 3 decimals): 1500 -> "1.5". */
export function formatQuantityDecimal(milli: number): string {
  const { negative, whole, fraction } = splitFixed(milli, 1000);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Percent in hundredths, Norwegian style: 2500 -> "25", 1250 -> "12,5". */
export function formatPercent(hundredths: number): string {
  const { negative, whole, fraction } = splitFixed(hundredths, 100);
  return `${negative ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}`;
}

/** Percent in hundredths as a machine decimal: 2500 -> "25", 1250 -> "12.5". */
export function formatPercentDecimal(hundredths: number): string {
  const { negative, whole, fraction } = splitFixed(hundredths, 100);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * "923609016" -> "923 609 016"; with vatRegistered: "923 609 016 MVA".
 * Anything that is not 9 digits is returned trimmed, unchanged (plus " MVA" when asked).
 */
export function formatOrgNumber(orgNumber: string, vatRegistered = false): string {
  const digits = orgNumber.replace(/\s+/g, '');
  const base = /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : orgNumber.trim();
  return vatRegistered ? `${base} MVA` : base;
}

/** Norwegian BBAN "86011117947" -> "8601 11 17947"; other input returned trimmed. */
export function formatAccount(account: string): string {
  const digits = account.replace(/[\s.]+/g, '');
  if (/^\d{11}$/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`;
  return account.trim();
}

/** IBAN in groups of four: "NO9386011117947" -> "NO93 8601 1117 947". */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO date (or date-time) "2026-01-15" -> "15.01.2026"; null/empty -> "". Unparseable input is returned as is. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** True for organisation forms that must print "Foretaksregisteret" (AS, ASA, NUF: branch of a foreign company). */
export function needsForetaksregisteret(orgForm: string | null | undefined): boolean {
  return !!orgForm && ['as', 'asa', 'nuf'].includes(orgForm.trim().toLowerCase());
}
