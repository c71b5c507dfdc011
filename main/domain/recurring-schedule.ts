/**
 * Recurring invoices' schedule rules (issue 26), pure: which days a series falls on and what period each occurrence
 * bills. Every occurrence is computed from the start date and its index, never from the occurrence before, so a month
 * end never drifts: a monthly series from 31 January falls on 28/29 February, 31 March, 30 April, 31 May …; a yearly
 * series from 29 February falls on 28 February in common years and on 29 February again in leap years.
 */

export type IntervalUnit = 'WEEK' | 'MONTH' | 'YEAR';
export type PeriodLanguage = 'nb' | 'en';

export interface Schedule {
  unit: IntervalUnit;
  /** 1..24 units between occurrences. */
  every: number;
  /** YYYY-MM-DD, the first occurrence. */
  startDate: string;
  /** The last day an occurrence may fall on (inclusive), or null. */
  endDate?: string | null;
  /** How many occurrences there are in all, or null. */
  count?: number | null;
}

export const MAX_EVERY = 24;
/** The longest text a `{periode}` can become ("september 2026–november 2027", "uke 52 2026–uke 2 2027"). */
export const MAX_PERIOD_TEXT = 32;
export const PERIOD_PLACEHOLDER = '{periode}';

const MONTHS: Record<PeriodLanguage, string[]> = {
  nb: ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

interface Ymd {
  y: number;
  m: number; // 1..12
  d: number;
}

function parse(date: string): Ymd {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const fmt = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function addDays(date: string, days: number): string {
  const { y, m, d } = parse(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return fmt({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
}

/** The month `months` after (y, m), as year and month 1..12. */
function shiftMonth(y: number, m: number, months: number): { y: number; m: number } {
  const k = y * 12 + (m - 1) + months;
  return { y: Math.floor(k / 12), m: (k % 12) + 1 };
}

/** The date of occurrence `index` (0 = the start date). The day of month clamps per month and never drifts. */
export function occurrenceDate(s: Pick<Schedule, 'unit' | 'every' | 'startDate'>, index: number): string {
  if (s.unit === 'WEEK') return addDays(s.startDate, 7 * s.every * index);
  const start = parse(s.startDate);
  const { y, m } = shiftMonth(start.y, start.m, (s.unit === 'YEAR' ? 12 : 1) * s.every * index);
  return fmt({ y, m, d: Math.min(start.d, daysInMonth(y, m)) });
}

/** Whether occurrence `index` exists at all (within the count and on or before the end date). */
export function occurs(s: Schedule, index: number): boolean {
  if (index < 0) return false;
  if (s.count != null && index >= s.count) return false;
  if (s.endDate != null && occurrenceDate(s, index) > s.endDate) return false;
  return true;
}

/** Occurrences from index `from` on, falling on or before `upTo`, at most `max` of them. */
export function occurrencesUpTo(s: Schedule, upTo: string, from = 0, max = Number.POSITIVE_INFINITY): Array<{ index: number; date: string }> {
  const out: Array<{ index: number; date: string }> = [];
  for (let i = Math.max(0, from); out.length < max && occurs(s, i); i++) {
    const date = occurrenceDate(s, i);
    if (date > upTo) break;
    out.push({ index: i, date });
  }
  return out;
}

/** Occurrences from index `from` on, falling in [fromDate, toDate]. */
export function occurrencesBetween(s: Schedule, fromDate: string, toDate: string, from = 0): Array<{ index: number; date: string }> {
  return occurrencesUpTo(s, toDate, from).filter((o) => o.date >= fromDate);
}

/** ISO 8601 week of a date: the week's year (may differ from the date's around New Year) and number 1..53. */
export function isoWeek(date: string): { year: number; week: number } {
  const { y, m, d } = parse(date);
  const t = new Date(Date.UTC(y, m - 1, d));
  const dow = (t.getUTCDay() + 6) % 7; // Monday 0
  t.setUTCDate(t.getUTCDate() - dow + 3); // the Thursday of this week decides the year
  const year = t.getUTCFullYear();
  const week = Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return { year, week };
}

/**
 * The period occurrence `index` bills, as the customer reads it: the calendar unit its date falls in, `every` units long.
 * Monthly "november 2026"; every 3 months starting in January, April, July or October "1. kvartal 2027"; other spans
 * "januar–februar 2027" (or "november 2026–januar 2027"); weekly "uke 48 2026" (ISO weeks, "uke 53 2026" for
 * 1 January 2027) or "uke 52 2026–uke 1 2027"; yearly "2026" or "2026–2027".
 */
export function periodText(s: Pick<Schedule, 'unit' | 'every' | 'startDate'>, index: number, lang: PeriodLanguage = 'nb'): string {
  const date = occurrenceDate(s, index);
  const { y, m } = parse(date);
  if (s.unit === 'YEAR') return s.every === 1 ? String(y) : `${y}–${y + s.every - 1}`;
  if (s.unit === 'WEEK') {
    const word = lang === 'nb' ? 'uke' : 'week';
    const a = isoWeek(date);
    if (s.every === 1) return `${word} ${a.week} ${a.year}`;
    const b = isoWeek(addDays(date, 7 * (s.every - 1)));
    return a.year === b.year ? `${word} ${a.week}–${b.week} ${a.year}` : `${word} ${a.week} ${a.year}–${word} ${b.week} ${b.year}`;
  }
  const names = MONTHS[lang];
  if (s.every === 1) return `${names[m - 1]} ${y}`;
  if (s.every === 3 && (m - 1) % 3 === 0) {
    const q = (m - 1) / 3 + 1;
    return lang === 'nb' ? `${q}. kvartal ${y}` : `Q${q} ${y}`;
  }
  const end = shiftMonth(y, m, s.every - 1);
  if (s.every === 12 && m === 1) return String(y);
  return end.y === y ? `${names[m - 1]}–${names[end.m - 1]} ${y}` : `${names[m - 1]} ${y}–${names[end.m - 1]} ${end.y}`;
}

/** Puts the period into a text: every `{periode}` becomes `period`; null stays null. */
export function withPeriod<T extends string | null | undefined>(text: T, period: string): T {
  return (typeof text === 'string' ? text.split(PERIOD_PLACEHOLDER).join(period) : text) as T;
}

/** The longest a text can become once its `{periode}` placeholders are filled in. */
export function longestWithPeriod(text: string | null | undefined): number {
  if (!text) return 0;
  const n = text.split(PERIOD_PLACEHOLDER).length - 1;
  return text.length + n * (MAX_PERIOD_TEXT - PERIOD_PLACEHOLDER.length);
}
