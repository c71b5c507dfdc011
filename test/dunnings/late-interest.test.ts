import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, daysBetween, lateInterest, MissingRateError, rateOn, type RatePeriod } from '../../main/domain/late-interest.js';

// domain-norway.md section 5 (rates in hundredths of a percent)
const RATES: RatePeriod[] = [
  { from: '2024-01-01', rate: 1250 },
  { from: '2024-07-01', rate: 1250 },
  { from: '2025-01-01', rate: 1250 },
  { from: '2025-07-01', rate: 1225 },
  { from: '2026-01-01', rate: 1200 },
];

const VECTORS: Array<[number, string, string, number, string]> = [
  [10_000, '2025-01-31', '2025-03-02', 102.74, '30 days at 12.50 %'],
  [10_000, '2025-06-15', '2025-07-15', 101.71, 'across the rate change of 1 July'],
  [10_000, '2024-02-01', '2024-03-02', 102.46, 'leap year: rate/366'],
  [10_000, '2025-12-17', '2026-01-16', 99.59, 'across the new year and a rate change'],
  [1_000, '2025-03-10', '2025-03-24', 4.79, '14 days'],
];

const ore = (kr: number) => Math.round(kr * 100);

describe('late-payment interest: the vectors of domain-norway.md section 5, to the øre', () => {
  test.each(VECTORS)('%d kr due %s paid %s gives %d kr (%s)', (principal, due, paid, interest) => {
    expect(lateInterest(ore(principal), due, paid, RATES).interest).toBe(ore(interest));
  });

  test('the period is split at the rate change: 15 days at 12.50 %, 15 at 12.25 %', () => {
    const r = lateInterest(1_000_000, '2025-06-15', '2025-07-15', RATES);
    expect(r.parts.map((p) => [p.from, p.to, p.days, p.rate, p.yearDays])).toEqual([
      ['2025-06-16', '2025-06-30', 15, 1250, 365],
      ['2025-07-01', '2025-07-15', 15, 1225, 365],
    ]);
    expect(r.days).toBe(30);
    expect(r.rate).toBe(1225);
  });

  test('a period across new year into a leap year uses 365 days before and 366 after', () => {
    const r = lateInterest(1_000_000, '2023-12-31', '2024-01-10', [{ from: '2023-01-01', rate: 1000 }]);
    expect(r.parts.map((p) => [p.from, p.to, p.yearDays])).toEqual([['2024-01-01', '2024-01-10', 366]]);
    const across = lateInterest(1_000_000, '2023-12-21', '2024-01-10', [{ from: '2023-01-01', rate: 1000 }]);
    expect(across.parts.map((p) => [p.days, p.yearDays])).toEqual([[10, 365], [10, 366]]);
    // 1,000,000 øre * 10 % * (10/365 + 10/366) = 2,739.73 + 2,732.24 = 5,471.97 øre
    expect(across.interest).toBe(5472);
  });

  test('the same rate entered again is one part, not two', () => {
    const r = lateInterest(1_000_000, '2024-06-15', '2024-07-15', RATES);
    expect(r.parts).toHaveLength(1);
    expect(r.parts[0].days).toBe(30);
  });

  test('no interest on the due date itself or before it, nor on a settled claim', () => {
    expect(lateInterest(1_000_000, '2025-03-10', '2025-03-10', RATES)).toMatchObject({ interest: 0, days: 0, parts: [] });
    expect(lateInterest(1_000_000, '2025-03-10', '2025-03-01', RATES).interest).toBe(0);
    expect(lateInterest(0, '2025-03-10', '2025-04-10', RATES).interest).toBe(0);
    expect(lateInterest(-500, '2025-03-10', '2025-04-10', RATES).interest).toBe(0);
  });

  test('the first day charged is the day after the due date', () => {
    const one = lateInterest(36_500_000, '2025-03-10', '2025-03-11', [{ from: '2025-01-01', rate: 1000 }]);
    expect(one).toMatchObject({ days: 1, interest: 10_000 });
  });

  test('a day before the first rate in the table is an error naming the day', () => {
    expect(() => lateInterest(100_000, '2023-12-20', '2024-01-05', RATES)).toThrow(MissingRateError);
    expect(() => lateInterest(100_000, '2023-12-20', '2024-01-05', RATES)).toThrow(/2023-12-21/);
  });

  test('the last rate applies on until the user enters the next', () => {
    expect(rateOn(RATES, '2027-05-01')).toBe(1200);
    expect(rateOn(RATES, '2023-05-01')).toBeNull();
  });
});

describe('late-payment interest: properties', () => {
  const date = fc.integer({ min: 0, max: 1200 }).map((d) => addDays('2024-01-01', d));
  const principal = fc.integer({ min: 1, max: 1_000_000_000 });

  test('splitting the period anywhere changes the total by at most one øre per rounding', () => {
    fc.assert(
      fc.property(principal, date, fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (p, due, a, b) => {
        const mid = addDays(due, a);
        const end = addDays(mid, b);
        const whole = lateInterest(p, due, end, RATES).interest;
        const split = lateInterest(p, due, mid, RATES).interest + lateInterest(p, mid, end, RATES).interest;
        expect(Math.abs(whole - split)).toBeLessThanOrEqual(1);
      }),
    );
  });

  test('the parts cover every day of the period exactly once, in order', () => {
    fc.assert(
      fc.property(principal, date, fc.integer({ min: 1, max: 900 }), (p, due, n) => {
        const r = lateInterest(p, due, addDays(due, n), RATES);
        expect(r.days).toBe(n);
        expect(r.parts.reduce((s, x) => s + x.days, 0)).toBe(n);
        expect(r.parts[0].from).toBe(addDays(due, 1));
        expect(r.parts[r.parts.length - 1].to).toBe(addDays(due, n));
        for (let i = 1; i < r.parts.length; i++) expect(daysBetween(r.parts[i - 1].to, r.parts[i].from)).toBe(1);
        for (const x of r.parts) expect(daysBetween(x.from, x.to) + 1).toBe(x.days);
      }),
    );
  });

  test('interest grows with the principal and with the days, and never exceeds the principal at the highest rate', () => {
    fc.assert(
      fc.property(principal, principal, date, fc.integer({ min: 1, max: 900 }), (p1, p2, due, n) => {
        const end = addDays(due, n);
        const [lo, hi] = p1 <= p2 ? [p1, p2] : [p2, p1];
        expect(lateInterest(lo, due, end, RATES).interest).toBeLessThanOrEqual(lateInterest(hi, due, end, RATES).interest);
        expect(lateInterest(hi, due, addDays(end, -1), RATES).interest).toBeLessThanOrEqual(lateInterest(hi, due, end, RATES).interest);
        expect(lateInterest(hi, due, end, RATES).interest).toBeLessThanOrEqual(Math.ceil((hi * 0.125 * n) / 365));
      }),
    );
  });
});
