/**
 * Display-side money helpers: Norwegian formatting (12 345,67), lenient parsing of what people type
 * (decimal comma, spaces as thousands separators) and the same integer øre arithmetic as the service
 * (line net rounded once, VAT per rate from the rounded nets) for live totals. The service computes the
 * real figures on save and issue.
 */

/** 12345.67 -> "12 345,67" (normal spaces; money cells use white-space: nowrap). */
export function formatMoney(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const neg = value < 0;
  const fixed = Math.abs(value).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const text = frac ? `${grouped},${frac}` : grouped;
  return neg && Number(fixed) !== 0 ? `-${text}` : text;
}

/** Øre -> "12 345,67". */
export const formatOre = (ore: number) => formatMoney(ore / 100);

/** A quantity: up to 3 decimals, no trailing zeros ("1,5", "2", "0,125"). */
export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const text = formatMoney(value, 3).replace(/,?0+$/, '');
  return text === '' || text === '-' ? '0' : text;
}

/** "1 234,50", "1234.5", "-3" -> number; "" -> null; garbage -> NaN. */
export function parseDecimal(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/\u2212/g, '-');
  if (s === '') return null;
  let normal = s;
  if (s.includes(',')) normal = s.replace(/\./g, '').replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return Number.NaN;
  return Number(normal);
}

/** A number as an editable text with a decimal comma ("1234.5" -> "1234,5"). */
export function toInputText(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined) return '';
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}

/** Half away from zero, the service's rounding. */
function roundDiv(num: bigint, den: bigint): bigint {
  const neg = num < 0n;
  const a = neg ? -num : num;
  let q = a / den;
  if ((a % den) * 2n >= den) q += 1n;
  return neg ? -q : q;
}

const scaled = (v: number, decimals: number) => Math.round(v * 10 ** decimals);

export interface LineFigures {
  quantity: number;
  unitPrice: number;
  discount: number;
  taxRate: number;
}

/** Net of one line in øre: quantity x price less discount, rounded once. */
export function lineNetOre(l: LineFigures): number {
  const q = BigInt(scaled(l.quantity, 3));
  const p = BigInt(scaled(l.unitPrice, 2));
  const d = BigInt(10_000 - scaled(l.discount, 2));
  return Number(roundDiv(q * p * d, 10_000_000n));
}

export interface VatRow {
  taxRate: number;
  baseOre: number;
  taxOre: number;
}

export interface Totals {
  lines: number[];
  vat: VatRow[];
  netOre: number;
  taxOre: number;
  totalOre: number;
}

/** Live totals for display: per VAT rate from the sum of rounded line nets. */
export function computeTotals(lines: LineFigures[]): Totals {
  const nets = lines.map(lineNetOre);
  const byRate = new Map<number, number>();
  lines.forEach((l, i) => byRate.set(l.taxRate, (byRate.get(l.taxRate) ?? 0) + nets[i]));
  const vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([taxRate, baseOre]) => ({ taxRate, baseOre, taxOre: Number(roundDiv(BigInt(baseOre) * BigInt(scaled(taxRate, 2)), 10_000n)) }));
  const netOre = nets.reduce((a, b) => a + b, 0);
  const taxOre = vat.reduce((a, v) => a + v.taxOre, 0);
  return { lines: nets, vat, netOre, taxOre, totalOre: netOre + taxOre };
}

/** "2026-03-15" -> "15.03.2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** Today in the local time zone as YYYY-MM-DD. */
let serviceToday: string | null = null;

/** The service's "today" (it honours KVITT_TODAY); set once when the app starts. */
export function setServiceToday(day: string): void {
  serviceToday = day;
}

export function todayIso(): string {
  if (serviceToday) return serviceToday;
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The number at the end of a Location path ("/invoices/drafts/7" -> 7). */
export function numberFromLocation(location: string | null | undefined): number | null {
  const m = /(\d+)\/?$/.exec(location ?? '');
  return m ? Number(m[1]) : null;
}

/** A Norwegian organisation number as people write it: 923 609 016. */
export function formatOrgNumber(n: string | null | undefined): string {
  if (!n) return '';
  const d = n.replace(/[\s.]/g, '');
  return /^\d{9}$/.test(d) ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : n;
}

/** A Norwegian phone number (8 digits, optionally +47/0047 first) as people write it: 22 62 00 02, +47 22 62 00 02. */
export function formatPhone(n: string | null | undefined): string {
  if (!n) return '';
  const m = /^(?:(\+47|0047))?(\d{8})$/.exec(n.replace(/[\s.-]/g, ''));
  if (!m) return n;
  const d = m[2];
  const local = /^[49]/.test(d) ? `${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}` : `${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6)}`;
  return m[1] ? `+47 ${local}` : local;
}

/** A Norwegian bank account "86011117947" -> "8601 11 17947" (other formats unchanged). */
export function formatAccount(account: string | null | undefined): string {
  if (!account) return '';
  const digits = account.replace(/[\s.]/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}` : account;
}
