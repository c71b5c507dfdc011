/**
 * GET /reports/saft over a seeded year (every VAT rate and category, EUR and SEK invoices, payments with bank fees,
 * credit notes, losses) plus reminder fees and interest, a refund, a write-off and its reversal, and a customer who
 * moved: the file validates against Skatteetaten's XSD, every transaction balances, the file's totals balance, the
 * customers' closing balances sum to the receivable account's, which is the customer balance report's total.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { reportJson, startSeededServer } from '../reports/setup.js';
import { readSaft, validateSaft, type SaftRead } from './saft-read.js';

let s: TestServer;
let file: string;
let saft: SaftRead;
let res: Response;

let mover = 0;
const ok = async (path: string, init?: { method?: string; body?: unknown }) => {
  const r = await s.json(path, init);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r;
};
const numberIn = (r: { res: Response }) => Number(r.res.headers.get('location')!.split('/').pop());

/** What the seed lacks: a product with its own sales account, a reminder with fee and interest, an overpayment paid
 *  back, a write-off and its reversal, and a customer who moved after being invoiced. */
async function moreHistory() {
  await ok('/products/', { body: { code: 'KONS', description: 'Rådgivning', unitPrice: 1000, taxRate: 25, salesAccount: '3020' } });
  mover = numberIn(await ok('/recipients/', { body: { name: 'Flyttefirma AS', contact: { address: { address1: 'Bryggen 1', zip: '5003', city: 'BERGEN' } } } }));
  s.clock.set('2026-01-10');
  const first = numberIn(await ok('/invoices/', { body: { recipient: { number: mover }, items: [{ productCode: 'KONS', quantity: 2 }] } }));
  const second = numberIn(await ok('/invoices/', { body: { recipient: { number: mover }, items: [{ productCode: 'KONS', quantity: 1 }] } }));
  s.clock.set('2026-02-20');
  await ok('/dunnings/', { body: { invoiceNumber: first } });
  s.clock.set('2026-02-25');
  const owed = (await ok(`/invoices/${first}`)).body;
  await ok(`/invoices/${first}/payments`, { body: { date: '2026-02-25', amount: Number(owed.currentBalance) + 100 } });
  await ok(`/invoices/${first}/refunds`, { body: { date: '2026-02-26' } });
  s.clock.set('2026-03-01');
  await ok(`/invoices/${second}/lost`, { body: { reason: 'Konkurs' } });
  s.clock.set('2026-03-02');
  await ok(`/invoices/${second}/lost/reverse`, { method: 'POST' });
  const r = (await ok(`/recipients/${mover}`)).body;
  await ok(`/recipients/${mover}`, { method: 'PUT', body: { name: r.name, contact: { address: { address1: 'Storgata 9', zip: '9008', city: 'TROMSØ' } } } });
  s.clock.set('2026-03-15');
}

beforeAll(async () => {
  s = await startSeededServer({ invoices: 300, recipients: 30 });
  const put = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Kvitt Testfirma AS', orgNumber: '987654325', address1: 'Storgata 1', zip: '0155', city: 'Oslo', phone: '22 33 44 55' }, invoicing: { backdatingDays: 365 } } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  await moreHistory();
  res = await s.api('/reports/saft?from=2026-01-01&to=2026-03-15');
  file = await res.text();
  saft = readSaft(file);
}, 120_000);
afterAll(() => s?.close());

describe('SAF-T Financial file', () => {
  test('is named as Skatteetaten prescribes and validates against the 1.30 schema', () => {
    expect(res.status, file.slice(0, 300)).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("filename*=UTF-8''")[1])).toMatch(/^SAF-T Financial_987654325_\d{14}\.xml$/);
    expect(validateSaft(file)).toBe('');
    expect(saft.header.AuditFileVersion).toBe('1.30');
    expect(saft.header['Company.RegistrationNumber']).toBe('987654325');
    expect(saft.header.DefaultCurrencyCode).toBe('NOK');
  });

  test('every transaction balances and the file totals equal the lines', () => {
    expect(saft.transactions.length).toBeGreaterThan(50);
    expect(saft.entries).toBe(saft.transactions.length);
    let debit = 0;
    let credit = 0;
    for (const t of saft.transactions) {
      expect(t.lines.reduce((a, l) => a + l.amount, 0), t.id).toBe(0);
      for (const l of t.lines) l.amount > 0 ? (debit += l.amount) : (credit -= l.amount);
      expect(t.date >= '2026-01-01' && t.date <= '2026-03-15').toBe(true);
    }
    expect(saft.totalDebit).toBe(debit);
    expect(saft.totalCredit).toBe(credit);
  });

  test("each account's closing balance is its opening plus the period's lines", () => {
    const moved = new Map<string, number>();
    for (const t of saft.transactions) for (const l of t.lines) moved.set(l.account, (moved.get(l.account) ?? 0) + l.amount);
    for (const [id, a] of saft.accounts) expect(a.closing, id).toBe(a.opening + (moved.get(id) ?? 0));
  });

  test("customers' closing balances sum to 1500's closing balance, the customer balance report's total", async () => {
    const receivable = saft.accounts.get('1500')!;
    const customers = [...saft.customers.values()];
    expect(customers.reduce((a, c) => a + c.closing, 0)).toBe(receivable.closing);
    expect(customers.reduce((a, c) => a + c.opening, 0)).toBe(receivable.opening);
    const balances = await reportJson(s, 'recipients/balance', { to: '2026-03-15' });
    expect(balances.items.reduce((a, r) => a + Math.round(r.balance * 100), 0)).toBe(receivable.closing);
    const opening = await reportJson(s, 'recipients/balance', { to: '2025-12-31' });
    expect(opening.items.reduce((a, r) => a + Math.round(r.balance * 100), 0)).toBe(receivable.opening);
  });

  test('the added history is in the file: own sales account, reminder fee and interest, refund, write-off and reversal, the new address', () => {
    expect(saft.accounts.get('3020')?.closing).toBe(-300000);
    const types = new Set(saft.transactions.map((t) => t.type));
    for (const type of ['Faktura', 'Kreditnota', 'Purring', 'Innbetaling', 'Utbetaling', 'Tap']) expect(types, type).toContain(type);
    expect(saft.accounts.get('3900')!.closing).toBeLessThan(0);
    expect(saft.accounts.get('8055')!.closing).toBeLessThan(0);
    const moved = [...saft.customers.values()].find((c) => c.name === 'Flyttefirma AS')!;
    expect(moved.city).toBe('TROMSØ');
    // The refunded invoice is settled; the reversed write-off is owed again: 1000 kr + 25 % VAT.
    expect(moved.closing).toBe(125000);
  });

  test('tax lines name codes of the tax table, each with its standard code', () => {
    const used = new Set(saft.transactions.flatMap((t) => t.lines.filter((l) => l.tax).map((l) => l.tax!.code)));
    expect([...used].sort()).toEqual([...saft.taxCodes.keys()].sort());
    for (const [code, t] of saft.taxCodes) expect(t.standard).toBe(code);
    expect(used.has('3')).toBe(true);
  });
});
