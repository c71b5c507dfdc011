/**
 * Money in the GUI: lenient parsing of what people type
 * (decimal comma, spaces as thousands separators) and the same integer øre arithmetic as the service
 * (line net rounded once, VAT per rate from the rounded nets) for live totals. The service computes the
 * real figures on save and issue.
 */
import { computeTotals as domainTotals, lineNet, type LineAmountsInput } from '../../../main/domain/totals';

export { formatAccount, formatDate, formatDateTime, formatMoney, formatOre, formatOrgNumber, formatPhone, formatQuantity } from './format';

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

const scaled = (v: number, decimals: number) => Math.round(v * 10 ** decimals);

export interface LineFigures {
  quantity: number;
  unitPrice: number;
  discount: number;
  taxRate: number;
}

/** The service's integer form of a line typed in the GUI (thousandths, øre, hundredths of a percent). */
const toDomain = (l: LineFigures): LineAmountsInput => ({
  quantityMilli: scaled(l.quantity, 3),
  unitPriceOre: scaled(l.unitPrice, 2),
  discountHundredths: scaled(l.discount, 2),
  taxRateHundredths: scaled(l.taxRate, 2),
  vatCategory: 'S',
});

/** Net of one line in øre: quantity x price less discount, rounded once (main/domain/totals.ts). */
export const lineNetOre = (l: LineFigures): number => {
  const d = toDomain(l);
  return lineNet(d.quantityMilli, d.unitPriceOre, d.discountHundredths);
};

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

/** Live totals for display with the service's own rules (main/domain/totals.ts); figures past what the service accepts show as blank. */
export function computeTotals(lines: LineFigures[]): Totals {
  try {
    const t = domainTotals(lines.map(toDomain));
    return { lines: t.lines.map((l) => l.netOre), vat: t.vat.map((g) => ({ taxRate: g.taxRateHundredths / 100, baseOre: g.baseOre, taxOre: g.taxOre })), netOre: t.netOre, taxOre: t.taxOre, totalOre: t.totalOre };
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return { lines: lines.map(() => Number.NaN), vat: [], netOre: Number.NaN, taxOre: Number.NaN, totalOre: Number.NaN };
  }
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
