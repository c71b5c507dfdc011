import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dun, owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const invoice = async (n: number) => (await s.json(`/invoices/${n}`)).body as { currentBalance: number; state: string };
const pay = async (n: number, amount: number) => {
  const r = await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-15', amount } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};

describe('fees and interest are part of the claim (contract section 3)', () => {
  test('paying the principal leaves fee and interest owed; paying those settles the invoice', async () => {
    const n = await owe(s, 10_000, '2026-02-01');
    await dun(s, { invoiceNumber: n }); // + 35 fee + 138.08 interest
    await pay(n, 10_000);
    expect(await invoice(n)).toMatchObject({ currentBalance: 173.08, state: 'due' });
    const again = await s.json('/dunnings/', { body: { invoiceNumber: n, dunningFee: false } });
    // Payments cover fees and interest first: the principal left is 173.08, so no new interest accrues today.
    expect(again.body).toMatchObject({ invoiceBalance: 173.08, interest: 0 });
    await pay(n, 173.08);
    expect(await invoice(n)).toMatchObject({ currentBalance: 0, state: 'paid' });
    expect((await s.json('/invoices/paid')).body.map((i: { number: number }) => i.number)).toContain(n);
  });

  test('a later notice charges interest only from where the earlier one ended, on the principal only', async () => {
    const n = await owe(s, 10_000, '2026-02-01');
    const first = (await dun(s, { invoiceNumber: n })).body; // interest 02.02–15.03
    s.clock.set('2026-04-14');
    try {
      const second = (await s.json(`/dunnings/${(await dun(s, { invoiceNumber: n })).body.number}?withDetails=true`)).body;
      // 10,000 kr (not the 10,173.08 claim) * 12 % * 30 days (16.03–14.04) / 365 = 98.63
      expect(second.interestPeriod).toMatchObject({ from: '2026-03-16', to: '2026-04-14', principal: 10_000 });
      expect(second.interest).toBe(98.63);
      expect(second.invoiceBalance).toBe(first.total);
      expect(second.total).toBe(Math.round((first.total + 35 + 98.63) * 100) / 100);
    } finally {
      s.clock.set('2026-03-15');
    }
  });

  test('a reversed payment reopens the claim with its fee', async () => {
    const n = await owe(s, 1_000, '2026-02-01');
    await dun(s, { invoiceNumber: n, interest: false });
    const p = await pay(n, 1_035);
    expect(await invoice(n)).toMatchObject({ currentBalance: 0, state: 'paid' });
    expect((await s.json(`/invoices/${n}/payments/${p.id}/reverse`, { method: 'POST' })).status).toBe(201);
    expect(await invoice(n)).toMatchObject({ currentBalance: 1_035, state: 'due' });
  });

  test('writing the invoice off cancels the unpaid fee: the loss is principal and interest only', async () => {
    const n = await owe(s, 10_000, '2026-02-01');
    await dun(s, { invoiceNumber: n });
    const lost = await s.json(`/invoices/${n}/lost`, { body: { reason: 'Konkurs' } });
    expect(lost.status, JSON.stringify(lost.body)).toBe(201);
    expect(lost.body.amount).toBe(10_138.08);
    expect(await invoice(n)).toMatchObject({ currentBalance: 0, state: 'lost' });
    // The audit log says so.
    const entry = await s.app.ctx.db.selectFrom('audit_log').select('data').where('entity', '=', 'invoice').where('entity_id', '=', String(n)).where('action', '=', 'lost').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.data!)).toMatchObject({ amount: 1_013_808, feesCancelled: 3_500 });
    // Reversing the write-off brings the claim back without the cancelled fee.
    expect((await s.json(`/invoices/${n}/lost/reverse`, { method: 'POST' })).status).toBe(201);
    expect(await invoice(n)).toMatchObject({ currentBalance: 10_138.08, state: 'due' });
  });

  test('a fee already paid is not cancelled by a later write-off', async () => {
    const n = await owe(s, 1_000, '2026-02-01');
    await dun(s, { invoiceNumber: n, interest: false });
    await pay(n, 100); // covers the 35 kr fee first
    const lost = await s.json(`/invoices/${n}/lost`, { body: { reason: 'Ukjent adresse' } });
    expect(lost.body.amount).toBe(935);
  });

  test('every dunning and its balance change are audited in the same transaction', async () => {
    const n = await owe(s, 500, '2026-02-01');
    const d = (await dun(s, { invoiceNumber: n })).body;
    const rows = await s.app.ctx.db.selectFrom('audit_log').select(['action', 'data']).where('entity', '=', 'dunning').where('entity_id', '=', String(d.number)).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].data!)).toMatchObject({ invoiceNumber: n, dunningNumber: 1, fee: 3_500, automatic: false });
  });

  test('an issued dunning cannot be changed or deleted, even in SQL', async () => {
    const n = await owe(s, 500, '2026-02-01');
    const d = (await dun(s, { invoiceNumber: n })).body;
    await expect(s.app.ctx.db.updateTable('dunnings').set({ fee: 0 }).where('number', '=', d.number).execute()).rejects.toThrow(/cannot be changed/);
    await expect(s.app.ctx.db.deleteFrom('dunnings').where('number', '=', d.number).execute()).rejects.toThrow(/cannot be deleted/);
  });
});

describe('foreign currency', () => {
  test('an invoice in EUR gets interest but no NOK fee, and the answer says why', async () => {
    expect((await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-01-01' } })).status).toBe(200);
    const n = await owe(s, 1_000, '2026-02-01', { currency: 'EUR' });
    const d = await s.json('/dunnings/', { body: { invoiceNumber: n } });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({ dunningFee: 0, interest: 13.81, feeRefusedReason: expect.stringMatching(/in EUR/) });
  });
});
