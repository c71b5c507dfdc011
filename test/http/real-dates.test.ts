import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDocServer, numberOf, type DocServer } from '../helpers/documents.js';

/**
 * Every date the API takes is a real day, checked by the schemas (ajv-formats `date` on IsoDate): a day that does not
 * exist is a 400 naming the field with NOT_A_DATE and the catalogue's message, in bodies, query strings and paths alike;
 * 29 February of a leap year is a day like any other.
 */
let s: DocServer;
let invoice: number;
let offer: number;
const LINES = { items: [{ productCode: 'A1', quantity: 1 }] };

beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  invoice = numberOf((await s.json('/invoices/', { body: { recipient: { number: s.company }, ...LINES, invoiceDate: '2024-01-10' } })).res);
  const draft = numberOf((await s.json('/offer/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res);
  offer = numberOf((await s.json(`/offer/drafts/${draft}/issue`, { method: 'POST' })).res);
});
afterAll(() => s?.close());

const NOT_REAL = ['2026-02-29', '2026-13-01', '2026-04-31'];
const q = (d: string) => encodeURIComponent(d);

/** [family, field, the request for a date]: method GET with a query or path, or a body. */
type Case = [string, string, (d: string) => { path: string; method?: string; body?: unknown }];
const CASES: Case[] = [
  // query strings
  ['invoice list', 'from', (d) => ({ path: `/invoices/?from=${q(d)}` })],
  ['invoice state list', 'to', (d) => ({ path: `/invoices/due?to=${q(d)}` })],
  ['invoice sums', 'from', (d) => ({ path: `/invoices/sums?from=${q(d)}` })],
  ['credit-note list', 'to', (d) => ({ path: `/invoices/credit-notes?to=${q(d)}` })],
  ['offer list', 'from', (d) => ({ path: `/offer/?from=${q(d)}` })],
  ['order-confirmation list', 'to', (d) => ({ path: `/order-confirmation/?to=${q(d)}` })],
  ['dunning list', 'from', (d) => ({ path: `/dunnings/?from=${q(d)}` })],
  ['revenue graph', 'from', (d) => ({ path: `/overview/sales-ledger/graph/revenue?from=${q(d)}&to=2026-03-15` })],
  ['invoice summary', 'to', (d) => ({ path: `/overview/invoices/summary?from=2024-01-01&to=${q(d)}` })],
  ['report', 'to', (d) => ({ path: `/reports/payments?format=JSON&columns=date&from=2024-01-01&to=${q(d)}` })],
  // paths
  ['interest rate', 'from', (d) => ({ path: `/dunnings/interest-rates/${q(d)}` })],
  // bodies
  ['invoice draft', 'dueDate', (d) => ({ path: '/invoices/drafts/', body: { recipient: { number: s.company }, ...LINES, invoiceDate: '2024-01-01', dueDate: d } })],
  ['offer draft', 'expiryDate', (d) => ({ path: '/offer/drafts/', body: { recipient: { number: s.company }, ...LINES, invoiceDate: '2024-01-01', expiryDate: d } })],
  ['payment', 'date', (d) => ({ path: `/invoices/${invoice}/payments`, body: { date: d, amount: 1 } })],
  ['refund', 'date', (d) => ({ path: `/invoices/${invoice}/refunds`, body: { date: d } })],
  ['credit note', 'invoiceDate', (d) => ({ path: `/invoices/${invoice}/credit-note/preview`, body: { invoiceDate: d } })],
  ['offer conversion', 'dueDate', (d) => ({ path: `/offer/${offer}/order-confirmation`, body: { invoiceDate: '2026-03-15', dueDate: d } })],
  ['exchange rate', 'date', (d) => ({ path: '/common/currency/exchangeRates', method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: d } })],
  ['interest rate', 'from', (d) => ({ path: '/dunnings/interest-rates', body: { from: d, rate: 12 } })],
  ['dunning', 'dueDate', (d) => ({ path: '/dunnings/', body: { invoiceNumber: invoice, dueDate: d } })],
  ['reports by e-mail', 'from', (d) => ({ path: '/reports/email', body: { email: 'a@b.no', reports: ['invoices'], from: d, to: '2026-03-15' } })],
];

type Field = { field: string; code: string; message: string };
const send = (r: { path: string; method?: string; body?: unknown }) => s.json(r.path, r.body === undefined ? { method: r.method ?? 'GET' } : { method: r.method ?? 'POST', body: r.body });

describe('a day that does not exist is NOT_A_DATE, in every family of date-taking operations', () => {
  test.each(CASES)('%s: %s', async (_family, field, request) => {
    for (const day of NOT_REAL) {
      const r = await send(request(day));
      expect(r.status, `${day}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.fields as Field[], day).toContainEqual({ field, code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' });
    }
    // 29 February 2024 exists: whatever else the operation says, it does not call it a bad date.
    const leap = await send(request('2024-02-29'));
    expect(leap.status).toBeLessThan(500);
    expect(((leap.body?.fields ?? []) as Field[]).filter((f) => f.code === 'NOT_A_DATE'), JSON.stringify(leap.body)).toEqual([]);
  });

  test('2024-02-29 is accepted where a date is all that is asked', async () => {
    expect((await s.json('/invoices/?from=2024-02-29')).status).toBe(200);
    const rate = await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'SEK', rate: 1.01, date: '2024-02-29' } });
    expect(rate.status, JSON.stringify(rate.body)).toBeLessThan(300);
    const pay = await s.json(`/invoices/${invoice}/payments`, { body: { date: '2024-02-29', amount: 1 } });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
  });
});
