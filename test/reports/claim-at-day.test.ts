/**
 * The claim at the end of a day (main/features/invoices/claim.sql.ts invoicesWithClaimAt), as the open items, customer
 * balances, aged balance and a customer's sales ledger show it: each part of an invoice's claim (its reminder's fee, its
 * payments, its credit note) counts from its own date on, never before, and one customer's rows never enter another's
 * figures. Figures worked out by hand from what the API answered.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { reportJson } from './setup.js';

let s: DocServer;
let a: number;
let b: number;
let fee: number; // kroner, as the reminder charged it
let totalB: number; // kroner: 800 + 25 % less the customer's own discount
beforeAll(async () => {
  s = await startDocServer({ today: '2026-01-05' });
  const line = (unitPrice: number) => [{ description: 'Arbeid', quantity: 1, unitPrice, taxRate: 25 }];
  a = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-01-05', dueDate: '2026-01-15', items: line(1000) }); // 1 250,00
  b = await issueInvoice(s, { recipient: { number: s.person }, invoiceDate: '2026-01-05', dueDate: '2026-01-15', items: line(800) });
  totalB = (await s.json(`/invoices/${b}`)).body.total;
  expect(totalB).toBe(900); // Ola Nordmann has 10 % discount
  const post = async (day: string, path: string, body?: unknown) => {
    s.clock.set(day);
    const r = await s.json(path, { method: 'POST', body });
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  await post('2026-01-25', `/invoices/${a}/payments`, { date: '2026-01-25', amount: 500 });
  await post('2026-01-25', `/invoices/${b}/payments`, { date: '2026-01-25', amount: 300 });
  fee = (await post('2026-01-30', '/dunnings/', { invoiceNumber: a, dunningFee: true, interest: false })).dunningFee; // 14 days past due
  expect(fee).toBeGreaterThan(0);
  await post('2026-02-03', `/invoices/${a}/credit-note`, { items: [{ description: 'Rabatt', quantity: 1, unitPrice: 100, taxRate: 25 }] }); // 125,00
  await post('2026-02-10', `/invoices/${a}/payments`, { date: '2026-02-10', amount: 200 });
  s.clock.set('2026-03-15');
});
afterAll(async () => {
  await s?.close();
});

const kr = (v: number) => Math.round(v * 100) / 100;

it('open items, customer balances and the aged balance at each day count only what was dated up to it', async () => {
  const expected: [string, number, number][] = [
    // day, invoice a, invoice b
    ['2026-01-04', 0, 0], // not issued yet
    ['2026-01-15', 1250, 900],
    ['2026-01-25', 750, 600],
    ['2026-01-29', 750, 600],
    ['2026-01-30', 750 + fee, 600], // the reminder's fee from its date
    ['2026-02-02', 750 + fee, 600],
    ['2026-02-03', 625 + fee, 600], // the credit note
    ['2026-02-10', 425 + fee, 600],
  ];
  for (const [day, wantA, wantB] of expected) {
    const open = await reportJson(s, 'openItems', { to: day }, ['number', 'balance']);
    const want = [...(wantA ? [{ number: a, balance: kr(wantA) }] : []), ...(wantB ? [{ number: b, balance: kr(wantB) }] : [])];
    expect(open.items, `open items ${day}`).toEqual(want);
    const bal = await reportJson(s, 'recipients/balance', { to: day }, ['recipientNumber', 'openInvoices', 'balance']);
    expect(new Map(bal.items.map((i) => [i.recipientNumber, [i.openInvoices, i.balance]])), `customer balances ${day}`).toEqual(
      new Map([...(wantA ? [[s.company, [1, kr(wantA)]] as const] : []), ...(wantB ? [[s.person, [1, kr(wantB)]] as const] : [])]),
    );
    const aged = await reportJson(s, 'recipients/balance/aged', { to: day, intervals: '30' }, ['recipientNumber', 'notDue', 'intervals', 'balance']);
    const rowA = aged.items.find((i) => i.recipientNumber === s.company);
    expect(rowA ? [rowA.notDue, rowA.days1to30, rowA.balance] : null, `aged ${day}`).toEqual(wantA ? (day <= '2026-01-15' ? [kr(wantA), 0, kr(wantA)] : [0, kr(wantA), kr(wantA)]) : null);
  }
});

it("a customer's sales ledger opens at that customer's claim the day before `from`, without the other customer's", async () => {
  const ledger = await reportJson(s, `recipients/${s.company}/salesledger`, { from: '2026-02-01', to: '2026-02-10' }, ['date', 'debit', 'credit', 'balance']);
  expect(ledger.items.map((i) => [i.date, i.debit, i.credit, i.balance])).toEqual([
    ['2026-02-01', kr(750 + fee), 0, kr(750 + fee)], // opening balance: invoice a on 31 January
    ['2026-02-03', 0, 125, kr(625 + fee)],
    ['2026-02-10', 0, 200, kr(425 + fee)],
  ]);
  const other = await reportJson(s, `recipients/${s.person}/salesledger`, { from: '2026-01-26', to: '2026-03-15' }, ['date', 'debit', 'credit', 'balance']);
  expect(other.items.map((i) => [i.date, i.debit, i.credit, i.balance])).toEqual([['2026-01-26', 600, 0, 600]]);
});
