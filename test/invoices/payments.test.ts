import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const balance = async (n: number) => (await s.json(`/invoices/${n}`)).body as { currentBalance: number; state: string };
const invoice = () => issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-01', dueDate: '2026-03-31', items: [{ productCode: 'A1', quantity: 1 }] }); // 1562.50

describe('payments', () => {
  test('partial then full payment: balance goes down, state goes from not due to paid', async () => {
    const n = await invoice();
    const p1 = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 500 } });
    expect(p1.status).toBe(201);
    expect(p1.res.headers.get('location')).toMatch(new RegExp(`^${s.base}/invoices/${n}/payments/\\d+$`));
    expect(p1.body).toMatchObject({ kind: 'payment', date: '2026-03-05', amount: 500, currencyAmount: null, bankFee: null });
    expect(await balance(n)).toMatchObject({ currentBalance: 1062.5, state: 'not-due' });
    expect((await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-06', amount: 1062.5, bankFee: 15 } })).status).toBe(201);
    expect(await balance(n)).toMatchObject({ currentBalance: 0, state: 'paid' });
    expect((await s.json('/invoices/paid')).body.map((i: { number: number }) => i.number)).toContain(n);
    const history = (await s.json(`/invoices/${n}/payments`)).body;
    expect(history.map((e: { amount: number }) => e.amount)).toEqual([500, 1062.5]);
    expect(history[1].bankFee).toBe(15);
    const one = await s.json(new URL(p1.res.headers.get('location')!).pathname);
    expect(one.body.id).toBe(p1.body.id);
  });

  test('an overpayment leaves a negative balance, never an error', async () => {
    const n = await invoice();
    const r = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 2000 } });
    expect(r.status).toBe(201);
    expect(await balance(n)).toMatchObject({ currentBalance: -437.5, state: 'paid' });
  });

  test('validation: amount > 0 with 2 decimals, a real date; unknown invoice 404', async () => {
    const n = await invoice();
    const bad = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-02-30', amount: 1.005 } });
    expect(bad.status).toBe(400);
    // The day that does not exist is a schema error: it is named before the service's rules run.
    expect(bad.body.fields).toEqual([{ field: 'date', code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' }]);
    const decimals = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-01', amount: 1.005 } });
    expect(decimals.body.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
    const zero = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-01', amount: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.fields[0].field).toBe('amount');
    expect((await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-01', amount: 1, currencyAmount: 1 } })).status).toBe(400);
    expect((await s.json('/invoices/999999/payments', { body: { date: '2026-03-01', amount: 1 } })).status).toBe(404);
    expect((await s.json('/invoices/999999/payments')).status).toBe(404);
    expect((await balance(n)).currentBalance).toBe(1562.5);
  });

  test('reversing a payment adds a reversing entry; the history keeps both; twice is 409', async () => {
    const n = await invoice();
    const p = (await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 1562.5 } })).body;
    expect((await balance(n)).state).toBe('paid');
    const r = await s.json(`/invoices/${n}/payments/${p.id}/reverse`, { method: 'POST' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'payment-reversal', amount: -1562.5, reverses: p.id, date: '2026-03-15' });
    expect(await balance(n)).toMatchObject({ currentBalance: 1562.5, state: 'not-due' });
    const history = (await s.json(`/invoices/${n}/payments`)).body;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ id: p.id, reversedBy: r.body.id });
    expect(history[0]._links.reverse).toBeUndefined();
    expect((await s.json(`/invoices/${n}/payments/${p.id}/reverse`, { method: 'POST' })).status).toBe(409);
    expect((await s.json(`/invoices/${n}/payments/${r.body.id}/reverse`, { method: 'POST' })).status).toBe(409);
    expect((await s.json(`/invoices/${n}/payments/999999/reverse`, { method: 'POST' })).status).toBe(404);
    // ledger entries are append-only in the database too
    const db = s.app.ctx.db;
    await expect(db.updateTable('ledger_entries').set({ amount: 0 }).where('id', '=', p.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('ledger_entries').where('id', '=', p.id).execute()).rejects.toThrow(/append-only/);
  });

  test('lost: the balance is written off (state lost, in no due list); reversing opens it again', async () => {
    const n = await invoice();
    await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 62.5 } });
    expect((await s.json(`/invoices/${n}/lost`, { body: { reason: '' } })).status).toBe(400);
    expect((await s.json(`/invoices/${n}/lost`, { body: { reason: 'x'.repeat(256) } })).status).toBe(400);
    const l = await s.json(`/invoices/${n}/lost`, { body: { reason: 'Konkurs' } });
    expect(l.status).toBe(201);
    expect(l.body).toMatchObject({ kind: 'loss', amount: 1500, reason: 'Konkurs' });
    expect(await balance(n)).toMatchObject({ currentBalance: 0, state: 'lost' });
    for (const list of ['due', 'not-due', 'paid']) expect((await s.json(`/invoices/${list}`)).body.map((i: { number: number }) => i.number)).not.toContain(n);
    expect((await s.json(`/invoices/${n}/lost`, { body: { reason: 'igjen' } })).status).toBe(409);
    const r = await s.json(`/invoices/${n}/lost/reverse`, { method: 'POST' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'loss-reversal', amount: -1500, reverses: l.body.id });
    expect(await balance(n)).toMatchObject({ currentBalance: 1500, state: 'not-due' });
    expect((await s.json(`/invoices/${n}/lost/reverse`, { method: 'POST' })).status).toBe(409);
    expect((await s.json(`/invoices/${n}/payments`)).body.map((e: { kind: string }) => e.kind)).toEqual(['payment', 'loss', 'loss-reversal']);
  });

  test('a paid invoice has nothing to write off', async () => {
    const n = await invoice();
    await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 1562.5 } });
    expect((await s.json(`/invoices/${n}/lost`, { body: { reason: 'x' } })).status).toBe(409);
  });

  test('foreign currency: amount is NOK received; currencyAmount (or amount / rate) settles the balance', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-01', items: [{ description: 'Licence', quantity: 1, unitPrice: 800, taxRate: 25 }] });
    const inv = (await s.json(`/invoices/${n}`)).body;
    expect(inv.total).toBe(1000);
    const rate = inv.international.exchangeRate;
    const p = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 4000, currencyAmount: 400 } });
    expect(p.body).toMatchObject({ amount: 4000, currencyAmount: 400 });
    expect((await balance(n)).currentBalance).toBe(600);
    const p2 = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-06', amount: Number((300 * rate).toFixed(2)) } });
    expect(p2.body.currencyAmount).toBe(300);
    expect((await balance(n)).currentBalance).toBe(300);
  });
});
