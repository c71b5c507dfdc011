import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { netForGross } from '../../main/features/invoices/credit-notes.service.js';
import { vatOf } from '../../main/domain/totals.js';
import { issueInvoice, numberOf, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const get = async (n: number) => (await s.json(`/invoices/${n}`)).body;
const post = (path: string, body?: unknown) => s.json(path, body === undefined ? { method: 'POST' } : { body });
// 9 068,75 at 25 %: VAT 2 267,19, total 11 335,94 (the issue's invoice)
const bigInvoice = (recipientNumber = s.company) =>
  issueInvoice(s, { recipient: { number: recipientNumber }, items: [{ description: 'Catering', quantity: 1, unitPrice: 9068.75, taxRate: 25 }] });

describe('"Hele restbeløpet" credits what is still owed; dialog (preview), API and note agree to the øre', () => {
  test('11 335,94 with a partial credit of 1 563,13 and 5 000,00 paid: the rest is 4 772,81 and the balance ends at 0,00', async () => {
    const n = await bigInvoice();
    expect((await get(n)).total).toBe(11335.94);
    const part = await post(`/invoices/${n}/credit-note`, { items: [{ description: 'Avbestilt', quantity: 1, unitPrice: 1250.5, taxRate: 25 }] });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect((await s.json(`/invoices/credit-notes/${numberOf(part.res)}`)).body.total).toBe(1563.13);
    expect((await post(`/invoices/${n}/payments`, { date: '2026-03-15', amount: 5000 })).status).toBe(201);
    expect(await get(n)).toMatchObject({ currentBalance: 4772.81, state: 'not-due', stateDetail: { label: 'not-due', partlyPaid: true, partlyCredited: true, paid: 5000, credited: 1563.13 } });

    const preview = await post(`/invoices/${n}/credit-note/preview`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ amount: 4772.81, balanceBefore: 4772.81, balanceAfter: 0, toRefund: 0, creditableLeft: 9772.81 });
    const done = await post(`/invoices/${n}/credit-note`);
    expect(done.status).toBe(201);
    const note = (await s.json(`/invoices/credit-notes/${numberOf(done.res)}`)).body;
    expect(note.total).toBe(preview.body.amount);
    expect(note.items[0].description).toBe(`Kreditering av utestående beløp, faktura ${n}`);
    expect(await get(n)).toMatchObject({ currentBalance: 0, state: 'paid', stateDetail: { label: 'paid', partlyPaid: false, toRefund: 0 } });
    // nothing is owed any more: "the rest" is refused by field, and the preview says so too
    expect((await post(`/invoices/${n}/credit-note/preview`)).body.fields[0].field).toBe('scope');
  });

  test('scope "uncredited" after a payment: the preview says what the customer gets back; list, page, API and sums agree', async () => {
    const n = await bigInvoice();
    await post(`/invoices/${n}/payments`, { date: '2026-03-15', amount: 5000 });
    const preview = (await post(`/invoices/${n}/credit-note/preview`, { scope: 'uncredited' })).body;
    expect(preview).toMatchObject({ amount: 11335.94, balanceBefore: 6335.94, balanceAfter: -5000, toRefund: 5000 });
    const done = await post(`/invoices/${n}/credit-note`, { scope: 'uncredited' });
    expect((await s.json(`/invoices/credit-notes/${numberOf(done.res)}`)).body.total).toBe(11335.94);

    const one = await get(n);
    expect(one).toMatchObject({ currentBalance: -5000, state: 'paid', stateDetail: { label: 'credited', fullyCredited: true, toRefund: 5000 } });
    const inList = (await s.json(`/invoices/paid?withState=true&perPage=200`)).body.find((i: { number: number }) => i.number === n);
    expect({ state: inList.state, stateDetail: inList.stateDetail }).toEqual({ state: one.state, stateDetail: one.stateDetail });
    const all = (await s.json(`/invoices/?withState=true&q=${n}&perPage=5`)).body.find((i: { number: number }) => i.number === n);
    expect(all.stateDetail).toEqual(one.stateDetail);
    const sums = (await s.json(`/invoices/sums?state=paid&recipientNumber=${s.company}`)).body;
    expect(sums.balance).toBe(0);
    expect(sums.toRefund).toBeGreaterThanOrEqual(5000);

    // refund: a ledger entry; the history keeps payment, credit and refund; the balance reaches 0,00
    const tooMuch = await post(`/invoices/${n}/refunds`, { date: '2026-03-15', amount: 5000.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields[0]).toMatchObject({ field: 'amount', message: expect.stringMatching(/5000\.00|5 000,00/) });
    const refund = await post(`/invoices/${n}/refunds`, { date: '2026-03-16', note: 'Overført til kundens konto' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body).toMatchObject({ kind: 'refund', amount: -5000, date: '2026-03-16', reason: 'Overført til kundens konto' });
    expect(await get(n)).toMatchObject({ currentBalance: 0, stateDetail: { toRefund: 0, paid: 0 } });
    const history = (await s.json(`/invoices/${n}/payments`)).body.map((e: { kind: string }) => e.kind);
    expect(history).toEqual(['payment', 'refund']);
    expect((await post(`/invoices/${n}/refunds`, { date: '2026-03-16' })).status).toBe(409);
  });

  test('moving a credit to another open invoice of the same customer: both entries kept, each names the other invoice', async () => {
    const a = await bigInvoice();
    const b = await bigInvoice();
    const other = await bigInvoice(s.person);
    await post(`/invoices/${a}/payments`, { date: '2026-03-15', amount: 11335.94 });
    await post(`/invoices/${a}/credit-note`, { items: [{ description: 'Rabatt', quantity: 1, unitPrice: 800, taxRate: 25 }] });
    expect((await get(a)).currentBalance).toBe(-1000);

    const wrong = await post(`/invoices/${a}/credit-transfer`, { toInvoice: other });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields[0]).toMatchObject({ field: 'toInvoice', message: expect.stringMatching(/another customer/) });
    expect((await post(`/invoices/${a}/credit-transfer`, { toInvoice: 999999 })).body.fields[0].field).toBe('toInvoice');
    expect((await post(`/invoices/${a}/credit-transfer`, { toInvoice: b, amount: 1000.01 })).body.fields[0].field).toBe('amount');
    expect((await post(`/invoices/${a}/credit-transfer`, { toInvoice: b, bogus: 1 })).status).toBe(400);
    expect((await get(b)).currentBalance).toBe(11335.94);

    const moved = await post(`/invoices/${a}/credit-transfer`, { toInvoice: b });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body).toMatchObject({ kind: 'credit-transfer-out', amount: -1000, otherInvoice: b });
    expect((await get(a)).currentBalance).toBe(0);
    expect(await get(b)).toMatchObject({ currentBalance: 10335.94, stateDetail: { partlyPaid: true, paid: 1000 } });
    const inB = (await s.json(`/invoices/${b}/payments`)).body;
    expect(inB).toEqual([expect.objectContaining({ kind: 'credit-transfer-in', amount: 1000, otherInvoice: a })]);
    expect((await post(`/invoices/${a}/credit-transfer`, { toInvoice: b })).status).toBe(409);
  });

  test('several VAT rates, partly paid: the preview and the issued note agree, and the balance ends within the VAT rounding', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 3 }, { productCode: 'MAT', quantity: 7 }, { productCode: 'BOK', quantity: 2 }] });
    await post(`/invoices/${n}/payments`, { date: '2026-03-15', amount: 1234.57 });
    const before = (await get(n)).currentBalance;
    const preview = (await post(`/invoices/${n}/credit-note/preview`)).body;
    expect(preview.balanceBefore).toBe(before);
    const done = await post(`/invoices/${n}/credit-note`);
    const note = (await s.json(`/invoices/credit-notes/${numberOf(done.res)}`)).body;
    expect(note.total).toBe(preview.amount);
    expect(note.items).toHaveLength(3);
    const after = (await get(n)).currentBalance;
    expect(after).toBe(preview.balanceAfter);
    expect(Math.abs(after)).toBeLessThanOrEqual(0.03);
    expect(after).toBeLessThanOrEqual(0);
  });

  test('netForGross: net + VAT is the gross, or one øre above where VAT rounding skips it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), fc.constantFrom(2500, 1500, 1200, 0), (gross, rate) => {
        const n = netForGross(gross, rate);
        const got = n + vatOf(n, rate);
        expect(got === gross || got === gross + 1).toBe(true);
        if (got === gross + 1) expect(n - 1 + vatOf(n - 1, rate)).toBeLessThan(gross);
      }),
    );
  });

  test('a partly paid invoice reads "partly paid" next to its due state; bad bodies are 400 and write nothing', async () => {
    const n = await bigInvoice();
    await post(`/invoices/${n}/payments`, { date: '2026-03-15', amount: 100 });
    expect((await get(n)).stateDetail).toMatchObject({ label: 'not-due', partlyPaid: true });
    expect((await post(`/invoices/${n}/credit-note/preview`, { scope: 'all' })).status).toBe(400);
    expect((await post(`/invoices/${n}/credit-note`, { scope: 'owed', items: [{ description: 'x', quantity: 1, unitPrice: 1, taxRate: 25 }] })).body.fields[0].field).toBe('scope');
    expect((await post(`/invoices/${n}/refunds`, { date: '2026-03-15' })).status).toBe(409);
    expect((await post(`/invoices/999999/credit-note/preview`)).status).toBe(404);
    expect((await get(n)).currentBalance).toBe(11235.94);
  });
});

