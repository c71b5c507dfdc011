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

beforeAll(async () => {
  s = await startSeededServer({ invoices: 300, recipients: 30 });
  const put = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Kvitt Testfirma AS', orgNumber: '987654325', address1: 'Storgata 1', zip: '0155', city: 'Oslo', phone: '22 33 44 55' } } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
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

  test('tax lines name codes of the tax table, each with its standard code', () => {
    const used = new Set(saft.transactions.flatMap((t) => t.lines.filter((l) => l.tax).map((l) => l.tax!.code)));
    expect([...used].sort()).toEqual([...saft.taxCodes.keys()].sort());
    for (const [code, t] of saft.taxCodes) expect(t.standard).toBe(code);
    expect(used.has('3')).toBe(true);
  });
});
