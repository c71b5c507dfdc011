import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { owe, startDocServer, type DocServer, BACKDATING } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
});
afterAll(async () => {
  await s.close();
});

describe('late-interest rates in Settings (/dunnings/interest-rates)', () => {
  test('seeded with the official half-years from 2014 (policy rate on 1 January / 1 July + 8 points), newest first', async () => {
    const r = await s.json('/dunnings/interest-rates');
    const rates = r.body.map((x: { from: string; rate: number }) => [x.from, x.rate]);
    expect(rates.slice(0, 5)).toEqual([['2026-01-01', 12], ['2025-07-01', 12.25], ['2025-01-01', 12.5], ['2024-07-01', 12.5], ['2024-01-01', 12.5]]);
    expect(rates).toHaveLength(25);
    expect(rates[rates.length - 1]).toEqual(['2014-01-01', 9.5]);
    expect(Object.fromEntries(rates)).toMatchObject({
      '2023-07-01': 11.75, '2023-01-01': 10.75, '2022-07-01': 9.25, '2022-01-01': 8.5, '2020-07-01': 8, '2020-01-01': 9.5,
      '2019-07-01': 9.25, '2019-01-01': 8.75, '2016-07-01': 8.5, '2016-01-01': 8.75, '2015-07-01': 9, '2015-01-01': 9.25,
    });
  });

  test('the user enters the next half-year; dunnings after it use it; a change never touches an issued dunning', async () => {
    const add = await s.json('/dunnings/interest-rates', { body: { from: '2026-07-01', rate: 11.75 } });
    expect(add.status).toBe(201);
    expect(add.res.headers.get('location')).toBe(`${s.base}/dunnings/interest-rates/2026-07-01`);
    expect(add.body).toEqual({ from: '2026-07-01', rate: 11.75, _links: { self: { uri: '/dunnings/interest-rates/2026-07-01' } } });
    const inv = await owe(s, 10_000, '2026-06-15');
    s.clock.set('2026-07-15');
    try {
      const d = await s.json('/dunnings/', { body: { invoiceNumber: inv } });
      // 15 days at 12 % + 15 days at 11.75 %: 10,000 * (0.12 * 15 + 0.1175 * 15) / 365 = 97.60
      expect(d.body).toMatchObject({ interest: 97.6, interestRate: 11.75 });
      expect((await s.json('/dunnings/interest-rates/2026-07-01', { method: 'PUT', body: { from: '2026-07-01', rate: 10 } })).status).toBe(200);
      expect((await s.json(`/dunnings/${d.body.number}`)).body.interest).toBe(97.6);
      expect((await s.json('/dunnings/candidates')).status).toBe(200);
    } finally {
      s.clock.set('2026-03-15');
    }
    expect((await s.json('/dunnings/interest-rates/2026-07-01')).body.rate).toBe(10);
    expect((await s.api('/dunnings/interest-rates/2026-07-01', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/dunnings/interest-rates/2026-07-01')).status).toBe(404);
  });

  test('validation: a real date, rate 0–100 with 2 decimals, one rate per date (409), unknown fields, 404', async () => {
    const bad = async (body: unknown, field: string, status = 400) => {
      const r = await s.json('/dunnings/interest-rates', { body });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    };
    await bad({ from: '2026-02-30', rate: 10 }, 'from');
    await bad({ from: '01.07.2026', rate: 10 }, 'from');
    await bad({ from: '2027-01-01', rate: 10.125 }, 'rate');
    await bad({ from: '2027-01-01', rate: -1 }, 'rate');
    await bad({ from: '2027-01-01', rate: 101 }, 'rate');
    await bad({ from: '2027-01-01' }, 'rate');
    await bad({ from: '2027-01-01', rate: 10, note: 'x' }, 'note');
    await bad({ from: '2026-01-01', rate: 10 }, 'from', 409);
    expect((await s.json('/dunnings/interest-rates/2030-01-01', { method: 'PUT', body: { from: '2030-01-01', rate: 5 } })).status).toBe(404);
    expect((await s.api('/dunnings/interest-rates/2030-01-01', { method: 'DELETE' })).status).toBe(404);
  });

  test('a dunning needing a day before the first rate is a 400 naming interest; interest: false works', async () => {
    // A 2013 invoice comes first in its series (numbers follow dates): on a server of its own.
    const s = await startDocServer({ today: '2026-03-15' });
    onTestFinished(() => s.close());
    const inv = await owe(s, 1_000, '2013-12-01', { invoiceDate: '2013-11-01' });
    const r = await s.json('/dunnings/', { body: { invoiceNumber: inv } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([expect.objectContaining({ field: 'interest', message: expect.stringMatching(/no late-interest rate covers 2013-12-02/) })]);
    const c = (await s.json('/dunnings/candidates')).body.find((x: { invoiceNumber: number }) => x.invoiceNumber === inv);
    expect(c).toMatchObject({ interest: null, interestProblem: expect.stringMatching(/2013-12-02/) });
    expect((await s.json('/dunnings/', { body: { invoiceNumber: inv, interest: false } })).status).toBe(201);
    // The run skips such an invoice and says why; the one dunned above has its new deadline in force.
    const other = await owe(s, 1_000, '2013-12-01', { invoiceDate: '2013-11-01' });
    const run = await s.json('/dunnings/run', { method: 'POST' });
    expect(run.body.skipped).toEqual([{ invoiceNumber: other, reason: 'no late-interest rate covers 2013-12-02' }]);
  });
});

describe('today past the last known half-year: said, not silently carried', () => {
  test('status, candidates and a new reminder carry a warning naming the missing half-year; entering the rate clears it', async () => {
    const status = await s.json('/dunnings/interest-rates/status');
    expect(status.body).toEqual({ today: '2026-03-15', latest: { from: '2026-01-01', rate: 12 }, knownThrough: '2026-06-30', warning: null });
    const inv = await owe(s, 2_000, '2026-06-20');
    s.clock.set('2026-07-20');
    try {
      const st = (await s.json('/dunnings/interest-rates/status')).body;
      expect(st.warning).toMatchObject({ code: 'INTEREST_RATE_UNKNOWN', params: { from: '2026-07-01', rate: '12', since: '2026-01-01' } });
      expect(st.warning.message).toMatch(/rate from 2026-07-01 is not entered yet/);
      const c = (await s.json('/dunnings/candidates')).body.find((x: { invoiceNumber: number }) => x.invoiceNumber === inv);
      expect(c.interestWarning).toMatch(/2026-07-01/);
      const d = await s.json('/dunnings/', { body: { invoiceNumber: inv } });
      expect(d.status).toBe(201);
      expect(d.body.interestWarning).toMatch(/last known rate, 12 %/);
      expect((await s.json('/dunnings/interest-rates', { body: { from: '2026-07-01', rate: 11.75 } })).status).toBe(201);
      expect((await s.json('/dunnings/interest-rates/status')).body.warning).toBeNull();
      expect((await s.api('/dunnings/interest-rates/2026-07-01', { method: 'DELETE' })).status).toBe(204);
    } finally {
      s.clock.set('2026-03-15');
    }
  });
});