describe('lists', () => {
  test('the Utkast sums count a credit-note draft against the invoice drafts', async () => {
    const before = (await s.json('/invoices/sums?state=draft')).body;
    const inv = await bigInvoice();
    const d1 = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, items: [{ description: 'x', quantity: 1, unitPrice: 100, taxRate: 25 }] } });
    expect(d1.status).toBe(201);
    const d2 = await s.json('/invoices/drafts/', { body: { credit: true, creditedInvoiceNumber: inv, recipient: { number: s.company }, items: [{ description: 'y', quantity: 1, unitPrice: 40, taxRate: 25 }] } });
    expect(d2.status, JSON.stringify(d2.body)).toBe(201);
    const after = (await s.json('/invoices/sums?state=draft')).body;
    expect(after.count - before.count).toBe(2);
    expect(Math.round((after.total - before.total) * 100)).toBe(12500 - 5000);
  });

  test('search by number, KID, customer and amount; sort by any column; bad sort is 400', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.person }, items: [{ description: 'Søkbar', quantity: 1, unitPrice: 4321, taxRate: 25 }] });
    const inv = await get(n);
    const ids = async (q: string) => (await s.json(`/invoices/?perPage=50&q=${encodeURIComponent(q)}`)).body.map((i: { number: number }) => i.number);
    expect(await ids(String(n))).toContain(n);
    expect(await ids(inv.kid)).toEqual([n]);
    // Ola Nordmann has a 10 % discount: 4 321,00 less 10 % plus VAT is 4 861,13
    expect(inv.total).toBe(4861.13);
    expect(await ids('4 861,13')).toEqual([n]);
    expect(await ids('4861.13')).toEqual([n]);
    expect(await ids('ola nord')).toContain(n);
    expect((await s.json(`/invoices/sums?q=4861,13`)).body.count).toBe(1);
    const asc = (await s.json('/invoices/?perPage=500&sort=total&dir=asc')).body.map((i: { total: number }) => i.total);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const byCustomer = (await s.json('/invoices/?perPage=500&sort=customer&dir=desc')).body.map((i: { recipient: { name: string } }) => i.recipient.name);
    expect(byCustomer[0]).toBe('Ola Nordmann');
    const paged = [1, 2, 3].map((p) => s.json(`/invoices/?perPage=3&page=${p}&sort=balance&dir=desc`));
    const pages = (await Promise.all(paged)).flatMap((r) => r.body.map((i: { number: number }) => i.number));
    expect(new Set(pages).size).toBe(pages.length);
    const streamed = (await s.json('/invoices/?sort=total&dir=asc')).body.map((i: { total: number }) => i.total);
    expect(streamed).toEqual(asc);
    expect((await s.json('/invoices/?sort=kid')).status).toBe(400);
    expect((await s.json('/invoices/credit-notes?sort=balance&perPage=5')).status).toBe(400);
    expect((await s.json(`/invoices/credit-notes?perPage=5&q=${n}`)).status).toBe(200);
  });
});
