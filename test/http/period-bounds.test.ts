/**
 * Period and date bounds: every date an operation takes is a real day from 2000-01-01 to 2099-12-31 (one rule for
 * invoice, payment and report dates: DATE_OUT_OF_RANGE names the limits), and every from..to period has a maximum span
 * per endpoint (PERIOD_TOO_LONG on `to`, naming the years).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
let invoice: number;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  invoice = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
});
afterAll(() => s.close());

const fieldsOf = (body: { fields: { field: string; code: string; params?: Record<string, unknown> }[] }) =>
  body.fields.map((f) => [f.field, f.code, f.params]);

describe('the revenue graph', () => {
  test('from=0001-01-01&to=9999-12-31 is a 400 naming both dates and the limits (no 27 MB answer)', async () => {
    const r = await s.json('/overview/sales-ledger/graph/revenue?from=0001-01-01&to=9999-12-31');
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual([
      ['from', 'DATE_OUT_OF_RANGE', { min: '2000-01-01', max: '2099-12-31' }],
      ['to', 'DATE_OUT_OF_RANGE', { min: '2000-01-01', max: '2099-12-31' }],
    ]);
    expect(r.body.fields[0].message).toBe('must be a date from 2000-01-01 to 2099-12-31');
  });

  test('more than five years is PERIOD_TOO_LONG on to; five years answer', async () => {
    const long = await s.json('/overview/sales-ledger/graph/revenue?from=2020-01-01&to=2026-03-15');
    expect(long.status).toBe(400);
    expect(fieldsOf(long.body)).toEqual([['to', 'PERIOD_TOO_LONG', { years: 5 }]]);
    expect(long.body.fields[0].message).toMatch(/at most 5 years/);
    const ok = await s.json('/overview/sales-ledger/graph/revenue?from=2021-03-15&to=2026-03-15');
    expect(ok.status).toBe(200);
    expect(ok.body.labels.length).toBeLessThanOrEqual(61);
  });
});

describe('other periods', () => {
  test('a report over more than ten years is a 400; ten years answer', async () => {
    const long = await s.json('/reports/invoices?format=JSON&columns=number&from=2010-01-01&to=2026-01-01');
    expect(long.status).toBe(400);
    expect(fieldsOf(long.body)).toEqual([['to', 'PERIOD_TOO_LONG', { years: 10 }]]);
    expect((await s.json('/reports/invoices?format=JSON&columns=number&from=2016-01-01&to=2026-01-01')).status).toBe(200);
  });

  test('the invoice summary and the lists take the same rule', async () => {
    const r = await s.json('/overview/invoices/summary?from=2000-01-01&to=2099-12-31');
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual([['to', 'PERIOD_TOO_LONG', { years: 10 }]]);
  });
});

describe('one date rule for every money date', () => {
  test.each(['0001-01-01', '9999-12-31', '1999-12-31', '2100-01-01'])('payment date %s is refused like an invoice date', async (date) => {
    const pay = await s.json(`/invoices/${invoice}/payments`, { body: { date, amount: 100 } });
    expect(pay.status).toBe(400);
    expect(fieldsOf(pay.body)).toEqual([['date', 'DATE_OUT_OF_RANGE', { min: '2000-01-01', max: '2099-12-31' }]]);
    const inv = await s.json('/invoices/', { body: { recipient: { number: s.company }, invoiceDate: date, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(inv.status).toBe(400);
    expect(fieldsOf(inv.body)).toEqual([['invoiceDate', 'DATE_OUT_OF_RANGE', { min: '2000-01-01', max: '2099-12-31' }]]);
  });

  test('a day that does not exist is still NOT_A_DATE; a payment inside the range is booked', async () => {
    const bad = await s.json(`/invoices/${invoice}/payments`, { body: { date: '2026-02-30', amount: 100 } });
    expect(fieldsOf(bad.body)).toEqual([['date', 'NOT_A_DATE', undefined]]);
    expect((await s.json(`/invoices/${invoice}/payments`, { body: { date: '2026-03-15', amount: 100 } })).status).toBe(201);
  });
});
