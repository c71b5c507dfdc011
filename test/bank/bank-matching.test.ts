import { afterEach, describe, expect, test } from 'vitest';
import { buildKid } from '../../main/domain/kid.js';
import { camtFile, type CamtTransaction } from '../helpers/bank-file-gen.js';
import { importFile, invoice, invoiceView, OWN, payments, startDocServer, transactions, type DocServer } from './setup.js';

let s: DocServer;
afterEach(() => s?.close());

const camt = (txs: CamtTransaction[], ref = 'M') =>
  camtFile({ kind: 'camt.054', version: 8, accounts: [{ account: OWN, entries: txs.map((t, i) => ({ bookingDate: '2026-03-13', acctSvcrRef: `${ref}${i}`, transactions: [t] })) }] });
const settings = (body: Record<string, unknown>) => s.json('/originators/current/settings', { method: 'PUT', body });

describe('KID schemes', () => {
  test('every scheme and base the settings allow is matched, also invoices issued before a change of scheme or without a KID', async () => {
    s = await startDocServer();
    const issued: { number: number; kid: string; label: string }[] = [];
    for (const [kidScheme, kidBase, kidLength] of [['MOD10', 'INVOICE', 8], ['MOD11', 'INVOICE', 10], ['MOD10', 'CUSTOMER_INVOICE', 12], ['MOD11', 'CUSTOMER_INVOICE', 14]] as const) {
      expect((await settings({ invoicing: { kidScheme, kidBase, kidLength } })).status).toBe(200);
      const inv = await invoice(s, 100);
      expect(inv.kid, `${kidScheme} ${kidBase}`).toHaveLength(kidLength);
      issued.push({ ...inv, label: `${kidScheme}/${kidBase}` });
    }
    // Issued while the scheme was NONE: no KID stored; the customer pays with the MOD11 customer+invoice KID it would have.
    expect((await settings({ invoicing: { kidScheme: 'NONE' } })).status).toBe(200);
    const bare = await invoice(s, 100);
    expect(bare.kid).toBeNull();
    const customer = (await s.json(`/recipients/${s.company}`)).body.customerNumber;
    const inferred = buildKid({ kidScheme: 'MOD11', kidBase: 'CUSTOMER_INVOICE', kidLength: 9 }, bare.number, customer)!;
    // The scheme is MOD10 by invoice number now: older KIDs still match.
    expect((await settings({ invoicing: { kidScheme: 'MOD10', kidBase: 'INVOICE', kidLength: 8 } })).status).toBe(200);
    const f = await importFile(s, camt([...issued.map((i) => ({ amountOre: 10_000, kid: i.kid })), { amountOre: 10_000, kid: inferred }, { amountOre: 10_000, kid: issued[0].kid.replace(/^0+/, '') }]));
    const txs = await transactions(s, f.id);
    expect(txs.slice(0, 5).map((t) => [t.status, t.invoiceNumber])).toEqual([...issued, bare].map((i) => ['MATCHED', i.number]));
    // The first invoice's KID without its leading zeros: the same invoice, already paid now.
    expect(txs[5]).toMatchObject({ status: 'UNMATCHED', reason: 'INVOICE_PAID', invoiceNumber: issued[0].number });
    for (const i of [...issued, bare]) expect((await invoiceView(s, i.number)).state).toBe('paid');
  });

  test('the KID a reminder prints is the invoice KID, and pays the invoice with its fee', async () => {
    s = await startDocServer();
    const inv = await invoice(s, 500, { invoiceDate: '2026-01-10', dueDate: '2026-01-24' });
    const dunning = await s.json('/dunnings/', { body: { invoiceNumber: inv.number } });
    expect(dunning.status, JSON.stringify(dunning.body)).toBe(201);
    const owed = (await invoiceView(s, inv.number)).currentBalance;
    expect(owed).toBeGreaterThan(500);
    const pdf = await s.api(`/dunnings/${dunning.body.number}/pdf`);
    expect(pdf.status).toBe(200);
    const f = await importFile(s, camt([{ amountOre: Math.round(owed * 100), kid: inv.kid }]));
    expect(f.matched).toBe(1);
    expect((await invoiceView(s, inv.number)).state).toBe('paid');
  });
});

