import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, numberOf, startDocServer, type DocServer, BACKDATING } from '../helpers/documents.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
});
afterAll(async () => {
  await s.close();
});

// 2 x 1250 at 25 % + 3 x 89.50 at 15 % + 1 x 300 at 0 % (Z): net 3068.50, VAT 625 + 40.28, total 3733.78
const invoice = () =>
  issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 2 }, { productCode: 'MAT', quantity: 3 }, { productCode: 'BOK', quantity: 1 }] });
const get = async (n: number) => (await s.json(`/invoices/${n}`)).body;

describe('credit notes', () => {
  test('no body credits the invoice in full with its own lines; the invoice is settled', async () => {
    const n = await invoice();
    const inv = await get(n);
    expect(inv.total).toBe(3733.78);
    const r = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    expect(r.status).toBe(201);
    expect(r.res.headers.get('location')).toMatch(new RegExp(`^${s.base}/invoices/credit-notes/\\d+$`));
    const cn = (await s.json(new URL(r.res.headers.get('location')!).pathname)).body;
    expect(cn).toMatchObject({ creditedInvoiceNumber: n, total: inv.total, tax: inv.tax, invoiceText: `Kreditering av faktura ${n}`, kid: null });
    expect(cn.items.map((i: { totalWithoutTax: number }) => i.totalWithoutTax)).toEqual(inv.items.map((i: { totalWithoutTax: number }) => i.totalWithoutTax));
    expect(await get(n)).toMatchObject({ currentBalance: 0, state: 'paid' });
    // nothing left: a second credit is refused
    const again = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/credited in full|Invalid input/);
  });

  test('an empty JSON body {} is the same as no body', async () => {
    const n = await invoice();
    expect((await s.json(`/invoices/${n}/credit-note`, { body: {} })).status).toBe(201);
    expect((await get(n)).currentBalance).toBe(0);
  });

  test('partial credit with items and text; never more than is left (400); then the rest in full', async () => {
    const n = await invoice();
    const part = await s.json(`/invoices/${n}/credit-note`, { body: { items: [{ productCode: 'A1', quantity: 1 }], invoiceText: 'Én time for mye' } });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    const cn = (await s.json(`/invoices/credit-notes/${numberOf(part.res)}`)).body;
    expect(cn).toMatchObject({ total: 1562.5, invoiceText: 'Én time for mye', creditedInvoiceNumber: n });
    expect((await get(n)).currentBalance).toBe(3733.78 - 1562.5);

    const tooMuch = await s.json(`/invoices/${n}/credit-note`, { body: { items: [{ productCode: 'A1', quantity: 2 }] } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields[0]).toMatchObject({ field: 'items', message: expect.stringMatching(/left to credit/) });
    expect((await get(n)).currentBalance).toBe(2171.28);

    const wrongRate = await s.json(`/invoices/${n}/credit-note`, { body: { items: [{ description: 'x', quantity: 1, unitPrice: 1, taxRate: 12 }] } });
    expect(wrongRate.status).toBe(400);
    expect(wrongRate.body.fields[0].field).toBe('items[0].taxRate');

    const rest = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    expect(rest.status).toBe(201);
    const restNote = (await s.json(`/invoices/credit-notes/${numberOf(rest.res)}`)).body;
    expect(restNote.items.map((i: { taxRate: number; totalWithoutTax: number }) => [i.taxRate, i.totalWithoutTax])).toEqual([
      [25, 1250],
      [15, 268.5],
      [0, 300],
    ]);
    expect(restNote.total).toBe(2171.28);
    expect((await get(n)).currentBalance).toBe(0);
    expect((await s.json(`/invoices/${n}/credit-note`, { body: { items: [{ productCode: 'BOK', quantity: 1 }] } })).status).toBe(400);
  });

  test('a paid invoice: "the rest" (what is owed) is nothing (400 on scope); scope uncredited credits it and the balance goes negative (money owed back)', async () => {
    const n = await invoice();
    await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-15', amount: 3733.78 } });
    const owed = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    expect(owed.status).toBe(400);
    expect(owed.body.fields[0].field).toBe('scope');
    expect((await s.json(`/invoices/${n}/credit-note`, { body: { scope: 'uncredited' } })).status).toBe(201);
    expect((await get(n)).currentBalance).toBe(-3733.78);
  });

  test('validation and 404', async () => {
    const n = await invoice();
    const bad = await s.json(`/invoices/${n}/credit-note`, { body: { items: [{ quantity: 'one' }], invoiceText: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['items[0].quantity', 'invoiceText']));
    expect((await s.json('/invoices/999999/credit-note', { method: 'POST' })).status).toBe(404);
    expect((await get(n)).currentBalance).toBe(3733.78);
  });

  test('a credit note of a EUR invoice keeps the invoice currency and exchange rate', async () => {
    await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-03-01' } });
    const n = await issueInvoice(s, { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-02', items: [{ description: 'Licence', quantity: 1, unitPrice: 100, taxRate: 25 }] });
    await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 13, date: '2026-03-10' } });
    const r = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    const cn = numberOf(r.res);
    expect((await s.json(`/invoices/credit-notes/${cn}`)).body).toMatchObject({ currency: 'EUR', total: 125 });
    const row = await s.app.ctx.db.selectFrom('documents').select(['exchange_rate_micro', 'tax_nok']).where('kind', '=', 'credit-note').where('number', '=', cn).executeTakeFirstOrThrow();
    expect(row).toEqual({ exchange_rate_micro: 11_500_000, tax_nok: 28750 });
  });
});
