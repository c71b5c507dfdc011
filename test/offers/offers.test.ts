/**
 * Offers and order confirmations over real HTTP: drafts, issue with their own series, expiry date, read, paged lists,
 * the chain offer -> order confirmation -> invoice draft, PDFs, and the offer history (spec 4.6).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { recordShipment } from '../../main/features/sending/outbox.js';
import { numberOf, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kvitt-offers-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await s?.close();
});

const offerBody = (over: Record<string, unknown> = {}) => ({
  recipient: { number: s.company },
  invoiceDate: '2026-03-10',
  ourReference: 'Kari Nordmann',
  orderNumber: 'PO-77',
  items: [
    { productCode: 'A1', quantity: 7.5 },
    { productCode: 'MAT', quantity: 12 },
    { description: 'Montering', quantity: 1, unitPrice: 999.99, taxRate: 25, discount: 10 },
  ],
  ...over,
});

async function created(path: string, body: unknown = undefined) {
  const r = await s.json(path, { method: 'POST', body: body ?? {} });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...r, location: r.res.headers.get('location')!, n: numberOf(r.res) };
}

/** Writes and issues an offer; returns its number. */
async function issueOffer(over: Record<string, unknown> = {}): Promise<number> {
  const d = await created('/offer/drafts/', offerBody(over));
  return (await created(`/offer/drafts/${d.n}/issue`)).n;
}

function pdfText(buf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ');
}

