/**
 * The batched import (chunks of CHUNK, 100: one dedup query, one KID query, one claims query, rows written many an INSERT)
 * writes exactly what registering each payment through the payments service one by one wrote
 * (test/bank/reference-import.ts): two servers set up alike, the same generated files imported into each, then every
 * bank file, bank transaction, ledger entry, invoice balance and audit entry compared row by row, ids included.
 * The files cross chunk boundaries, pay some invoices many times in one chunk (partial, then over), repeat payments within
 * a file and across files, and mix unknown KIDs, KIDs without their zeros, money out, a foreign-currency invoice, paid,
 * credited and written-off invoices and payments without a KID that the auto-match setting places.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { LEGACY_OWNER } from '../../main/features/users/actor.js';
import { camtFile, ocrFile, ocrSpec, type CamtEntry, type OcrPayment, type OcrTransactionType } from '../helpers/bank-file-gen.js';
import { rng } from '../../main/seed/random.js';
import { referenceImport } from './reference-import.js';
import { importFile, invoice, OWN, startDocServer, type DocServer } from './setup.js';

let servers: DocServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

interface Book {
  open: { number: number; kid: string; kr: number }[];
  closed: string[];
  eur: string;
  olaKr: number;
}

/** The same invoices, in the same order, on a server: open ones, one paid, one credited, one written off, one in EUR. */
async function setUp(s: DocServer): Promise<Book> {
  expect((await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-03-01' } })).status).toBe(200);
  const open = [];
  for (let i = 0; i < 24; i++) open.push({ ...(await invoice(s, 200 + i * 37)), kr: 200 + i * 37 });
  const paid = await invoice(s, 100);
  const credited = await invoice(s, 100);
  const lost = await invoice(s, 100);
  const eur = await invoice(s, 100, { currency: 'EUR' });
  // Ola Nordmann (10 % discount): 1,234 kr becomes 1,110.60, an amount no other invoice has, for the auto-match.
  await invoice(s, 1234, { recipient: { number: s.person } });
  expect((await s.json(`/invoices/${paid.number}/payments`, { body: { date: '2026-03-02', amount: 100 } })).status).toBe(201);
  expect((await s.json(`/invoices/${credited.number}/credit-note`, { method: 'POST' })).status).toBe(201);
  expect((await s.json(`/invoices/${lost.number}/lost`, { body: { reason: 'Konkurs' } })).status).toBe(201);
  return { open, closed: [paid.kid, credited.kid, lost.kid], eur: eur.kid, olaKr: 1110.6 };
}

/** Payments of the book, seeded: many per open invoice (partial until over), the closed ones, unknown and stripped KIDs. */
function payments(b: Book, seed: number, n: number) {
  const r = rng(seed).next;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const out: { amountOre: number; kid?: string; name?: string; debit?: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const roll = r();
    if (roll < 0.7) {
      const inv = pick(b.open);
      out.push({ amountOre: Math.max(1, Math.round(inv.kr * 100 * (r() < 0.97 ? 0.002 + r() * 0.02 : 0.3 + r() * 0.3))), kid: r() < 0.1 ? inv.kid.replace(/^0+/, '') : inv.kid });
    } else if (roll < 0.78) out.push({ amountOre: 10_000, kid: pick(b.closed) });
    else if (roll < 0.84) out.push({ amountOre: 2_000 + Math.floor(r() * 5000), kid: '1234567890'.slice(0, 6 + Math.floor(r() * 3)) + '5' });
    else if (roll < 0.88) out.push({ amountOre: 11_500 + Math.floor(r() * 100), kid: b.eur });
    else if (roll < 0.92) out.push({ amountOre: 3_000, debit: true });
    else if (roll < 0.96) out.push({ amountOre: Math.round(b.olaKr * 100), name: 'NORDMANN OLA' });
    else out.push({ amountOre: 4_200 + Math.floor(r() * 50), name: 'Ukjent Betaler' });
  }
  return out;
}

function ocr(b: Book, seed: number, n: number, date = '2026-03-14'): string {
  const list: OcrPayment[] = payments(b, seed, n).map((p, i) => ({
    amountOre: p.amountOre,
    ...(p.kid ? { kid: p.kid } : {}),
    type: (p.debit ? 18 : p.kid ? 10 + (i % 8) : 21) as OcrTransactionType,
    ...(p.kid ? {} : { text: p.name ?? 'Betaling' }),
    serial: 1 + (i % 99_999),
  }));
  return ocrFile(ocrSpec(OWN, date, list));
}

function camt(b: Book, seed: number, n: number, ref: string): string {
  const entries: CamtEntry[] = payments(b, seed, n).map((p, i) => ({
    bookingDate: '2026-03-13',
    valueDate: i % 3 ? '2026-03-12' : null,
    credit: !p.debit,
    acctSvcrRef: `${ref}${i}`,
    transactions: [{ amountOre: p.amountOre, ...(p.kid ? { kid: p.kid } : {}), ...(p.name ? { partyName: p.name } : {}), partyAccount: '12345678903' }],
  }));
  return camtFile({ kind: 'camt.054', version: 8, accounts: [{ account: OWN, entries }] });
}

const TABLES = ['bank_files', 'bank_transactions', 'ledger_entries', 'invoice_balances', 'audit_log'] as const;

async function dump(s: DocServer) {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const rows = await s.app.ctx.db.selectFrom(t).selectAll().execute();
    const key = (row: Record<string, unknown>) => Number(row.id ?? row.document_id);
    out[t] = rows.sort((a, b) => key(a as never) - key(b as never)).map((row) => JSON.parse(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))));
  }
  return out;
}

