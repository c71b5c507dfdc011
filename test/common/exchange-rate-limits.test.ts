/**
 * Exchange rates are positive, with at most 6 decimals, from 0.0001 to 100 000 NOK per unit (issue 22): a rate that
 * would be stored as 0 is refused with a 400 naming `rate`, and a NOK payment on a foreign invoice never answers 500,
 * even for an invoice issued at rate 0 before rates were checked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { onPostgres } from '../helpers/database.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer();
});
afterAll(async () => {
  await s.close();
});

/** Writes to issued documents as a version before the rate checks left them (the immutability triggers set aside meanwhile). */
async function asAnOlderVersion(write: () => Promise<unknown>): Promise<void> {
  const db = s.app.ctx.db;
  if (onPostgres()) {
    await sql`alter table documents disable trigger user`.execute(db);
    await write().finally(() => sql`alter table documents enable trigger user`.execute(db));
    return;
  }
  const triggers = (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'documents'`.execute(db)).rows;
  for (const t of triggers) await sql.raw(`drop trigger ${t.name}`).execute(db);
  try {
    await write();
  } finally {
    for (const t of triggers) await sql.raw(t.sql).execute(db);
  }
}

const put = (body: Record<string, unknown>) => s.json('/common/currency/exchangeRates', { method: 'PUT', body });
type Field = { field: string; code: string };

describe('PUT /common/currency/exchangeRates', () => {
  test.each([
    [0, 'TOO_SMALL'],
    [1e-9, 'TOO_SMALL'],
    [0.00001, 'TOO_SMALL'],
    [-2, 'TOO_SMALL'],
    [100_000.5, 'TOO_LARGE'],
    [11.1234567, 'TOO_MANY_DECIMALS'],
  ])('rate %s: 400 %s naming rate, nothing stored', async (rate, code) => {
    const r = await put({ currency: 'JPY', rate, date: '2026-03-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect((r.body.fields as Field[]).map((f) => [f.field, f.code])).toEqual([['rate', code]]);
    expect(((await s.json('/common/currency/exchangeRates')).body as Array<{ currency: string }>).filter((x) => x.currency === 'JPY')).toEqual([]);
  });

  test('the edges of the range are stored as given: the dong 0.0004, the yen 0.069812, 100 000', async () => {
    expect((await put({ currency: 'VND', rate: 0.0004, date: '2026-03-01' })).body).toEqual({ currency: 'VND', rate: 0.0004, date: '2026-03-01' });
    expect((await put({ currency: 'JPY', rate: 0.069812, date: '2026-03-01' })).body).toEqual({ currency: 'JPY', rate: 0.069812, date: '2026-03-01' });
    expect((await put({ currency: 'XAU', rate: 100_000, date: '2026-03-01' })).status).toBe(200);
  });
});

describe('a NOK payment on a foreign invoice', () => {
  test('converted at the invoice rate', async () => {
    await put({ currency: 'EUR', rate: 11.5, date: '2026-03-01' });
    const n = await issueInvoice(s, { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-02', items: [{ description: 'Lisens', quantity: 1, unitPrice: 100, taxRate: 0 }] });
    const p = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-10', amount: 575 } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect((await s.json(`/invoices/${n}`)).body).toMatchObject({ currentBalance: 50 });
  });

  test('on an invoice stored with rate 0 (before rates were checked): 400 naming currencyAmount, never 500; with currencyAmount it is booked', async () => {
    // A rate 0 can no longer be entered: write it as an older version would have left it.
    await s.app.ctx.db.insertInto('exchange_rates').values({ currency: 'ISK', date: '2026-03-01', rate_micro: 0 }).execute();
    const draft = await s.json('/invoices/', { body: { recipient: { number: s.company }, currency: 'ISK', invoiceDate: '2026-03-02', items: [{ description: 'Lisens', quantity: 1, unitPrice: 100, taxRate: 0 }] } });
    // Kvitt no longer issues at a rate of 0: the stored 0 counts as no rate.
    expect(draft.status, JSON.stringify(draft.body)).toBe(400);
    expect((draft.body.fields as Field[]).map((f) => [f.field, f.code])).toEqual([['currency', 'NO_EXCHANGE_RATE']]);

    await s.app.ctx.db.deleteFrom('exchange_rates').where('currency', '=', 'ISK').execute();
    await put({ currency: 'ISK', rate: 1.05, date: '2026-03-01' });
    const n = await issueInvoice(s, { recipient: { number: s.company }, currency: 'ISK', invoiceDate: '2026-03-02', items: [{ description: 'Lisens', quantity: 1, unitPrice: 100, taxRate: 0 }] });
    await asAnOlderVersion(() => s.app.ctx.db.updateTable('documents').set({ exchange_rate_micro: 0 }).where('kind', '=', 'invoice').where('number', '=', n).execute());
    const p = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-10', amount: 105 } });
    expect(p.status, JSON.stringify(p.body)).toBe(400);
    expect((p.body.fields as Field[]).map((f) => [f.field, f.code])).toEqual([['currencyAmount', 'NO_USABLE_EXCHANGE_RATE']]);
    const ok = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-10', amount: 105, currencyAmount: 100 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await s.json(`/invoices/${n}`)).body).toMatchObject({ currentBalance: 0, state: 'paid' });
  });
});