describe('offer drafts', () => {
  test('create (201 + Location), read, replace, delete', async () => {
    s = await startDocServer();
    const c = await created('/offer/drafts/', offerBody({ expiryDate: '2026-04-30' }));
    expect(c.location).toBe(`${s.base}/offer/drafts/${c.n}`);
    expect(c.body).toMatchObject({ number: c.n, kind: 'offer', expiryDate: '2026-04-30', invoiceDate: '2026-03-10' });

    const got = await s.json(`/offer/drafts/${c.n}`);
    expect(got.status).toBe(200);
    // 7.5 x 1250 = 9375 (25 %), 12 x 89.50 = 1074 (15 %), 999.99 less 10 % = 899.99 (25 %)
    expect(got.body.items).toHaveLength(3);
    expect(got.body.total).toBeCloseTo(9375 + 1074 + 899.99 + (9375 + 899.99) * 0.25 + 1074 * 0.15, 2);
    expect(got.body._links.self.uri).toBe(`/offer/drafts/${c.n}`);

    const put = await s.json(`/offer/drafts/${c.n}`, { method: 'PUT', body: offerBody({ items: [{ productCode: 'A1', quantity: 2 }] }) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.items).toHaveLength(1);
    expect(put.body.total).toBe(3125);
    expect(put.body.expiryDate).toBeNull();

    // an offer draft is not an invoice draft, nor an order confirmation draft
    expect((await s.json(`/invoices/drafts/${c.n}`)).status).toBe(404);
    expect((await s.json(`/order-confirmation/drafts/${c.n}`)).status).toBe(404);

    const list = await s.json('/offer/drafts/');
    expect(list.body.map((d: any) => d.number)).toEqual([c.n]);

    expect((await s.api(`/offer/drafts/${c.n}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(`/offer/drafts/${c.n}`)).status).toBe(404);
    expect((await s.api(`/offer/drafts/${c.n}`, { method: 'DELETE' })).status).toBe(404);
  });

  test('rules: no credit, expiry not before the date, real recipient; every bad field named', async () => {
    s = await startDocServer();
    const bad = await s.json('/offer/drafts/', { body: offerBody({ credit: true, creditedInvoiceNumber: 10001 }) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field)).toContain('credit');
    const early = await s.json('/offer/drafts/', { body: offerBody({ expiryDate: '2026-03-01' }) });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual([expect.objectContaining({ field: 'expiryDate' })]);
    const nobody = await s.json('/offer/drafts/', { body: offerBody({ recipient: { number: 9999 } }) });
    expect(nobody.status).toBe(400);
    expect(nobody.body.fields.map((f: any) => f.field)).toContain('recipient.number');
    const schema = await s.json('/offer/drafts/', { body: { items: [] } });
    expect(schema.status).toBe(400);
    expect(schema.body.fields.map((f: any) => f.field)).toContain('recipient');
    // an order confirmation has no expiry date
    const oc = await s.json('/order-confirmation/drafts/', { body: offerBody({ expiryDate: '2026-04-30' }) });
    expect(oc.status).toBe(400);
    expect(oc.body.fields.map((f: any) => f.field)).toContain('expiryDate');
  });
});

describe('issuing offers', () => {
  test('201 + Location /offer/{n}; expiry = date + offerValidDays; the draft is gone; read back frozen', async () => {
    s = await startDocServer({ invoicing: { offerValidDays: 21 } });
    const d = await created('/offer/drafts/', offerBody());
    const i = await created(`/offer/drafts/${d.n}/issue`);
    expect(i.location).toBe(`${s.base}/offer/1001`);
    expect(i.n).toBe(1001);
    expect((await s.json(`/offer/drafts/${d.n}`)).status).toBe(404);

    const o = await s.json('/offer/1001');
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({
      number: 1001,
      invoiceDate: '2026-03-10',
      expiryDate: '2026-03-31',
      state: 'open',
      orderNumber: 'PO-77',
      ourReference: 'Kari Nordmann',
      yourReference: 'Per Ærlig',
      currency: 'NOK',
      source: null,
      successors: [],
      recipient: { number: s.company, name: 'Fjord Bygg AS', organisationNumber: '923609016' },
      originator: { name: 'Fjordkraft Rådgivning AS', organisationNumber: '923609016' },
      _links: {
        self: { uri: '/offer/1001' },
        pdf: { uri: '/offer/1001/pdf' },
        history: { uri: '/offer/1001/history' },
        orderConfirmation: { uri: '/offer/1001/order-confirmation' },
        invoice: { uri: '/offer/1001/invoice' },
      },
    });
    expect(o.body.items[0]).toMatchObject({ number: 1, productCode: 'A1', quantity: 7.5, unitPrice: 1250, taxRate: 25, totalWithoutTax: 9375, total: 11718.75 });
    expect(o.body).not.toHaveProperty('kid');

    // an explicit expiry date is kept; without a date the offer is dated today (the clock)
    const j = await issueOffer({ invoiceDate: null, expiryDate: '2026-06-01' });
    expect((await s.json(`/offer/${j}`)).body).toMatchObject({ invoiceDate: '2026-03-15', expiryDate: '2026-06-01' });

    // once the clock passes the expiry date the offer reads as expired
    s.clock.set('2026-04-01');
    expect((await s.json('/offer/1001')).body.state).toBe('expired');

    expect((await s.json('/offer/999')).status).toBe(404);
    expect((await s.json('/offer/abc')).status).toBe(400);
    expect((await s.api('/offer/1001', { method: 'DELETE' })).status).toBe(405);
  });

  test('offers and order confirmations have their own continuous series, apart from invoices', async () => {
    s = await startDocServer({ invoicing: { firstOfferNumber: 501, firstOrderConfirmationNumber: 7001, firstInvoiceNumber: 30001 } });
    const inv = await created('/invoices/', { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    expect(inv.n).toBe(30001);
    expect(await issueOffer()).toBe(501);
    expect(await issueOffer({ recipient: { number: s.person } })).toBe(502);
    const ocDraft = await created('/order-confirmation/drafts/', offerBody());
    expect(ocDraft.location).toBe(`${s.base}/order-confirmation/drafts/${ocDraft.n}`);
    const oc = await created(`/order-confirmation/drafts/${ocDraft.n}/issue`);
    expect(oc.location).toBe(`${s.base}/order-confirmation/7001`);
    const conv = await created('/offer/501/order-confirmation');
    expect(conv.location).toBe(`${s.base}/order-confirmation/7002`);
    expect(await issueOffer()).toBe(503);
    const inv2 = await created('/invoices/', { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    expect(inv2.n).toBe(30002);
    // concurrent issues: no gap, no duplicate
    const drafts = await Promise.all(Array.from({ length: 6 }, () => created('/offer/drafts/', offerBody())));
    const numbers = await Promise.all(drafts.map((d) => created(`/offer/drafts/${d.n}/issue`).then((r) => r.n)));
    expect([...numbers].sort()).toEqual([504, 505, 506, 507, 508, 509]);
    const list = await s.json('/offer/');
    expect(list.body.map((o: any) => o.number)).toEqual([509, 508, 507, 506, 505, 504, 503, 502, 501]);
  });
});

describe('lists', () => {
  test('GET /offer/ and /order-confirmation/: descending, paged with Link, filtered by recipient and date', async () => {
    s = await startDocServer();
    await issueOffer({ invoiceDate: '2026-01-05' });
    await issueOffer({ invoiceDate: '2026-02-05', recipient: { number: s.person } });
    await issueOffer({ invoiceDate: '2026-03-05' });
    await created('/offer/1001/order-confirmation');

    const all = await s.json('/offer/');
    expect(all.status).toBe(200);
    expect(all.body.map((o: any) => o.number)).toEqual([1003, 1002, 1001]);
    expect(all.body[2]).toMatchObject({ state: 'converted', successors: [{ kind: 'order-confirmation', number: 2001, uri: '/order-confirmation/2001' }] });

    const page = await s.json('/offer/?perPage=1&page=2');
    expect(page.body.map((o: any) => o.number)).toEqual([1002]);
    expect(page.res.headers.get('x-total-count')).toBe('3');
    const link = page.res.headers.get('link')!;
    expect(link).toContain('rel="first"');
    expect(link).toContain('rel="prev"');
    expect(link).toContain('rel="next"');
    expect(link).toMatch(/<\/offer\/\?perPage=1&page=3>; rel="last"/);

    expect((await s.json(`/offer/?recipientNumber=${s.person}`)).body.map((o: any) => o.number)).toEqual([1002]);
    expect((await s.json('/offer/?from=2026-02-01&to=2026-03-01')).body.map((o: any) => o.number)).toEqual([1002]);
    expect((await s.json('/offer/?from=2026-13-01')).status).toBe(400);
    expect((await s.json('/offer/?perPage=0')).status).toBe(400);

    const ocs = await s.json('/order-confirmation/?perPage=10');
    expect(ocs.body.map((o: any) => o.number)).toEqual([2001]);
    expect(ocs.body[0].source).toEqual({ kind: 'offer', number: 1001, uri: '/offer/1001' });
    expect((await s.json('/order-confirmation/?perPage=10&page=5')).body).toEqual([]);
  });
});

describe('the chain offer -> order confirmation -> invoice', () => {
  test('converts with the same content, keeps the chain in source_document_id, and refuses a second conversion', async () => {
    s = await startDocServer();
    const offer = await issueOffer({ deliveryAddress: { address: 'Byggeplass 4', zip: '0150', city: 'OSLO', country: 'NORGE' } });
    const o = (await s.json(`/offer/${offer}`)).body;

    const oc = await created(`/offer/${offer}/order-confirmation`);
    expect(oc.location).toBe(`${s.base}/order-confirmation/2001`);
    const ocBody = (await s.json('/order-confirmation/2001')).body;
    expect(ocBody).toMatchObject({
      number: 2001,
      invoiceDate: '2026-03-15',
      orderNumber: 'PO-77',
      total: o.total,
      tax: o.tax,
      deliveryAddress: { address: 'Byggeplass 4', zip: '0150', city: 'OSLO', country: 'NORGE' },
      source: { kind: 'offer', number: offer, uri: `/offer/${offer}` },
      successors: [],
    });
    expect(ocBody.items).toEqual(o.items);
    expect((await s.json(`/offer/${offer}`)).body).toMatchObject({ state: 'converted', successors: [{ kind: 'order-confirmation', number: 2001 }] });

    const again = await s.json(`/offer/${offer}/order-confirmation`, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('/order-confirmation/2001');

    // order confirmation -> invoice draft
    const inv = await created('/order-confirmation/2001/invoice');
    expect(inv.location).toBe(`${s.base}/invoices/drafts/${inv.n}`);
    const draft = (await s.json(`/invoices/drafts/${inv.n}`)).body;
    expect(draft).toMatchObject({ credit: false, total: o.total, orderNumber: 'PO-77', recipient: { number: s.company } });
    expect(draft.items.map((i: any) => [i.productCode, i.quantity, i.unitPrice, i.discount, i.taxRate])).toEqual(
      o.items.map((i: any) => [i.productCode, i.quantity, i.unitPrice, i.discount, i.taxRate]),
    );
    expect((await s.json('/order-confirmation/2001')).body.successors).toEqual([
      { kind: 'invoice', number: null, draftNumber: inv.n, uri: `/invoices/drafts/${inv.n}` },
    ]);
    // invoiced once: from the order confirmation, and from the offer (which goes through it)
    expect((await s.json('/order-confirmation/2001/invoice', { method: 'POST', body: {} })).status).toBe(409);
    expect((await s.json(`/offer/${offer}/invoice`, { method: 'POST', body: {} })).status).toBe(409);

    // the draft is an ordinary invoice draft: issue it
    const issued = await created(`/invoices/drafts/${inv.n}/issue`);
    expect(issued.location).toBe(`${s.base}/invoices/10001`);
    const invoice = (await s.json('/invoices/10001')).body;
    expect(invoice.total).toBe(o.total);
    expect(invoice.dueDate).toBe('2026-03-25'); // today + the recipient's 10 credit days
    expect((await s.json('/order-confirmation/2001')).body.successors).toEqual([{ kind: 'invoice', number: 10001, draftNumber: null, uri: '/invoices/10001' }]);

    const chain = await s.app.ctx.db
      .selectFrom('documents as i')
      .innerJoin('documents as oc', 'oc.id', 'i.source_document_id')
      .innerJoin('documents as o', 'o.id', 'oc.source_document_id')
      .select(['i.kind as ik', 'oc.kind as ock', 'o.kind as ok', 'o.number as n'])
      .where('i.kind', '=', 'invoice')
      .where('i.number', '=', 10001)
      .executeTakeFirst();
    expect(chain).toEqual({ ik: 'invoice', ock: 'order-confirmation', ok: 'offer', n: offer });
  });

  test('offer -> invoice directly; an offer with an order confirmation is invoiced through it; dates may be given', async () => {
    s = await startDocServer();
    const a = await issueOffer();
    const b = await issueOffer({ orderNumber: null, currency: 'EUR', items: [{ description: 'Oppdrag', quantity: 2, unitPrice: 150, taxRate: 25 }] });

    const direct = await created(`/offer/${a}/invoice`, { invoiceDate: '2026-03-20', dueDate: '2026-04-20' });
    const d = (await s.json(`/invoices/drafts/${direct.n}`)).body;
    expect(d).toMatchObject({ invoiceDate: '2026-03-20', dueDate: '2026-04-20', orderNumber: 'PO-77' });
    expect((await s.json(`/offer/${a}`)).body.successors).toEqual([{ kind: 'invoice', number: null, draftNumber: direct.n, uri: `/invoices/drafts/${direct.n}` }]);
    // once invoiced directly, the offer is not confirmed afterwards
    expect((await s.json(`/offer/${a}/order-confirmation`, { method: 'POST', body: {} })).status).toBe(409);
    // deleting the invoice draft gives the offer back
    expect((await s.api(`/invoices/drafts/${direct.n}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(`/offer/${a}`)).body.state).toBe('open');

    await created(`/offer/${b}/order-confirmation`);
    const via = await created(`/offer/${b}/invoice`);
    const vd = (await s.json(`/invoices/drafts/${via.n}`)).body;
    // Our confirmation number 2001 is not the customer's order number ("Deres ordrenr."): none was given.
    expect(vd).toMatchObject({ currency: 'EUR', total: 375, orderNumber: null });
    expect((await s.json('/order-confirmation/2001')).body.successors[0]).toMatchObject({ kind: 'invoice', draftNumber: via.n });
    expect((await s.json(`/offer/${b}`)).body.successors).toEqual([expect.objectContaining({ kind: 'order-confirmation', number: 2001 })]);

    expect((await s.json('/offer/4242/invoice', { method: 'POST', body: {} })).status).toBe(404);
    expect((await s.json('/order-confirmation/4242/invoice', { method: 'POST', body: {} })).status).toBe(404);
    expect((await s.json('/offer/4242/order-confirmation', { method: 'POST', body: {} })).status).toBe(404);
    const badDate = await s.json(`/offer/${a}/invoice`, { method: 'POST', body: { invoiceDate: '2026-02-30' } });
    expect(badDate.status).toBe(400);
    const unknown = await s.json(`/offer/${a}/invoice`, { method: 'POST', body: { colour: 'red' } });
    expect(unknown.status).toBe(400);
  });
});

describe('files', () => {
  test('GET /offer/{n}/pdf and /order-confirmation/{n}/pdf are PDFs titled Tilbud and Ordrebekreftelse', async () => {
    s = await startDocServer();
    const offer = await issueOffer({ expiryDate: '2026-04-09' });
    await created(`/offer/${offer}/order-confirmation`);
    const res = await s.api(`/offer/${offer}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('tilbud-1001.pdf');
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(buf, 'offer');
    expect(text).toContain('Tilbud');
    expect(text).toMatch(/Tilbudsnr\. 1001/);
    expect(text).toContain('Fjord Bygg AS');
    expect(text).toContain('Konsulenttime');
    expect(text).toContain('09.04.2026');

    const oc = await s.api('/order-confirmation/2001/pdf');
    expect(oc.status).toBe(200);
    expect(oc.headers.get('content-type')).toBe('application/pdf');
    const octext = pdfText(Buffer.from(await oc.arrayBuffer()), 'oc');
    expect(octext).toContain('Ordrebekreftelse');
    expect(octext).toMatch(/Ordrenr\. 2001/);

    const draft = await created('/offer/drafts/', offerBody());
    const preview = await s.api(`/offer/drafts/${draft.n}/pdf`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');

    expect((await s.api('/offer/77/pdf')).status).toBe(404);
    expect((await s.api('/order-confirmation/77/pdf')).status).toBe(404);
  });
});

describe('GET /offer/{number}/history (spec 4.6)', () => {
  test('[] until something is sent; then the shipments of the offer, its order confirmation and its invoice, newest first', async () => {
    s = await startDocServer();
    const offer = await issueOffer();
    const other = await issueOffer();
    const empty = await s.json(`/offer/${offer}/history`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect((await s.json('/offer/999/history')).status).toBe(404);

    await created(`/offer/${offer}/order-confirmation`);
    const draft = await created('/order-confirmation/2001/invoice');
    await created(`/invoices/drafts/${draft.n}/issue`);

    const db = s.app.ctx.db;
    const ids = new Map<string, number>();
    for (const [kind, number] of [['offer', offer], ['offer', other], ['order-confirmation', 2001], ['invoice', 10001]] as const) {
      const row = await db.selectFrom('documents').select('id').where('kind', '=', kind).where('number', '=', number).executeTakeFirstOrThrow();
      ids.set(`${kind} ${number}`, row.id);
    }
    const idOf = (kind: string, number: number) => ids.get(`${kind} ${number}`)!;
    await db.transaction().execute(async (trx) => {
      await recordShipment(trx, idOf('offer', offer), 'email', 'innkjop@fjordbygg.no', 'Tilbud 1001 sendt på e-post', 'DELIVERED', '2026-03-10 09:15:42');
      await recordShipment(trx, idOf('offer', other), 'email', 'annen@example.no', 'Tilbud 1002 sendt på e-post', 'DELIVERED', '2026-03-10 09:20:00');
      await recordShipment(trx, idOf('order-confirmation', 2001), 'paper', 'Strandveien 1, 0150 OSLO', 'Ordrebekreftelse 2001 sendt i posten', 'IN_PROGRESS', '2026-03-12 14:03:00');
      await recordShipment(trx, idOf('invoice', 10001), 'ehf', '9908:923609016', 'Faktura 10001 sendt som EHF', 'NOT_DELIVERED', '2026-03-11 08:00:00');
    });

    const h = await s.json(`/offer/${offer}/history`);
    expect(h.status).toBe(200);
    expect(h.body).toEqual([
      { description: 'Ordrebekreftelse 2001 sendt i posten', recipientAddress: '', date: '2026-03-12 14:03', status: 'IN_PROGRESS' },
      { description: 'Faktura 10001 sendt som EHF', recipientAddress: '9908:923609016', date: '2026-03-11 08:00', status: 'NOT_DELIVERED' },
      { description: 'Tilbud 1001 sendt på e-post', recipientAddress: 'innkjop@fjordbygg.no', date: '2026-03-10 09:15', status: 'DELIVERED' },
    ]);
    for (const e of h.body) expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await s.json(`/offer/${other}/history`)).body).toHaveLength(1);
  });
});
