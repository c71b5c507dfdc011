import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, numberOf, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const DRAFT_KEYS = [
  'number', 'credit', 'orderNumber', 'invoiceDate', 'dueDate', 'orderDate', 'ourReference', 'yourReference', 'tax', 'total',
  'invoiceText', 'currency', 'deliveryDate', 'deliveryAddress', 'recipient', 'items', 'international',
].sort();

describe('invoice drafts', () => {
  let path = '';

  test('POST: 201 + Location /invoices/drafts/{n}; product lines take price, text and rate from the product', async () => {
    const r = await s.json('/invoices/drafts/', {
      body: {
        recipient: { number: s.company },
        orderNumber: 'PO-1',
        invoiceText: 'Takk for handelen',
        deliveryAddress: { address: 'Kaigata 4', zip: '9008', city: 'TROMSØ', country: 'NORGE' },
        items: [
          { productCode: 'A1', quantity: 2 },
          { productCode: 'MAT', quantity: 3, unitPrice: 80, description: 'Spesial' },
          { description: 'Frakt', quantity: 1, unitPrice: 99.9, taxRate: 25, discount: 10 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const loc = r.res.headers.get('location')!;
    expect(loc).toMatch(new RegExp(`^${s.base}/invoices/drafts/\\d+$`));
    path = new URL(loc).pathname;
    expect(r.body.items).toEqual([
      expect.objectContaining({ number: 1, productCode: 'A1', description: 'Konsulenttime', quantity: 2, unitPrice: 1250, taxRate: 25, discount: 0 }),
      expect.objectContaining({ number: 2, productCode: 'MAT', description: 'Spesial', quantity: 3, unitPrice: 80, taxRate: 15 }),
      expect.objectContaining({ number: 3, productCode: null, description: 'Frakt', quantity: 1, unitPrice: 99.9, taxRate: 25, discount: 10 }),
    ]);
    // 2500 + 89.91 (99.90 less 10 %) at 25 % = 2589.91 -> VAT 647.48; 240 at 15 % -> 36
    expect(r.body.tax).toBe(683.48);
    expect(r.body.total).toBe(2589.91 + 240 + 683.48);
    // defaults from the recipient
    expect(r.body.yourReference).toBe('Per Ærlig');
    expect(r.body.currency).toBe('NOK');
    expect(r.body.deliveryAddress).toEqual({ address: 'Kaigata 4', zip: '9008', city: 'TROMSØ', country: 'NORGE' });
    expect(r.body.recipient).toMatchObject({ number: s.company, name: 'Fjord Bygg AS', organisationNumber: '923609016' });
  });

  test('GET one draft: 2.4 fields (plus kind, units and links for the editor)', async () => {
    const g = await s.json(path);
    expect(g.status).toBe(200);
    for (const k of DRAFT_KEYS) expect(g.body).toHaveProperty(k);
    expect(g.body).not.toHaveProperty('kid');
    expect(g.body).not.toHaveProperty('currentBalance');
    expect(g.body.kind).toBe('invoice');
    expect(g.body.items[0].unit).toBe('timer');
  });

  test("the recipient's discount defaults onto lines; an explicit discount wins", async () => {
    const r = await s.json('/invoices/drafts/', {
      body: { recipient: { number: s.person }, items: [{ productCode: 'A1', quantity: 1 }, { productCode: 'A1', quantity: 1, discount: 0 }] },
    });
    expect(r.status).toBe(201);
    expect(r.body.items.map((i: { discount: number }) => i.discount)).toEqual([10, 0]);
    expect(r.body.yourReference).toBeNull();
  });

  test('validation names each bad field with a dotted path, and writes nothing', async () => {
    const before = (await s.json('/invoices/drafts/')).body.length;
    const r = await s.json('/invoices/drafts/', {
      body: {
        recipient: { number: 9999 },
        currency: 'XYZ',
        invoiceDate: '2026-02-30',
        orderNumber: 'x'.repeat(65),
        invoiceText: 'x'.repeat(2001),
        items: [
          { productCode: 'NOPE', quantity: 1 },
          { description: 'ok', quantity: 1.0001, unitPrice: 1.001, discount: 100.5 },
          { description: 'rate', quantity: 1, unitPrice: 1, taxRate: 10 },
          { description: 'zero', quantity: 1, unitPrice: 1, taxRate: 0, vatCategory: 'E' },
          { quantity: 1 },
        ],
      },
    });
    expect(r.status).toBe(400);
    const fields = r.body.fields.map((f: { field: string }) => f.field);
    // schema errors first (all at once), a day that does not exist among them
    expect(fields).toEqual(expect.arrayContaining(['orderNumber', 'invoiceText', 'invoiceDate', 'items[1].discount', 'items[2].taxRate']));
    expect(r.body.fields.find((f: { field: string }) => f.field === 'invoiceDate')).toMatchObject({ code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' });
    // then every rule of the service at once
    const r2 = await s.json('/invoices/drafts/', {
      body: {
        recipient: { number: 9999 },
        currency: 'XYZ',
        items: [
          { productCode: 'NOPE', quantity: 1 },
          { description: 'ok', quantity: 1.0001, unitPrice: 1.001 },
          { description: 'zero', quantity: 1, unitPrice: 1, taxRate: 0, vatCategory: 'E' },
          { quantity: 1 },
          { description: 'bad', quantity: 1, unitPrice: 1, taxRate: 25, vatCategory: 'Z' },
        ],
      },
    });
    expect(r2.status).toBe(400);
    expect(r2.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'recipient.number', 'currency', 'items[0].productCode', 'items[1].quantity', 'items[1].unitPrice',
      'items[2].exemptionReason', 'items[3].description', 'items[3].unitPrice', 'items[4].vatCategory',
    ]);
    expect((await s.json('/invoices/drafts/')).body.length).toBe(before);
  });

  test('dueDate before the invoice date is refused', async () => {
    const r = await s.json('/invoices/drafts/', {
      body: { recipient: { number: s.company }, invoiceDate: '2026-03-10', dueDate: '2026-03-09', items: [{ productCode: 'A1', quantity: 1 }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'dueDate', code: 'BEFORE_INVOICE_DATE', message: 'must not be before the invoice date' }]);
  });

  test('PUT replaces the draft (GET body sent back works); DELETE removes it; unknown drafts are 404', async () => {
    const g = await s.json(path);
    const body = { ...g.body, items: [...g.body.items, { description: 'Ekstra', quantity: 0.5, unitPrice: 0.01, taxRate: 25 }], yourReference: 'Kari' };
    const put = await s.json(path, { method: 'PUT', body });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.items).toHaveLength(4);
    expect(put.body.items[3]).toMatchObject({ number: 4, quantity: 0.5, unitPrice: 0.01 });
    expect(put.body.yourReference).toBe('Kari');
    expect(put.body.total).toBe(Number((g.body.total + 0.01).toFixed(2)));
    const bad = await s.json(path, { method: 'PUT', body: { ...body, items: [{ quantity: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('items[0].quantity');

    const d = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, items: [] } });
    const dpath = new URL(d.res.headers.get('location')!).pathname;
    expect((await s.api(dpath, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(dpath)).status).toBe(404);
    expect((await s.api(dpath, { method: 'DELETE' })).status).toBe(404);
    expect((await s.json('/invoices/drafts/99999', { method: 'PUT', body })).status).toBe(404);
  });

  test('GET /invoices/drafts/ lists drafts newest first (2.4 shape), paged', async () => {
    const all = await s.json('/invoices/drafts/');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(2);
    for (const d of all.body) expect(Object.keys(d).sort()).toEqual(DRAFT_KEYS);
    const ids = all.body.map((d: { number: number }) => d.number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const p = await s.json('/invoices/drafts/?perPage=1&page=2');
    expect(p.body.map((d: { number: number }) => d.number)).toEqual([ids[1]]);
    expect(p.res.headers.get('link')).toContain('rel="prev"');
    const mine = await s.json(`/invoices/drafts/?recipientNumber=${s.person}`);
    expect(mine.body.every((d: { recipient: { number: number } }) => d.recipient.number === s.person)).toBe(true);
  });

  test('GET /recipients/{n}/draftDocuments: the 2.4 drafts of that recipient; 404 for an unknown recipient', async () => {
    const r = await s.json(`/recipients/${s.company}/draftDocuments`);
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    for (const d of r.body) {
      expect(Object.keys(d).sort()).toEqual(DRAFT_KEYS);
      expect(d.recipient.number).toBe(s.company);
      expect(Object.keys(d.items[0]).sort()).toEqual(['description', 'discount', 'number', 'productCode', 'quantity', 'taxRate', 'unitPrice']);
    }
    expect((await s.json('/recipients/424242/draftDocuments')).status).toBe(404);
    expect((await s.json(`/recipients/${s.person}/draftDocuments`)).body.every((d: { recipient: { number: number } }) => d.recipient.number === s.person)).toBe(true);
  });

  test('credit-note drafts: credit + creditedInvoiceNumber (of an issued invoice of the same recipient)', async () => {
    const inv = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 2 }] });
    const noRef = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, credit: true, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(noRef.status).toBe(400);
    expect(noRef.body.fields[0].field).toBe('creditedInvoiceNumber');
    const other = await s.json('/invoices/drafts/', { body: { recipient: { number: s.person }, credit: true, creditedInvoiceNumber: inv, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(other.status).toBe(400);
    const r = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, credit: true, creditedInvoiceNumber: inv, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ credit: true, creditedInvoiceNumber: inv, kind: 'credit-note', total: 1562.5 });
    const listed = (await s.json(`/recipients/${s.company}/draftDocuments`)).body.find((d: { number: number }) => d.number === r.body.number);
    expect(listed.creditedInvoiceNumber).toBe(inv);
    const issued = await s.json(`/invoices/drafts/${r.body.number}/issue`, { method: 'POST' });
    expect(issued.status).toBe(201);
    expect(issued.res.headers.get('location')).toMatch(new RegExp(`^${s.base}/invoices/credit-notes/\\d+$`));
    const cn = await s.json(new URL(issued.res.headers.get('location')!).pathname);
    expect(cn.body).toMatchObject({ creditedInvoiceNumber: inv, total: 1562.5 });
    expect((await s.json(`/invoices/${inv}`)).body.currentBalance).toBe(1562.5);
  });

  test('a draft PDF preview and an unsaved preview (POST /documents/preview-pdf) are PDFs; the preview saves nothing', async () => {
    const pdf = await s.api(`${path}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const before = (await s.json('/invoices/drafts/')).body.length;
    const pre = await s.api('/documents/preview-pdf', { body: { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('content-type')).toBe('application/pdf');
    expect((await s.json('/invoices/drafts/')).body.length).toBe(before);
    const bad = await s.json('/documents/preview-pdf', { body: { recipient: { number: s.company }, items: [{ quantity: 1 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toContain('items[0].description');
    void numberOf;
  });
});

describe('foreign-currency drafts', () => {
  test("a EUR draft shows international with the originator's bank details and the rate of its date", async () => {
    const r = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-02-01', items: [{ description: 'x', quantity: 1, unitPrice: 10 }] } });
    expect(r.status).toBe(201);
    expect(r.body.international).toEqual({ bic: 'DNBANOKK', iban: 'NO9386011117947', vatNumber: 'NO923609016MVA', exchangeRate: 11.7 });
    const listed = (await s.json('/invoices/drafts/')).body.find((d: { number: number }) => d.number === r.body.number);
    expect(listed.international.iban).toBe('NO9386011117947');
  });
});
