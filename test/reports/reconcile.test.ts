/**
 * The reports agree with each other and with the rest of Kvitt to the øre, on a seeded database with a fixed clock:
 * open items = customer balances = aged balance = the overview's sales ledger balance = the invoices report's balance;
 * each customer's sales ledger closes at their balance line; at a past date the same holds with history replayed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { ore, reportJson, startSeededServer, TODAY } from './setup.js';

let s: TestServer;
beforeAll(async () => {
  s = await startSeededServer();
}, 120_000);
afterAll(() => s?.close());

const sumOf = (items: Record<string, any>[], key: string) => ore(items.map((i) => i[key]));

async function balancesAt(to: string) {
  const open = await reportJson(s, 'openItems', { to }, ['number', 'balance']);
  const bal = await reportJson(s, 'recipients/balance', { to }, ['recipientNumber', 'balance']);
  const aged = await reportJson(s, 'recipients/balance/aged', { to, intervals: '30,60,90' }, ['recipientNumber', 'notDue', 'intervals', 'balance']);
  return { open, bal, aged };
}

describe('reconciliation', () => {
  it('at today: open items = customer balances = aged total = overview balance = invoices report balance', async () => {
    const { open, bal, aged } = await balancesAt(TODAY);
    const total = sumOf(open.items, 'balance');
    expect(total).toBeGreaterThan(0);
    expect(Math.round(open.summary.balance * 100)).toBe(total);
    expect(sumOf(bal.items, 'balance')).toBe(total);
    expect(sumOf(aged.items, 'balance')).toBe(total);
    for (const row of aged.items) {
      expect(ore([row.notDue, row.days1to30, row.days31to60, row.days61to90, row.over90])).toBe(Math.round(row.balance * 100));
    }
    const overview = await s.json('/overview/sales-ledger/balance');
    expect(overview.status).toBe(200);
    expect(Math.round(overview.body.balance * 100)).toBe(total);
    const inv = await reportJson(s, 'invoices', {}, ['number', 'balance']);
    expect(sumOf(inv.items, 'balance')).toBe(total);
    const unpaid = await reportJson(s, 'invoices', { paid: 'false' }, ['number', 'balance']);
    expect(sumOf(unpaid.items, 'balance')).toBe(total);
    expect(new Set(unpaid.items.map((i) => i.number))).toEqual(new Set(open.items.map((i) => i.number)));
  });

  it('per customer: open items summed per customer = their balance line = their sales ledger closing balance', async () => {
    const { open, bal } = await balancesAt(TODAY);
    const full = await reportJson(s, 'openItems', { to: TODAY }, ['recipientNumber', 'balance']);
    const byCustomer = new Map<number, number>();
    for (const i of full.items) byCustomer.set(i.recipientNumber, (byCustomer.get(i.recipientNumber) ?? 0) + Math.round(i.balance * 100));
    expect(open.items.length).toBe(full.items.length);
    for (const line of bal.items.slice(0, 8)) {
      expect(byCustomer.get(line.recipientNumber)).toBe(Math.round(line.balance * 100));
      const ledger = await reportJson(s, `recipients/${line.recipientNumber}/salesledger`, { from: '2025-07-01', to: TODAY }, ['date', 'debit', 'credit', 'balance']);
      const closing = ledger.items[ledger.items.length - 1].balance;
      expect(closing).toBe(line.balance);
      expect(Math.round(ledger.summary.debit * 100) - Math.round(ledger.summary.credit * 100)).toBe(Math.round(line.balance * 100));
    }
  });

  it('at a past date the reports replay history (payments, credits and losses after it do not count) and still agree', async () => {
    const past = '2025-09-30';
    const { open, bal, aged } = await balancesAt(past);
    const total = sumOf(open.items, 'balance');
    expect(sumOf(bal.items, 'balance')).toBe(total);
    expect(sumOf(aged.items, 'balance')).toBe(total);
    const now = await reportJson(s, 'openItems', { to: TODAY }, ['balance']);
    expect(total).not.toBe(sumOf(now.items, 'balance'));
    for (const line of bal.items.slice(0, 5)) {
      const ledger = await reportJson(s, `recipients/${line.recipientNumber}/salesledger`, { to: past }, ['balance']);
      expect(ledger.items[ledger.items.length - 1].balance).toBe(line.balance);
    }
  });

  it('invoices report: net + VAT = total on every line, VAT per rate adds up to VAT, credit notes negative', async () => {
    const r = await reportJson(s, 'invoices', {}, ['number', 'type', 'net', 'vat25', 'vat15', 'vat12', 'vat', 'total']);
    for (const i of r.items) {
      expect(ore([i.net, i.vat])).toBe(ore([i.total]));
      expect(ore([i.vat25, i.vat15, i.vat12])).toBe(ore([i.vat]));
      if (i.type === 'Kreditnota') expect(i.total).toBeLessThanOrEqual(0);
    }
    expect(r.items.some((i) => i.type === 'Kreditnota')).toBe(true);
  });

  it('payments report total = the payments and reversals in the ledger of every invoice in the period', async () => {
    const from = '2025-01-01';
    const r = await reportJson(s, 'payments', { from, to: TODAY }, ['invoiceNumber', 'date', 'amount']);
    const numbers = [...new Set(r.items.map((i) => i.invoiceNumber))].slice(0, 10);
    for (const n of numbers) {
      const ledger = (await s.json(`/invoices/${n}/payments`)).body as { kind: string; date: string; amount: number }[];
      const expected = ore(ledger.filter((e) => e.kind.startsWith('payment') && e.date >= from && e.date <= TODAY).map((e) => e.amount));
      expect(sumOf(r.items.filter((i) => i.invoiceNumber === n), 'amount')).toBe(expected);
    }
  });

  it('revenue: per month = overview (per VAT rate) = per customer = detail lines = the invoices report net, for the same period and label', async () => {
    const cases: Record<string, string>[] = [{ from: '2025-04-01', to: '2026-02-28' }, { from: '2025-04-01', to: '2026-02-28', labelNumber: '-1' }];
    for (const q of cases) {
      const amounts = ['net', 'vat', 'total'];
      const period = await reportJson(s, 'revenue/period', q, ['month', 'invoices', 'creditNotes', ...amounts]);
      const overview = await reportJson(s, 'revenue/overview', q, ['vatRate', ...amounts]);
      const customer = await reportJson(s, 'revenue/customer', q, ['name', ...amounts]);
      const detail = await reportJson(s, 'revenue/detail', q, ['number', ...amounts]);
      expect(period.items.map((i) => i.month)).toEqual([...new Set(period.items.map((i) => i.month))].sort());
      expect(period.items.length).toBe(11);
      for (const key of amounts) {
        const want = Math.round(period.summary[key] * 100);
        expect(Math.round(overview.summary[key] * 100)).toBe(want);
        expect(Math.round(customer.summary[key] * 100)).toBe(want);
        expect(Math.round(detail.summary[key] * 100)).toBe(want);
      }
      if (!q.labelNumber) {
        const inv = await reportJson(s, 'invoices', { from: q.from, to: q.to }, ['net', 'vat', 'total']);
        for (const key of amounts) expect(Math.round(inv.summary[key] * 100)).toBe(Math.round(period.summary[key] * 100));
        expect(ore(period.items.map((i) => i.invoices)) / 100 + ore(period.items.map((i) => i.creditNotes)) / 100).toBe(inv.rowCount);
      }
    }
  });

  it('account overview: opening balance + debit - credit = the open items at `to`; its last balance is that figure', async () => {
    const q = { from: '2025-10-01', to: '2026-01-31' };
    const r = await reportJson(s, 'accountOverview', q, ['date', 'type', 'debit', 'credit', 'balance']);
    const open = await reportJson(s, 'openItems', { to: q.to }, ['balance']);
    const closing = Math.round(r.items[r.items.length - 1].balance * 100);
    expect(closing).toBe(Math.round(open.summary.balance * 100));
    expect(Math.round(r.summary.debit * 100) - Math.round(r.summary.credit * 100)).toBe(closing);
    const before = await reportJson(s, 'openItems', { to: '2025-09-30' }, ['balance']);
    expect(r.items[0]).toMatchObject({ type: 'Inngående saldo', balance: before.summary.balance });
  });

  it('payments: per day = the payments report = payments per product + the exceptions', async () => {
    const q = { from: '2025-06-01', to: TODAY };
    const list = await reportJson(s, 'payments', q, ['date', 'amount']);
    const perDay = await reportJson(s, 'payments/overview', q, ['date', 'payments', 'amount']);
    const products = await reportJson(s, 'payments/products', q, ['productCode', 'amount']);
    const exceptions = await reportJson(s, 'payments/products/exceptions', q, ['invoiceNumber', 'amount', 'reason']);
    const total = Math.round(list.summary.amount * 100);
    expect(total).toBeGreaterThan(0);
    expect(Math.round(perDay.summary.amount * 100)).toBe(total);
    expect(ore(perDay.items.map((i) => i.payments)) / 100).toBe(list.rowCount);
    expect(Math.round(products.summary.amount * 100) + Math.round(exceptions.summary.amount * 100)).toBe(total);
    expect(products.items.length).toBeGreaterThan(0);
  });
});