describe('working the unmatched list', () => {
  test('suggestions by payer name; match registers the payment dated the transaction, unmatch reverses it, ignore and undo', async () => {
    s = await startDocServer();
    const ola = await invoice(s, 500, { recipient: { number: s.person } }); // Ola has 10 % discount: 450
    const other = await invoice(s, 450);
    const f = await importFile(s, camt([{ amountOre: 45_000, partyName: 'NORDMANN OLA', message: 'husleie' }, { amountOre: 1_000, partyName: 'Ukjent' }]));
    const [tx, stray] = await transactions(s, f.id);
    expect(tx).toMatchObject({ status: 'UNMATCHED', reason: 'NO_KID', payerName: 'NORDMANN OLA' });
    // Both invoices have the amount; only Ola's customer has the payer's name.
    expect(tx.suggestions).toEqual([
      { invoiceNumber: ola.number, reason: 'SAME_AMOUNT' },
      { invoiceNumber: other.number, reason: 'SAME_AMOUNT' },
    ]);
    const named = await importFile(s, camt([{ amountOre: 12_300, partyName: 'Ola Nordmann' }], 'N'));
    expect((await transactions(s, named.id))[0].suggestions).toEqual([{ invoiceNumber: ola.number, reason: 'PAYER_NAME' }]);

    const matched = await s.json(`/bank-transactions/${tx.id}/match`, { body: { invoiceNumber: ola.number } });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body).toMatchObject({ status: 'MATCHED', reason: null, invoiceNumber: ola.number, suggestions: [] });
    const [p] = await payments(s, ola.number);
    expect(p).toMatchObject({ id: matched.body.paymentId, date: '2026-03-13', amount: 450, bankTransaction: { id: tx.id, bankFileId: f.id } });
    expect((await invoiceView(s, ola.number)).state).toBe('paid');
    expect((await s.json(`/bank-files/${f.id}`)).body).toMatchObject({ matched: 1, unmatched: 1, matchedAmount: 450 });

    // A second match, or a match to an invoice that is paid now, is refused and writes nothing.
    expect((await s.json(`/bank-transactions/${tx.id}/match`, { body: { invoiceNumber: other.number } })).body.code).toBe('ALREADY_MATCHED');
    const paidAgain = await s.json(`/bank-transactions/${stray.id}/match`, { body: { invoiceNumber: ola.number } });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body.fields[0]).toMatchObject({ field: 'invoiceNumber', code: 'INVOICE_NOT_OPEN', params: { number: ola.number, reason: 'INVOICE_PAID' } });
    expect((await s.json(`/bank-transactions/${stray.id}/match`, { body: { invoiceNumber: 999_999 } })).status).toBe(404);
    expect((await s.json('/bank-transactions/999999/ignore', { method: 'POST' })).status).toBe(404);

    const undone = await s.json(`/bank-transactions/${tx.id}/unmatch`, { method: 'POST' });
    expect(undone.body).toMatchObject({ status: 'UNMATCHED', reason: 'BY_USER', invoiceNumber: null, paymentId: null });
    expect((await payments(s, ola.number)).map((e) => [e.kind, e.amount])).toEqual([['payment', 450], ['payment-reversal', -450]]);
    expect((await invoiceView(s, ola.number)).currentBalance).toBe(450);

    expect((await s.json(`/bank-transactions/${stray.id}/ignore`, { method: 'POST' })).body).toMatchObject({ status: 'IGNORED', reason: 'BY_USER' });
    expect((await s.json(`/bank-transactions/${stray.id}/ignore`, { method: 'POST' })).body.code).toBe('ALREADY_IGNORED');
    expect((await s.json('/bank-transactions/?status=IGNORED')).body.map((t: { id: number }) => t.id)).toEqual([stray.id]);
    expect((await s.json(`/bank-transactions/${stray.id}/unmatch`, { method: 'POST' })).body.status).toBe('UNMATCHED');
    expect((await s.json(`/bank-transactions/${stray.id}/unmatch`, { method: 'POST' })).body.code).toBe('NOT_MATCHED');

    // Each change has its audit entry.
    const audit = await s.app.ctx.db.selectFrom('audit_log').select(['entity', 'action']).where('entity', 'in', ['bank-transaction', 'bank-file']).orderBy('id').execute();
    expect(audit.map((a) => `${a.entity} ${a.action}`)).toEqual(['bank-file import', 'bank-file import', 'bank-transaction match', 'bank-transaction unmatch', 'bank-transaction ignore', 'bank-transaction unignore']);
  });

  test('auto-match (Settings): exactly one open invoice with the amount and the payer as its customer; off by default', async () => {
    s = await startDocServer();
    const ola = await invoice(s, 1000, { recipient: { number: s.person } }); // 10 % discount: 900
    const off = await importFile(s, camt([{ amountOre: 90_000, partyName: 'Ola Nordmann' }], 'A'));
    expect(off).toMatchObject({ matched: 0, unmatched: 1 });
    expect((await settings({ invoicing: { bankAutoMatch: true } })).status).toBe(200);
    const on = await importFile(s, camt([{ amountOre: 90_000, partyName: 'Ola Nordmann' }, { amountOre: 90_000, partyName: 'Kari Hansen' }], 'B'));
    expect(on).toMatchObject({ matched: 1, unmatched: 1 });
    expect((await invoiceView(s, ola.number)).state).toBe('paid');
    // Two open invoices with the amount: nothing is guessed.
    const a = await invoice(s, 99);
    await invoice(s, 99);
    const two = await importFile(s, camt([{ amountOre: 9_900, partyName: 'Fjord Bygg AS' }], 'C'));
    expect(two).toMatchObject({ matched: 0, unmatched: 1 });
    expect((await transactions(s, two.id))[0].suggestions.map((x: { invoiceNumber: number }) => x.invoiceNumber)).toContain(a.number);
  });
});
