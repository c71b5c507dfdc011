import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

/**
 * The document date rule (bokføringsforskriften: the document date is the issue date; numbers follow dates): an invoice
 * or credit note is never dated after today, nor before the latest date of its series, unless the user allowed a
 * back-dating window (invoicing.backdatingDays). A refused issue takes no number and writes nothing.
 */
let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-11-27' });
});
afterAll(async () => {
  await s.close();
});

const line = [{ description: 'Arbeid', quantity: 1, unitPrice: 1000, taxRate: 25 }];
const invoice = (invoiceDate?: string) => ({ recipient: { number: s.company }, ...(invoiceDate ? { invoiceDate } : {}), items: line });

async function count(): Promise<number> {
  const r = await s.json('/invoices/?perPage=1');
  expect(r.status).toBe(200);
  return Number(r.res.headers.get('x-total-count') ?? r.body.total ?? r.body.length);
}

describe('document dates', () => {
  let first = 0;

  test('an invoice dated today, then one dated earlier the same week while nothing later exists: both issued, numbers in date order', async () => {
    first = await issueInvoice(s, invoice('2026-11-20'));
    const second = await issueInvoice(s, invoice('2026-11-27'));
    expect(second).toBe(first + 1);
  });

  test('a future date is refused naming invoiceDate, and takes no number', async () => {
    const r = await s.json('/invoices/', { body: invoice('2027-06-01') });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([expect.objectContaining({ field: 'invoiceDate', code: 'DATE_IN_FUTURE', params: expect.objectContaining({ date: '2027-06-01', today: '2026-11-27' }) })]);
    const next = await issueInvoice(s, invoice());
    expect(next).toBe(first + 2);
  });

  test('a date before the latest in the series is refused with the latest date, and writes nothing', async () => {
    const before = await count();
    const r = await s.json('/invoices/', { body: invoice('2023-09-01') });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      expect.objectContaining({ field: 'invoiceDate', code: 'BEFORE_LATEST_IN_SERIES', params: expect.objectContaining({ latest: '2026-11-27', earliest: '2026-11-27' }) }),
    ]);
    expect(r.body.fields[0].message).toContain('2026-11-27');
    expect(await count()).toBe(before);
  });

  test('a draft issued with an old date is refused the same way, and stays a draft', async () => {
    const d = await s.json('/invoices/drafts/', { body: invoice('2026-10-01') });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const path = new URL(d.res.headers.get('location')!).pathname;
    const r = await s.json(`${path}/issue`, { method: 'POST', body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields[0]).toMatchObject({ field: 'invoiceDate', code: 'BEFORE_LATEST_IN_SERIES' });
    expect((await s.json(path)).status).toBe(200);
  });

  test('a credit note follows the same series: not in the future, not before the latest', async () => {
    const future = await s.json('/invoices/', { body: { ...invoice('2026-12-01'), credit: true, creditedInvoiceNumber: first, items: line } });
    expect(future.status).toBe(400);
    expect(future.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'invoiceDate', code: 'DATE_IN_FUTURE' })]));
  });

  test('a back-dating window of 10 days allows a date 10 days before the latest, not 11', async () => {
    const set = await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { backdatingDays: 10 } } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.invoicing.backdatingDays).toBe(10);
    const tooOld = await s.json('/invoices/', { body: invoice('2026-11-16') });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.fields[0]).toMatchObject({ code: 'BEFORE_LATEST_IN_SERIES', params: { earliest: '2026-11-17' } });
    await issueInvoice(s, invoice('2026-11-17'));
  });

  test('the window is a setting with limits: a negative or too long one is refused naming the field', async () => {
    const r = await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { backdatingDays: -1 } } });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['invoicing.backdatingDays']);
    const r2 = await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { backdatingDays: 366 } } });
    expect(r2.status).toBe(400);
  });

  test('offers keep free dates: an offer may be dated ahead (it is not a voucher of the books)', async () => {
    const d = await s.json('/offer/drafts/', { body: { recipient: { number: s.company }, invoiceDate: '2026-12-15', items: line } });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const path = new URL(d.res.headers.get('location')!).pathname;
    const r = await s.json(`${path}/issue`, { method: 'POST', body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});
