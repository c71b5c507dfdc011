import i18n from 'i18next';

/**
 * The GUI's one number, money and date formatter (Intl), in the GUI's language: Norwegian bokmål
 * "1 234,50" and "15.03.2026", English "1,234.50" and "15/03/2026". Norwegian text uses normal spaces
 * and a hyphen minus (money cells use white-space: nowrap; people copy figures into spreadsheets).
 */
export type Lang = 'nb' | 'en';

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'nb');
const localeOf = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'nb-NO');

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, f);
  }
  return f;
}

/** Intl's narrow no-break spaces and minus sign as plain characters. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

/** A number with minDecimals..maxDecimals decimals; a value that rounds to zero shows no minus sign. */
export function formatNumber(value: number | null | undefined, minDecimals = 0, maxDecimals = minDecimals, lang: Lang = currentLang()): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const f = numberFormat(lang, minDecimals, maxDecimals);
  const text = f.format(value);
  return plain(/[1-9]/.test(text) ? text : f.format(Math.abs(value)));
}

/** 12345.67 -> "12 345,67". */
export const formatMoney = (value: number | null | undefined, decimals = 2, lang: Lang = currentLang()): string =>
  formatNumber(value, decimals, decimals, lang);

/** Øre -> "12 345,67". */
export const formatOre = (ore: number, lang: Lang = currentLang()): string => formatMoney(ore / 100, 2, lang);

/** A quantity: up to 3 decimals, no trailing zeros ("1,5", "2", "0,125"). */
export const formatQuantity = (value: number | null | undefined, lang: Lang = currentLang()): string => formatNumber(value, 0, 3, lang);

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2026-03-15" (or an ISO time stamp) -> "15.03.2026"; text that is no date comes back unchanged. */
export function formatDate(iso: string | null | undefined, lang: Lang = currentLang()): string {
  if (!iso) return '';
  const m = ISO_DAY.exec(iso);
  if (!m) return iso;
  let f = dateFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(lang), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(lang, f);
  }
  return f.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** "2026-03-15 14:05" (the history's local time) -> "15.03.2026 14:05". */
export function formatDateTime(s: string | null | undefined, lang: Lang = currentLang()): string {
  if (!s) return '';
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(s);
  if (!m) return s;
  return m[2] ? `${formatDate(m[1], lang)} ${m[2]}` : formatDate(m[1], lang);
}

/** The local clock time of an instant: "14:05". */
export function formatTime(instant: string | number | Date, lang: Lang = currentLang()): string {
  const d = new Date(instant);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(localeOf(lang), { hour: '2-digit', minute: '2-digit', hour12: false });
}

/** The name of a month (0 = January) in the GUI's language: "mars", "March". */
export function monthName(month0: number, lang: Lang = currentLang()): string {
  return new Date(Date.UTC(2000, month0, 1)).toLocaleDateString(localeOf(lang), { month: 'long', timeZone: 'UTC' });
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
