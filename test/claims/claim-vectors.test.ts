/**
 * Fixed vectors of the claim's definition (docs/claims.md), over real HTTP: each case is one a hand calculator checks.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { reportJson } from '../reports/setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s?.close();
});

const one = (unitPrice: number, taxRate: number, over: Record<string, unknown> = {}) =>
  issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-15', dueDate: '2026-03-25', items: [{ description: 'Arbeid', quantity: 1, unitPrice, taxRate }], ...over });
const post = async (path: string, body?: unknown) => {
  const r = await s.json(path, { method: 'POST', body });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r;
};
const invoice = async (n: number) => (await s.json(`/invoices/${n}`)).body;

describe('credit notes', () => {
  test('a part credit then the rest: VAT rounded on each leaves 0,01, booked as øreavrunding; the invoice is credited in full at 0,00', async () => {
    // 100,02 + 25 % = 125,03 (VAT 25,005 → 25,01); half 50,01 + 12,50 = 62,51; the rest 50,01 + 12,50 = 62,51; 125,02 credited.
    const n = await one(100.02, 25);
    expect((await invoice(n)).total).toBe(125.03);
    await post(`/invoices/${n}/credit-note`, { items: [{ description: 'Halvparten', quantity: 1, unitPrice: 50.01, taxRate: 25 }] });
    await post(`/invoices/${n}/credit-note`, { scope: 'uncredited' });
    const inv = await invoice(n);
    expect(inv).toMatchObject({ currentBalance: 0, state: 'paid', stateDetail: { label: 'credited', credited: 125.03, toRefund: 0 } });
    const ledger = (await s.json(`/invoices/${n}/payments`)).body;
    expect(ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['rounding', 0.01]]);
    const again = await s.json(`/invoices/${n}/credit-note`, { method: 'POST', body: { scope: 'uncredited' } });
    expect(again.body.fields?.[0]?.code).toBe('CREDITED_IN_FULL');
    const open = await reportJson(s, 'openItems', { to: '2026-03-15' }, ['number', 'balance']);
    expect(open.items.find((i) => i.number === n)).toBeUndefined();
  });

  test('an invoice credited in full with nothing paid is "Kreditert i sin helhet" on Oversikt, not "Betalt"', async () => {
    const before = (await s.json('/overview/invoices/summary?from=2026-03-15&to=2026-03-15')).body;
    const n = await one(400, 25);
    await post(`/invoices/${n}/credit-note`);
    const after = (await s.json('/overview/invoices/summary?from=2026-03-15&to=2026-03-15')).body;
    expect(after.credited - before.credited).toBe(1);
    expect(after.paid - before.paid).toBe(0);
    const paid = await one(400, 25);
    await post(`/invoices/${paid}/payments`, { date: '2026-03-15', amount: 500 });
    expect((await s.json('/overview/invoices/summary?from=2026-03-15&to=2026-03-15')).body.paid - after.paid).toBe(1);
  });
});

describe('money in minus money back', () => {
  test('a refund lowers "Innbetalt" in the payments report and the month on Oversikt', async () => {
    const month = async () => (await s.json('/overview/sales-ledger/graph/revenue?from=2026-03-01&to=2026-03-31')).body.paid[0];
    const report = async () => {
      const r = await reportJson(s, 'payments', { from: '2026-03-01', to: '2026-03-31' }, ['type', 'invoiceNumber', 'amount']);
      return r.items;
    };
    const m0 = await month();
    const n = await one(1000, 25); // 1 250,00
    await post(`/invoices/${n}/payments`, { date: '2026-03-15', amount: 1500 });
    await post(`/invoices/${n}/refunds`, { date: '2026-03-15' }); // 250,00 back
    expect(Math.round((await month()) * 100) - Math.round(m0 * 100)).toBe(125000);
    const rows = (await report()).filter((r) => r.invoiceNumber === n);
    expect(rows.map((r) => [r.type, r.amount])).toEqual([
      ['Betaling', 1500],
      ['Tilbakebetalt til kunde', -250],
    ]);
    expect((await invoice(n)).stateDetail).toMatchObject({ paid: 1250, toRefund: 0 });
  });
});

describe('reminder fees and interest', () => {
  test('are in every outstanding figure, the customer ledger shows them, and a write-off waives the unpaid fee as a ledger entry', async () => {
    const n = await one(10_000, 0, { invoiceDate: '2026-03-15', dueDate: '2026-03-16' });
    s.clock.set('2026-04-20');
    try {
      const d = (await post('/dunnings/', { invoiceNumber: n })).body; // 35,00 fee + interest on 10 000 from 17.03
      const claim = 10_000 + d.dunningFee + d.interest;
      expect(d.dunningFee).toBe(35);
      expect(d.interest).toBeGreaterThan(0);
      const inv = await invoice(n);
      expect(inv.currentBalance).toBe(claim);
      expect(inv.stateDetail.charges).toBe(d.dunningFee + d.interest);
      const open = await reportJson(s, 'openItems', { to: '2026-04-20' }, ['number', 'balance']);
      expect(open.items.find((i) => i.number === n)!.balance).toBe(claim);
      const ledger = await reportJson(s, `recipients/${s.company}/salesledger`, { from: '2026-03-15', to: '2026-04-20' }, ['type', 'invoiceNumber', 'debit', 'credit', 'balance']);
      const mine = ledger.items.filter((r) => r.invoiceNumber === n);
      expect(mine.map((r) => [r.type, r.debit])).toEqual([
        ['Faktura', 10_000],
        ['Purring (gebyr og renter)', Math.round((d.dunningFee + d.interest) * 100) / 100],
      ]);
      await post(`/invoices/${n}/lost`, { reason: 'Konkurs' });
      const entries = (await s.json(`/invoices/${n}/payments`)).body.map((e: { kind: string; amount: number }) => [e.kind, e.amount]);
      expect(entries).toEqual([
        ['fee-cancellation', 35],
        ['loss', Math.round((10_000 + d.interest) * 100) / 100],
      ]);
      expect(await invoice(n)).toMatchObject({ currentBalance: 0, state: 'lost', stateDetail: { charges: d.interest } });
      const after = await reportJson(s, 'openItems', { to: '2026-04-20' }, ['number', 'balance']);
      expect(after.items.find((i) => i.number === n)).toBeUndefined();
      // Reports at an earlier day rebuild the claim from the dated rows: before the reminder it was the invoice alone.
      const before = await reportJson(s, 'openItems', { to: '2026-04-19' }, ['number', 'balance']);
      expect(before.items.find((i) => i.number === n)!.balance).toBe(10_000);
    } finally {
      s.clock.set('2026-03-15');
    }
  });
});
