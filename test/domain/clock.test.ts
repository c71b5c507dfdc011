import { describe, expect, test } from 'vitest';
import { fixedClock, localDate, systemClock } from '../../main/clock.js';

describe('clock', () => {
  test('KVITT_TODAY fixes today and the date part of timestamps', () => {
    const c = systemClock('2026-02-28');
    expect(c.today()).toBe('2026-02-28');
    expect(c.timestamp()).toMatch(/^2026-02-28 \d{2}:\d{2}:\d{2}$/);
  });
  test.each(['2026-2-28', '28.02.2026', 'today', '', '2026-02-28T00:00', ' 2026-02-28'])('KVITT_TODAY=%j is refused', (v) => {
    expect(() => systemClock(v)).toThrow(/KVITT_TODAY must be YYYY-MM-DD/);
  });
  test.each(['2026-02-30', '2026-13-01', '2026-00-10', '2025-02-29'])('KVITT_TODAY=%s (no such day) is refused', (v) => {
    expect(() => systemClock(v)).toThrow(/KVITT_TODAY/);
  });
  test('a leap day is a real day', () => {
    expect(systemClock('2024-02-29').today()).toBe('2024-02-29');
  });
  test('without an override, today is the local date', () => {
    const before = localDate(new Date());
    const today = systemClock().today();
    const after = localDate(new Date());
    expect([before, after]).toContain(today);
  });
  test('localDate pads month and day', () => {
    expect(localDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
  test('the test clock moves only by hand', () => {
    const c = fixedClock('2026-03-15');
    expect(c.today()).toBe('2026-03-15');
    c.set('2026-04-01');
    expect(c.today()).toBe('2026-04-01');
    expect(c.timestamp()).toBe('2026-04-01 12:00:00');
  });
});
