import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../sending/helpers.js';
import { owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const pay = async (n: number, date: string, amount: number) => {
  const r = await s.json(`/invoices/${n}/payments`, { body: { date, amount } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
};

describe('an invoice paid in full but late: claim the accrued interest on a closing note, or waive it', () => {
  test('paid 30 days late: 10 000 * 12 % * 30 / 365 = 98,63 accrued; claimed on a rentenota the invoice is owed 98,63 again', async () => {
    const n = await owe(s, 10_000, '2026-02-01');
    await pay(n, '2026-03-03', 10_000);
    const open = await s.json(`/dunnings/closing-interest/${n}`);
    expect(open.body).toMatchObject({ invoiceNumber: n, state: 'open', interest: 98.63, period: { from: '2026-02-02', to: '2026-03-03' }, interestNote: null });
    const made = await s.json('/dunnings/interest-notes', { body: { invoiceNumber: n } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ interest: 98.63, dunningFee: 0, invoiceBalance: 0, total: 98.63 });
    expect((await s.json(`/invoices/${n}`)).body).toMatchObject({ currentBalance: 98.63, state: 'due' });
    const pdfRes = await s.api(`/dunnings/${made.body.number}/pdf`);
    expect(pdfRes.headers.get('content-disposition')).toContain(`rentenota-faktura-${n}.pdf`);
    const text = pdfText(Buffer.from(await pdfRes.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Rentenota');
    expect(text).toContain('Forsinkelsesrente 12 % av 10 000,00 NOK, 02.02.2026–03.03.2026 (30 dager) 98,63 NOK');
    expect(text).not.toContain('Purregebyr');
    // Once claimed, it is neither claimed again nor waived.
    expect((await s.json(`/dunnings/closing-interest/${n}`)).body).toMatchObject({ state: 'claimed', interest: 98.63, interestNote: { number: made.body.number } });
    expect((await s.json('/dunnings/interest-notes', { body: { invoiceNumber: n } })).status).toBe(409);
    expect((await s.json('/dunnings/interest-waivers', { body: { invoiceNumber: n } })).status).toBe(409);
  });

  test('waived: kept with the amount and reason, audited; the invoice stays paid', async () => {
    const n = await owe(s, 1_000, '2026-02-01');
    await pay(n, '2026-02-15', 1_000);
    const w = await s.api('/dunnings/interest-waivers', { method: 'POST', body: { invoiceNumber: n, reason: 'God kunde' } });
    expect(w.status).toBe(204);
    // 1 000 * 12 % * 14 / 365 = 4,60
    expect((await s.json(`/dunnings/closing-interest/${n}`)).body).toMatchObject({ state: 'waived', interest: 4.6, waivedReason: 'God kunde' });
    expect((await s.json(`/invoices/${n}`)).body).toMatchObject({ currentBalance: 0, state: 'paid' });
    const audit = await s.app.ctx.db.selectFrom('audit_log').select('data').where('entity', '=', 'invoice').where('entity_id', '=', String(n)).where('action', '=', 'interest-waived').execute();
    expect(audit.map((a) => JSON.parse(a.data!))).toEqual([{ amount: 460, from: '2026-02-02', to: '2026-02-15', reason: 'God kunde' }]);
    expect((await s.json('/dunnings/interest-notes', { body: { invoiceNumber: n } })).status).toBe(409);
  });

  test('refused with 400 naming invoiceNumber: not paid in full, paid on time, not an invoice; nothing written', async () => {
    const open = await owe(s, 1_000, '2026-02-01');
    const onTime = await owe(s, 1_000, '2026-04-01');
    await pay(onTime, '2026-03-10', 1_000);
    const before = await s.app.ctx.db.selectFrom('dunnings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [n, code] of [[open, 'NOT_PAID_IN_FULL'], [onTime, 'NO_ACCRUED_INTEREST'], [99_999, 'NOT_AN_ISSUED_INVOICE']] as const) {
      const r = await s.json('/dunnings/interest-notes', { body: { invoiceNumber: n } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.fields).toEqual([expect.objectContaining({ field: 'invoiceNumber', code })]);
    }
    expect((await s.json(`/dunnings/closing-interest/${open}`)).body.state).toBe('not-paid');
    expect((await s.json(`/dunnings/closing-interest/${onTime}`)).body).toMatchObject({ state: 'none', interest: 0 });
    const after = await s.app.ctx.db.selectFrom('dunnings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
