import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { principalSteps } from '../../main/domain/interest-basis.js';
import { addDays, interestOnBalances, lateInterest, type RatePeriod } from '../../main/domain/late-interest.js';
import { dun, owe, startDocServer, type DocServer } from './setup.js';

const RATES: RatePeriod[] = [
  { from: '2025-01-01', rate: 1250 },
  { from: '2025-07-01', rate: 1225 },
  { from: '2026-01-01', rate: 1200 },
];

describe('interest on the balance as it stood each day (domain)', () => {
  test('the part-payment vector: 12 days on 10 000 + 19 days on 5 201,44 at 12 % = 71,94', () => {
    // 10 000 due 2025-12-01; reminder 2026-01-20 charged 35 fee + 166,44 interest; 5 000 paid 2026-02-01.
    const steps = principalSteps(1_000_000, '2025-12-01', [
      { date: '2026-01-20', kind: 'cost', amount: 3_500 + 16_644 },
      { date: '2026-02-01', kind: 'money', amount: 500_000 },
    ]);
    expect(steps).toEqual([
      { from: '2025-12-02', principal: 1_000_000 },
      { from: '2026-02-02', principal: 520_144 },
    ]);
    const r = interestOnBalances(steps, '2026-01-20', '2026-02-20', RATES);
    // 1 000 000 * 12 % * 12 / 365 + 520 144 * 12 % * 19 / 365 = 3 945,21 + 3 249,12 = 7 194,32 øre
    expect(r.interest).toBe(7_194);
    expect(r.parts.map((p) => [p.from, p.to, p.days, p.principal, p.interest])).toEqual([
      ['2026-01-21', '2026-02-01', 12, 1_000_000, 3_945],
      ['2026-02-02', '2026-02-20', 19, 520_144, 3_249],
    ]);
  });

  test('a payment before the notice goes to the principal; costs claimed later stay costs', () => {
    const steps = principalSteps(1_000_000, '2025-12-01', [
      { date: '2026-01-10', kind: 'money', amount: 500_000 },
      { date: '2026-01-20', kind: 'cost', amount: 20_144 },
    ]);
    expect(steps).toEqual([{ from: '2025-12-02', principal: 1_000_000 }, { from: '2026-01-11', principal: 500_000 }]);
  });

  test('a reversed payment brings back the principal it paid, never more than the invoice (no interest on costs)', () => {
    const steps = principalSteps(1_000_000, '2025-12-01', [
      { date: '2026-01-20', kind: 'cost', amount: 20_144 },
      { date: '2026-02-01', kind: 'money', amount: 500_000 },
      { date: '2026-02-05', kind: 'money', amount: -500_000 },
    ]);
    expect(steps[steps.length - 1]).toEqual({ from: '2026-02-06', principal: 1_000_000 });
  });

  test('a credit note lowers the principal from the day after; nothing runs once it is paid', () => {
    const steps = principalSteps(1_000_000, '2025-12-01', [
      { date: '2025-12-10', kind: 'credit', amount: 400_000 },
      { date: '2025-12-20', kind: 'money', amount: 600_000 },
    ]);
    const r = interestOnBalances(steps, '2025-12-01', '2026-01-31', RATES);
    // 9 days on 10 000 + 10 days on 6 000 at 12,25 %; nothing after the payment
    expect(r.parts.map((p) => [p.days, p.principal])).toEqual([[9, 1_000_000], [10, 600_000]]);
    expect(r.interest).toBe(Math.round((1_000_000 * 1225 * 9 + 600_000 * 1225 * 10) / (365 * 10_000)));
    expect(r.days).toBe(19);
  });

  test('the printed parts add up to the printed total: 100,69 + 65,75 = 166,44 (not 100,68)', () => {
    const r = lateInterest(1_000_000, '2025-12-01', '2026-01-20', RATES);
    expect(r.interest).toBe(16_644);
    expect(r.parts.map((p) => p.interest)).toEqual([10_069, 6_575]);
  });

  test('property: the parts always add up to the total, which is the exact sum rounded once', () => {
    const date = fc.integer({ min: 0, max: 500 }).map((d) => addDays('2025-01-01', d));
    fc.assert(
      fc.property(fc.array(fc.tuple(date, fc.integer({ min: -1_000_000, max: 10_000_000 })), { minLength: 1, maxLength: 8 }), date, fc.integer({ min: 1, max: 400 }), (raw, from, len) => {
        const steps = raw.map(([d, p]) => ({ from: d, principal: p }));
        const r = interestOnBalances(steps, from, addDays(from, len), RATES);
        expect(r.parts.reduce((a, p) => a + p.interest, 0)).toBe(r.interest);
      }),
      { numRuns: 300 },
    );
  });
});

