import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  daysInMonth,
  isoWeek,
  longestWithPeriod,
  MAX_PERIOD_TEXT,
  occurrenceDate,
  occurrencesUpTo,
  periodText,
  withPeriod,
  type IntervalUnit,
  type Schedule,
} from '../../main/domain/recurring-schedule.js';

const monthly = (startDate: string, every = 1): Schedule => ({ unit: 'MONTH', every, startDate });
const dates = (s: Schedule, n: number) => Array.from({ length: n }, (_, i) => occurrenceDate(s, i));

describe('occurrence dates', () => {
  test('monthly from 31 January: 28/29 February, 31 March, 30 April, never drifting', () => {
    expect(dates(monthly('2026-01-31'), 5)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(dates(monthly('2028-01-31'), 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  test('yearly on 29 February: 28 February in common years, 29 February in leap years', () => {
    expect(dates({ unit: 'YEAR', every: 1, startDate: '2024-02-29' }, 5)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  test('weekly and every 2 weeks across a year end', () => {
    expect(dates({ unit: 'WEEK', every: 1, startDate: '2026-12-21' }, 4)).toEqual(['2026-12-21', '2026-12-28', '2027-01-04', '2027-01-11']);
    expect(dates({ unit: 'WEEK', every: 2, startDate: '2026-12-21' }, 3)).toEqual(['2026-12-21', '2027-01-04', '2027-01-18']);
  });

  test('count and end date end the series', () => {
    expect(occurrencesUpTo({ ...monthly('2026-01-15'), count: 3 }, '2030-01-01').map((o) => o.date)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    expect(occurrencesUpTo({ ...monthly('2026-01-15'), endDate: '2026-03-14' }, '2030-01-01').map((o) => o.date)).toEqual(['2026-01-15', '2026-02-15']);
    expect(occurrencesUpTo({ ...monthly('2026-01-15'), endDate: '2026-03-15' }, '2030-01-01')).toHaveLength(3);
    expect(occurrencesUpTo(monthly('2026-01-15'), '2026-04-01', 1, 2).map((o) => o.index)).toEqual([1, 2]);
  });

  const unit = fc.constantFrom<IntervalUnit>('WEEK', 'MONTH', 'YEAR');
  const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  test('property: a month-based occurrence keeps the start day, or the month’s last day when the month is shorter', () => {
    fc.assert(
      fc.property(fc.constantFrom<IntervalUnit>('MONTH', 'YEAR'), fc.integer({ min: 1, max: 24 }), day, fc.integer({ min: 0, max: 200 }), (u, every, startDate, i) => {
        const d = occurrenceDate({ unit: u, every, startDate }, i);
        const [y, m, dd] = d.split('-').map(Number);
        const startDay = Number(startDate.slice(8));
        expect(dd).toBe(Math.min(startDay, daysInMonth(y, m)));
        const months = (y - Number(startDate.slice(0, 4))) * 12 + (m - Number(startDate.slice(5, 7)));
        expect(months).toBe((u === 'YEAR' ? 12 : 1) * every * i);
      }),
    );
  });

  test('property: occurrences are strictly increasing and each falls where its index says', () => {
    fc.assert(
      fc.property(unit, fc.integer({ min: 1, max: 24 }), day, fc.integer({ min: 1, max: 40 }), (u, every, startDate, count) => {
        const s: Schedule = { unit: u, every, startDate, count };
        const all = occurrencesUpTo(s, '9999-12-31');
        expect(all).toHaveLength(count);
        all.forEach((o, i) => {
          expect(o.index).toBe(i);
          expect(o.date).toBe(occurrenceDate(s, i));
          if (i) expect(o.date > all[i - 1].date).toBe(true);
        });
      }),
    );
  });

  test('property: the period text of every occurrence fits the room kept for it', () => {
    fc.assert(
      fc.property(unit, fc.integer({ min: 1, max: 24 }), day, fc.integer({ min: 0, max: 60 }), fc.constantFrom('nb' as const, 'en' as const), (u, every, startDate, i, lang) => {
        expect(periodText({ unit: u, every, startDate }, i, lang).length).toBeLessThanOrEqual(MAX_PERIOD_TEXT);
      }),
    );
  });
});

describe('ISO weeks', () => {
  test.each([
    ['2026-11-23', 2026, 48],
    ['2026-12-28', 2026, 53],
    ['2027-01-01', 2026, 53],
    ['2027-01-04', 2027, 1],
    ['2025-12-29', 2026, 1],
    ['2024-12-30', 2025, 1],
    ['2021-01-03', 2020, 53],
  ])('%s is week %i %i', (date, year, week) => {
    expect(isoWeek(date)).toEqual({ year, week });
  });

  test('property: a week is Monday..Sunday and the next week is one more (or 1 of the next year)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30000 }), (n) => {
        const t = new Date(Date.UTC(2000, 0, 3 + n)); // 2000-01-03 is a Monday
        const monday = new Date(t.getTime() - ((t.getUTCDay() + 6) % 7) * 86_400_000);
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        const w = isoWeek(iso(monday));
        expect(isoWeek(iso(new Date(monday.getTime() + 6 * 86_400_000)))).toEqual(w);
        const next = isoWeek(iso(new Date(monday.getTime() + 7 * 86_400_000)));
        if (next.year === w.year) expect(next.week).toBe(w.week + 1);
        else expect([next.year, next.week, w.week >= 52]).toEqual([w.year + 1, 1, true]);
      }),
    );
  });
});

describe('period text', () => {
  test('monthly: the month', () => {
    expect(periodText(monthly('2026-11-01'), 0)).toBe('november 2026');
    expect(periodText(monthly('2026-11-01'), 0, 'en')).toBe('November 2026');
  });
  test('every 3 months from a quarter start: the quarter', () => {
    expect(periodText(monthly('2027-01-01', 3), 0)).toBe('1. kvartal 2027');
    expect(periodText(monthly('2027-01-01', 3), 3)).toBe('4. kvartal 2027');
    expect(periodText(monthly('2027-01-01', 3), 1, 'en')).toBe('Q2 2027');
  });
  test('other spans: first and last month, with years when they differ', () => {
    expect(periodText(monthly('2027-01-01', 2), 0)).toBe('januar–februar 2027');
    expect(periodText(monthly('2026-11-01', 3), 0)).toBe('november 2026–januar 2027');
    expect(periodText(monthly('2026-11-01', 2), 0, 'en')).toBe('November–December 2026');
  });
  test('weekly: the ISO week, across a year end', () => {
    expect(periodText({ unit: 'WEEK', every: 1, startDate: '2026-11-23' }, 0)).toBe('uke 48 2026');
    expect(periodText({ unit: 'WEEK', every: 1, startDate: '2026-12-21' }, 1)).toBe('uke 53 2026');
    expect(periodText({ unit: 'WEEK', every: 1, startDate: '2026-12-21' }, 2)).toBe('uke 1 2027');
    expect(periodText({ unit: 'WEEK', every: 2, startDate: '2026-12-28' }, 0)).toBe('uke 53 2026–uke 1 2027');
    expect(periodText({ unit: 'WEEK', every: 2, startDate: '2026-11-23' }, 0, 'en')).toBe('week 48–49 2026');
  });
  test('yearly: the year', () => {
    expect(periodText({ unit: 'YEAR', every: 1, startDate: '2026-01-01' }, 0)).toBe('2026');
    expect(periodText({ unit: 'YEAR', every: 2, startDate: '2026-01-01' }, 1)).toBe('2028–2029');
  });
  test('{periode} becomes the period everywhere in a text; the room kept for it', () => {
    expect(withPeriod('Husleie {periode} ({periode})', 'mars 2027')).toBe('Husleie mars 2027 (mars 2027)');
    expect(withPeriod(null, 'mars 2027')).toBeNull();
    expect(longestWithPeriod('Husleie {periode}')).toBe('Husleie '.length + MAX_PERIOD_TEXT);
  });
});
