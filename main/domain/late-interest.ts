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

/** One stretch of the period at one rate, one year length and one principal. `interest` is this part's share of the total, in øre. */
export interface InterestPart {
  from: string;
  to: string;
  days: number;
  rate: number;
  yearDays: 365 | 366;
  /** The principal this part runs on (øre); absent on notices made before interest followed payments. */
  principal?: number;
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
  return interestOnBalances([{ from: addDays(dueDate, 1), principal }], dueDate, endDate, rates);
}

/** The principal interest runs on from a day on (until the next step). */
export interface PrincipalStep {
  from: string;
  principal: number;
}

/**
 * Interest on a principal that changes over time (payments, credit notes): charged from the day after `fromDate`
 * through `endDate` (inclusive), each day on the principal of the step in force that day (none before the first step,
 * nothing on a day whose principal is zero or negative), the period split at every step, rate change and new year.
 * The exact sum is rounded to the øre once; the parts' øre are the total split by the largest remainder, so the parts
 * printed always add up to the total printed.
 */
export function interestOnBalances(steps: readonly PrincipalStep[], fromDate: string, endDate: string, rates: readonly RatePeriod[]): LateInterest {
  const first = dayNumber(fromDate) + 1;
  const last = dayNumber(endDate);
  if (last < first) return { interest: 0, days: 0, rate: null, parts: [] };
  const sorted = [...rates].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const stepDays = [...steps].map((s) => ({ day: dayNumber(s.from), principal: s.principal })).sort((a, b) => a.day - b.day);
  const principalOn = (day: number) => {
    let p = 0;
    for (const s of stepDays) if (s.day <= day) p = s.principal;
    return p;
  };
  // Boundaries: rate changes, principal changes and 1 January of every year in the period (the year length may change there).
  const cuts = new Set<number>();
  for (const r of sorted) cuts.add(dayNumber(r.from));
  for (const s of stepDays) cuts.add(s.day);
  for (let y = Number(dateOfDay(first).slice(0, 4)) + 1; y <= Number(dateOfDay(last).slice(0, 4)); y++) cuts.add(dayNumber(`${y}-01-01`));
  const starts = [first, ...[...cuts].filter((d) => d > first && d <= last).sort((a, b) => a - b)];
  const parts: (InterestPart & { exact: bigint })[] = [];
  let exact = 0n;
  let charged = 0;
  for (let i = 0; i < starts.length; i++) {
    const principal = principalOn(starts[i]);
    const toDay = i + 1 < starts.length ? starts[i + 1] - 1 : last;
    if (principal <= 0) continue;
    const from = dateOfDay(starts[i]);
    const rate = rateOn(sorted, from);
    if (rate === null) throw new MissingRateError(from);
    const days = toDay - starts[i] + 1;
    charged += days;
    const yearDays = isLeapYear(Number(from.slice(0, 4))) ? 366 : 365;
    const share = BigInt(principal) * BigInt(rate) * BigInt(days) * (COMMON / (BigInt(yearDays) * 10_000n));
    exact += share;
    const prev = parts[parts.length - 1];
    if (prev && prev.rate === rate && prev.yearDays === yearDays && prev.principal === principal && dayNumber(prev.to) + 1 === starts[i]) {
      // Same terms on both sides of a cut (a rate re-entered unchanged): one line on the notice.
      prev.to = dateOfDay(toDay);
      prev.days += days;
      prev.exact += share;
      continue;
    }
    parts.push({ from, to: dateOfDay(toDay), days, rate, yearDays, principal, interest: 0, exact: share });
  }
  const interest = Number(roundDiv(exact, COMMON));
  // Largest remainder: every part gets its floor, the øre left go to the largest fractions (earlier part on a tie).
  let left = interest;
  for (const p of parts) {
    p.interest = Number(p.exact / COMMON);
    left -= p.interest;
  }
  const byFraction = parts.map((p, i) => ({ i, f: p.exact % COMMON })).sort((a, b) => (a.f === b.f ? a.i - b.i : a.f > b.f ? -1 : 1));
  for (let k = 0; k < byFraction.length && left > 0; k++, left--) parts[byFraction[k].i].interest += 1;
  return {
    interest,
    days: charged,
    rate: charged ? rateOn(sorted, endDate) : null,
    parts: parts.map(({ exact: _e, ...p }) => p),
  };
}

/** The last day the rate table covers: the end of the half-year its latest entry starts in (rates are fixed per half-year). */
export function rateTableEnd(rates: readonly RatePeriod[]): string | null {
  const latest = rates.reduce<string | null>((m, r) => (m === null || r.from > m ? r.from : m), null);
  if (latest === null) return null;
  return `${latest.slice(0, 4)}-${latest.slice(5, 7) < '07' ? '06-30' : '12-31'}`;
}