describe('batched import = one payment at a time through the payments service', () => {
  test.each([false, true])('OCR and camt.054 files over chunk boundaries, with duplicates; auto-match %s', async (autoMatch) => {
    servers = await Promise.all([0, 1].map(() => startDocServer({ invoicing: { bankAutoMatch: autoMatch } })));
    const [fast, slow] = servers;
    const books = [await setUp(fast), await setUp(slow)];
    expect(books[1]).toEqual(books[0]);
    const b = books[0];
    const files = [
      ocr(b, 1, 1_180),
      camt(b, 2, 620, 'A'),
      ocr(b, 1, 1_300), // repeats the first file's 1,180 payments: duplicates, then 120 new
      camt(b, 3, 40, 'A'), // references A0..A39 again: all duplicates
    ];
    for (const [i, file] of files.entries()) {
      const viaHttp = await importFile(fast, file, `fil-${i}.txt`);
      const refId = await referenceImport({ ...slow.app.ctx, actor: LEGACY_OWNER }, Buffer.from(file, 'latin1'), `fil-${i}.txt`);
      expect(viaHttp.id).toBe(refId);
      expect(viaHttp, `file ${i}`).toEqual((await slow.json(`/bank-files/${refId}`)).body);
    }
    const [a, r] = [await dump(fast), await dump(slow)];
    for (const t of TABLES) expect(a[t], t).toEqual(r[t]);
    // The comparison saw every kind of outcome.
    const statuses = new Set((a.bank_transactions as { status: string; reason: string | null }[]).map((x) => `${x.status}/${x.reason}`));
    for (const s of ['MATCHED/null', 'UNMATCHED/INVOICE_PAID', 'UNMATCHED/INVOICE_CREDITED', 'UNMATCHED/INVOICE_WRITTEN_OFF', 'UNMATCHED/UNKNOWN_KID', 'UNMATCHED/NO_KID', 'IGNORED/DEBIT']) {
      expect(statuses, s).toContain(s);
    }
    const autoMatched = (a.bank_transactions as { status: string; kid: string | null }[]).filter((x) => x.status === 'MATCHED' && !x.kid);
    expect(autoMatched.length > 0).toBe(autoMatch);
    expect((a.bank_files as { duplicates: number }[]).map((f) => f.duplicates)).toEqual([0, 0, 1_180, 40]);
    const payments = (a.audit_log as { action: string }[]).filter((e) => e.action === 'payment');
    expect(payments.length).toBeGreaterThan(500);
    // Overpaid invoices (something to refund) came from the files too.
    expect((a.invoice_balances as { balance: number }[]).some((x) => x.balance < 0)).toBe(true);
    expect((a.ledger_entries as { currency_amount: number | null }[]).some((e) => e.currency_amount !== null)).toBe(true);
  }, 240_000);
});
