/**
 * Late-payment interest (forsinkelsesrenteloven; domain-norway.md section 5): simple interest from the day after the due
 * date through the end date (inclusive), rate/365 per day (rate/366 for a day in a leap year), the period split at every
 * rate change (a change applies to claims already overdue). Summed exactly (integers) and rounded to the øre once.
 */

/** A rate in force from a date on: `rate` in hundredths of a percent (12.25 % = 1225). */
export interface RatePeriod {
  from: string;
  rate: number;
}

/** One stretch of the period at one rate and one year length. `interest` is this part's share, in øre (rounded alone, for display). */
export interface InterestPart {
  from: string;
  to: string;
  days: number;
  rate: number;
  yearDays: 365 | 366;
  interest: number;
}

export interface LateInterest {
  /** Øre, rounded once from the exact sum of the parts. */
  interest: number;
  /** Days charged (0 when the end date is not after the due date). */
  days: number;
  /** The rate in force on the end date (hundredths of a percent), or null when no day is charged. */
  rate: number | null;
  parts: InterestPart[];
}

/** Thrown when a charged day has no rate in the table (the table starts later). */
export class MissingRateError extends Error {
  constructor(readonly date: string) {
    super(`No late-interest rate covers ${date}`);
  }
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC, so no time zone or DST can shift it). */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The rate in force on `date`: the latest entry whose `from` is on or before it; null when none. */
export function rateOn(rates: readonly RatePeriod[], date: string): number | null {
  let best: RatePeriod | null = null;
  for (const r of rates) if (r.from <= date && (best === null || r.from > best.from)) best = r;
  return best?.rate ?? null;
}

const roundDiv = (num: bigint, den: bigint): bigint => {
  const q = num / den;
  return (num % den) * 2n >= den ? q + 1n : q;
};

// Every part's share is principal * rate * days / (10_000 * yearDays); over the common denominator 365 * 366 * 10_000
// the sum is exact and is rounded once.
const COMMON = 365n * 366n * 10_000n;

/**
 * Interest on `principal` øre for a claim due on `dueDate`, charged through `endDate` (the payment or dunning date).
 * `rates` in any order. A negative or zero principal gives no interest.
 */
export function lateInterest(principal: number, dueDate: string, endDate: string, rates: readonly RatePeriod[]): LateInterest {
  const first = dayNumber(dueDate) + 1;
  const last = dayNumber(endDate);
  if (last < first || principal <= 0) return { interest: 0, days: 0, rate: last < first ? null : rateOn(rates, endDate), parts: [] };
  const sorted = [...rates].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const changes = sorted.map((r) => dayNumber(r.from)).filter((d) => d > first && d <= last);
  // Boundaries: rate changes and 1 January of every year in the period (the year length may change there).
  const cuts = new Set<number>(changes);
  for (let y = Number(dateOfDay(first).slice(0, 4)) + 1; y <= Number(dateOfDay(last).slice(0, 4)); y++) cuts.add(dayNumber(`${y}-01-01`));
  const starts = [first, ...[...cuts].sort((a, b) => a - b)];
  const parts: InterestPart[] = [];
  let exact = 0n;
  for (let i = 0; i < starts.length; i++) {
    const from = dateOfDay(starts[i]);
    const toDay = i + 1 < starts.length ? starts[i + 1] - 1 : last;
    const rate = rateOn(sorted, from);
    if (rate === null) throw new MissingRateError(from);
    const days = toDay - starts[i] + 1;
    const yearDays = isLeapYear(Number(from.slice(0, 4))) ? 366 : 365;
    const share = BigInt(principal) * BigInt(rate) * BigInt(days) * (COMMON / (BigInt(yearDays) * 10_000n));
    exact += share;
    const prev = parts[parts.length - 1];
    if (prev && prev.rate === rate && prev.yearDays === yearDays) {
      // Same terms on both sides of a cut (a rate re-entered unchanged): one line on the notice.
      prev.to = dateOfDay(toDay);
      prev.days += days;
      prev.interest = Number(roundDiv(BigInt(principal) * BigInt(rate) * BigInt(prev.days), BigInt(yearDays) * 10_000n));
      continue;
    }
    parts.push({ from, to: dateOfDay(toDay), days, rate, yearDays, interest: Number(roundDiv(share, COMMON)) });
  }
  return { interest: Number(roundDiv(exact, COMMON)), days: last - first + 1, rate: rateOn(sorted, endDate), parts };
}