const pdfText = async (s: DocServer, path: string) => {
  const r = await s.api(path);
  expect(r.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'dun-'));
  const file = join(dir, 'd.pdf');
  writeFileSync(file, Buffer.from(await r.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('late interest over the API follows payments, credit notes and rate changes (fixed vectors)', () => {
  let s: DocServer;
  beforeAll(async () => {
    s = await startDocServer({ today: '2026-01-20' });
  });
  afterAll(async () => {
    await s.close();
  });
  const at = async <T>(day: string, f: () => Promise<T>) => {
    s.clock.set(day);
    return f();
  };

  // In date order: the series' numbers follow dates (document-date rule), and the clock moves forward.
  test('2023: a reminder for an invoice due 2023-06-15 runs 15 days at 10,75 % and 15 at 11,75 %', async () => {
    s.clock.set('2023-07-15');
    const n = await owe(s, 10_000, '2023-06-15', { invoiceDate: '2023-06-01' });
    const d = (await dun(s, { invoiceNumber: n })).body;
    // 10 000 * (10,75 % * 15 + 11,75 % * 15) / 365 = 92,47
    expect(d).toMatchObject({ interest: 92.47, interestRate: 11.75 });
  });

  test('a rate change inside a partly paid period: 15 days 12,5 % on 10 000, 10 days 12,25 % on 10 000, 21 days on 6 000', async () => {
    s.clock.set('2025-07-31');
    const n = await owe(s, 10_000, '2025-06-15', { invoiceDate: '2025-06-01' });
    expect((await s.json(`/invoices/${n}/payments`, { body: { date: '2025-07-10', amount: 4_000 } })).status).toBe(201);
    const d = (await s.json(`/dunnings/${(await dun(s, { invoiceNumber: n })).body.number}?withDetails=true`)).body;
    // (10 000 * 12,5 % * 15 + 10 000 * 12,25 % * 10 + 6 000 * 12,25 % * 21) / 365 = 127,2192
    expect(d.interest).toBe(127.22);
    expect(d.interestPeriod.parts.map((p: { days: number; rate: number; principal: number; interest: number }) => [p.days, p.rate, p.principal, p.interest])).toEqual([
      [15, 12.5, 10_000, 51.37],
      [10, 12.25, 10_000, 33.56],
      [21, 12.25, 6_000, 42.29],
    ]);
  });

  test('10 000 due 2025-12-01, reminder 2026-01-20, 5 000 paid 2026-02-01, reminder 2026-02-20: 71,94', async () => {
    s.clock.set('2026-01-20');
    const n = await owe(s, 10_000, '2025-12-01', { invoiceDate: '2025-11-01' });
    const first = (await dun(s, { invoiceNumber: n })).body;
    expect(first).toMatchObject({ dunningFee: 35, interest: 166.44 });
    // The reminder's parts add up to its total, as printed.
    const t1 = await pdfText(s, `/dunnings/${first.number}/pdf`);
    expect(t1).toContain('Forsinkelsesrente 12,25 % av 10 000,00 NOK, 02.12.2025–31.12.2025 (30 dager) 100,69 NOK');
    expect(t1).toContain('Forsinkelsesrente 12 % av 10 000,00 NOK, 01.01.2026–20.01.2026 (20 dager) 65,75 NOK');
    expect(t1).toContain('Forsinkelsesrente i alt 166,44 NOK');
    const paid = await at('2026-02-01', () => s.json(`/invoices/${n}/payments`, { body: { date: '2026-02-01', amount: 5_000 } }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const second = await at('2026-02-20', async () => (await s.json(`/dunnings/${(await dun(s, { invoiceNumber: n, dunningFee: false })).body.number}?withDetails=true`)).body);
    expect(second.interest).toBe(71.94);
    expect(second.interestPeriod).toMatchObject({
      from: '2026-01-21',
      to: '2026-02-20',
      parts: [
        { from: '2026-01-21', to: '2026-02-01', days: 12, rate: 12, principal: 10_000, interest: 39.45 },
        { from: '2026-02-02', to: '2026-02-20', days: 19, rate: 12, principal: 5_201.44, interest: 32.49 },
      ],
    });
    const t2 = await pdfText(s, `/dunnings/${second.number}/pdf`);
    expect(t2).toContain('Forsinkelsesrente 12 % av 5 201,44 NOK, 02.02.2026–20.02.2026 (19 dager) 32,49 NOK');
    expect(t2).toContain('Forsinkelsesrente i alt 71,94 NOK');
  });
});
