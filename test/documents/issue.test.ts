import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isValidKid } from '../../main/domain/kid.js';
import { verifyContentHash } from '../../main/features/documents/content-hash.js';
import { COMPANY, issueInvoice, numberOf, startDocServer, type DocServer, BACKDATING } from '../helpers/documents.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
});
afterAll(async () => {
  await s.close();
});


describe('issuing', () => {
  test('POST /invoices/ issues directly: 201 + Location /invoices/{n}, first number from settings, due date from the recipient creditDays', async () => {
    const r = await s.json('/invoices/', { body: { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.res.headers.get('location')).toBe(`${s.base}/invoices/10001`);
    const inv = (await s.json('/invoices/10001')).body;
    expect(inv).toMatchObject({ number: 10001, invoiceDate: '2026-03-15', dueDate: '2026-03-25', total: 1562.5, tax: 312.5, currentBalance: 1562.5, accountNumber: '86011117947' });
    expect(inv.kid).toHaveLength(8);
    expect(isValidKid(inv.kid, 'MOD10')).toBe(true);
    expect(inv.kid.startsWith('0010001')).toBe(true);
    expect(inv.originator).toMatchObject({ name: COMPANY.name, organisationNumber: '923609016' });
  });

  test("due date: given, else invoice date + the recipient's creditDays, else the originator's default (14)", async () => {
    const given = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-01', dueDate: '2026-04-30', items: [{ productCode: 'A1', quantity: 1 }] });
    expect((await s.json(`/invoices/${given}`)).body).toMatchObject({ invoiceDate: '2026-03-01', dueDate: '2026-04-30' });
    const fromRecipient = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-01', items: [{ productCode: 'A1', quantity: 1 }] });
    expect((await s.json(`/invoices/${fromRecipient}`)).body.dueDate).toBe('2026-03-11');
    const fromDefault = await issueInvoice(s, { recipient: { number: s.person }, invoiceDate: '2026-02-25', items: [{ productCode: 'A1', quantity: 1 }] });
    expect((await s.json(`/invoices/${fromDefault}`)).body.dueDate).toBe('2026-03-11');
  });

  test('issuing a draft: 201 + Location; the draft is gone from the drafts; issuing again is 404', async () => {
    const d = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, items: [{ productCode: 'MAT', quantity: 2 }] } });
    const id = d.body.number;
    const r = await s.json(`/invoices/drafts/${id}/issue`, { method: 'POST' });
    expect(r.status).toBe(201);
    const n = numberOf(r.res);
    expect(r.res.headers.get('location')).toBe(`${s.base}/invoices/${n}`);
    expect((await s.json(`/invoices/drafts/${id}`)).status).toBe(404);
    expect((await s.json(`/invoices/drafts/${id}/issue`, { method: 'POST' })).status).toBe(404);
    expect((await s.json(`/invoices/drafts/${id}`, { method: 'PUT', body: { recipient: { number: s.company }, items: [] } })).status).toBe(404);
    expect((await s.api(`/invoices/drafts/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  test('a draft of a recipient deleted since cannot be issued; their invoices can still be credited', async () => {
    const r = await s.json('/recipients/', { body: { name: 'Borte AS', contact: { address: { zip: '0150', city: 'OSLO' } } } });
    const rn = numberOf(r.res);
    const inv = await issueInvoice(s, { recipient: { number: rn }, items: [{ productCode: 'A1', quantity: 1 }] });
    const d = await s.json('/invoices/drafts/', { body: { recipient: { number: rn }, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect((await s.api(`/recipients/${rn}`, { method: 'DELETE' })).status).toBe(204);
    const issue = await s.json(`/invoices/drafts/${d.body.number}/issue`, { method: 'POST' });
    expect(issue.status).toBe(400);
    expect(issue.body.fields[0].field).toBe('recipient.number');
    expect((await s.json(`/invoices/${inv}/credit-note`, { method: 'POST' })).status).toBe(201);
  });

  test('an empty draft, or one with a negative total, cannot be issued', async () => {
    const empty = await s.json('/invoices/', { body: { recipient: { number: s.company }, items: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0].field).toBe('items');
    const neg = await s.json('/invoices/', { body: { recipient: { number: s.company }, items: [{ description: 'Rabatt', quantity: -1, unitPrice: 100 }] } });
    expect(neg.status).toBe(400);
    expect(neg.body.fields[0].message).toMatch(/credit note/);
  });

  test('the issued document is a snapshot: later changes to the recipient or the originator do not touch it', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.person }, items: [{ productCode: 'A1', quantity: 1 }] });
    const before = (await s.json(`/invoices/${n}`)).body;
    await s.json(`/recipients/${s.person}`, { method: 'PUT', body: { name: 'Ola Omdøpt', contact: { address: { zip: '0150', city: 'OSLO' } } } });
    await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Nytt Navn AS' } } });
    const after = (await s.json(`/invoices/${n}`)).body;
    expect(after.recipient.name).toBe('Ola Nordmann');
    expect(after.originator.name).toBe(COMPANY.name);
    expect(after).toEqual(before);
    await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: COMPANY.name } } });
  });

  test('issued documents are immutable: no PUT/DELETE path (405) and the database refuses a direct UPDATE or DELETE', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    expect((await s.json(`/invoices/${n}`, { method: 'PUT', body: {} })).status).toBe(405);
    expect((await s.json(`/invoices/${n}`, { method: 'DELETE' })).status).toBe(405);
    const db = s.app.ctx.db;
    const row = await db.selectFrom('documents').select('id').where('kind', '=', 'invoice').where('number', '=', n).executeTakeFirstOrThrow();
    await expect(db.updateTable('documents').set({ total: 1 }).where('id', '=', row.id).execute()).rejects.toThrow(/issued documents cannot be changed/);
    await expect(db.deleteFrom('documents').where('id', '=', row.id).execute()).rejects.toThrow(/cannot be deleted/);
    await expect(db.updateTable('document_lines').set({ unit_price: 1 }).where('document_id', '=', row.id).execute()).rejects.toThrow(/cannot be changed/);
    await expect(db.deleteFrom('document_lines').where('document_id', '=', row.id).execute()).rejects.toThrow(/cannot be deleted/);
  });

  test('content_hash proves the issued content unchanged', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1.5 }, { productCode: 'BOK', quantity: 2 }] });
    const db = s.app.ctx.db;
    const doc = (await db.selectFrom('documents').selectAll().where('kind', '=', 'invoice').where('number', '=', n).executeTakeFirstOrThrow()) as unknown as Parameters<typeof verifyContentHash>[0];
    const lines = (await db.selectFrom('document_lines').selectAll().where('document_id', '=', doc.id).orderBy('line_no').execute()) as unknown as Parameters<typeof verifyContentHash>[1];
    expect(doc.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyContentHash(doc, lines)).toBe(true);
    expect(verifyContentHash({ ...doc, total: doc.total + 1 }, lines)).toBe(false);
    expect(verifyContentHash(doc, lines.map((l, i) => (i === 0 ? { ...l, quantity_milli: 1000 } : l)))).toBe(false);
    const proof = await s.json(`/invoices/${n}/integrity`);
    expect(proof.body).toMatchObject({ kind: 'invoice', number: n, algorithm: 'sha256', contentHash: doc.content_hash, unchanged: true });
    const cn = (await s.json(`/invoices/${n}/credit-note`, { method: 'POST' })).res.headers.get('location')!;
    expect((await s.json(`${new URL(cn).pathname}/integrity`)).body.unchanged).toBe(true);
  });

  test('issuing is audited', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    const entry = await s.app.ctx.db.selectFrom('audit_log').select('data').where('entity', '=', 'invoice').where('entity_id', '=', String(n)).where('action', '=', 'issue').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.data ?? 'null')).toMatchObject({ series: 'invoice', contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  test('50 parallel issue requests over HTTP: no gap, no duplicate', async () => {
    const drafts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const d = await s.json('/invoices/drafts/', { body: { recipient: { number: i % 2 ? s.company : s.person }, items: [{ productCode: 'A1', quantity: i + 1 }] } });
      drafts.push(d.body.number);
    }
    const invoiceNumbers = async () => (await s.app.ctx.db.selectFrom('documents').select('number').where('series', '=', 'invoice').orderBy('number').execute()).map((r) => Number(r.number));
    const maxBefore = Math.max(...(await invoiceNumbers()));
    const results = await Promise.all([
      ...drafts.map((id) => s.json(`/invoices/drafts/${id}/issue`, { method: 'POST' })),
      ...Array.from({ length: 10 }, () => s.json('/invoices/', { body: { recipient: { number: s.company }, items: [{ productCode: 'MAT', quantity: 1 }] } })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(201));
    const numbers = results.map((r) => numberOf(r.res)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(60);
    expect(numbers).toEqual(Array.from({ length: 60 }, (_, i) => maxBefore + 1 + i));
    const all = await invoiceNumbers();
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => 10001 + i));
  });
});

describe('issuing needs a real originator', () => {
  test('no company name, org number or bank account: 400 naming the settings fields; no number is used up', async () => {
    const t = await startDocServer({ today: '2026-03-15', settings: { name: '', orgNumber: null, bankAccount: null } });
    try {
      const r = await t.json('/invoices/', { body: { recipient: { number: t.company }, items: [{ productCode: 'A1', quantity: 1 }] } });
      expect(r.status).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['company.name', 'company.orgNumber', 'company.bankAccount']);
      expect((await t.json('/invoices/')).body).toEqual([]);
      // nothing half-written: no draft left behind either
      expect((await t.json('/invoices/drafts/')).body).toEqual([]);
      await t.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Firma AS', orgNumber: '923609016', bankAccount: '86011117947' } } });
      const ok = await t.json('/invoices/', { body: { recipient: { number: t.company }, items: [{ productCode: 'A1', quantity: 1 }] } });
      expect(ok.res.headers.get('location')).toBe(`${t.base}/invoices/10001`);
    } finally {
      await t.close();
    }
  });
});

describe('number series and KID settings', () => {
  test('credit notes share the invoice series by default', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    const c = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    expect(c.res.headers.get('location')).toBe(`${s.base}/invoices/credit-notes/${n + 1}`);
    const next = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    expect(next).toBe(n + 2);
  });

  test('own credit-note series, first numbers and MOD11 customer+invoice KID from settings; numbering settings lock after the first issue', async () => {
    const t = await startDocServer({
      today: '2026-03-15',
      invoicing: { creditNotesOwnSeries: true, firstInvoiceNumber: 500, firstCreditNoteNumber: 9000, kidScheme: 'MOD11', kidBase: 'CUSTOMER_INVOICE', kidLength: 10 },
    });
    try {
      const a = await issueInvoice(t, { recipient: { number: t.company }, items: [{ productCode: 'A1', quantity: 1 }] });
      expect(a).toBe(500);
      const inv = (await t.json('/invoices/500')).body;
      expect(inv.kid).toMatch(/^000042500[\d-]$/);
      expect(isValidKid(inv.kid, 'MOD11')).toBe(true);
      const c = await t.json('/invoices/500/credit-note', { method: 'POST' });
      expect(c.res.headers.get('location')).toBe(`${t.base}/invoices/credit-notes/9000`);
      expect((await t.json('/invoices/credit-notes/9000')).body.kid).toBeNull();
      expect(await issueInvoice(t, { recipient: { number: t.person }, items: [{ productCode: 'A1', quantity: 1 }] })).toBe(501);
      const lock = await t.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { firstInvoiceNumber: 1 } } });
      expect(lock.status).toBe(409);
    } finally {
      await t.close();
    }
  });

  test('KID scheme NONE gives invoices without KID', async () => {
    const t = await startDocServer({ invoicing: { kidScheme: 'NONE' } });
    try {
      const n = await issueInvoice(t, { recipient: { number: t.company }, items: [{ productCode: 'A1', quantity: 1 }] });
      expect((await t.json(`/invoices/${n}`)).body.kid).toBeNull();
    } finally {
      await t.close();
    }
  });

  test('a seller outside the VAT register charges no VAT (category O on every line)', async () => {
    const t = await startDocServer({ settings: { vatRegistered: false } });
    try {
      const n = await issueInvoice(t, { recipient: { number: t.company }, items: [{ productCode: 'A1', quantity: 1 }, { productCode: 'MAT', quantity: 1 }] });
      const inv = (await t.json(`/invoices/${n}`)).body;
      expect(inv.tax).toBe(0);
      expect(inv.total).toBe(1339.5);
      expect(inv.items.map((i: { taxRate: number }) => i.taxRate)).toEqual([0, 0]);
    } finally {
      await t.close();
    }
  });
});

describe('currency', () => {
  test('a EUR invoice takes the rate of its date (or the latest before), shows international and keeps VAT in NOK', async () => {
    expect((await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-03-01' } })).status).toBe(200);
    await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 12, date: '2026-03-12' } });
    const a = await issueInvoice(s, { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-10', items: [{ description: 'Licence', quantity: 1, unitPrice: 1000, taxRate: 25 }] });
    const inv = (await s.json(`/invoices/${a}`)).body;
    expect(inv).toMatchObject({ currency: 'EUR', total: 1250, tax: 250, currentBalance: 1250 });
    expect(inv.international).toEqual({ bic: 'DNBANOKK', iban: 'NO9386011117947', vatNumber: 'NO923609016MVA', exchangeRate: 11.5 });
    const b = await issueInvoice(s, { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-14', items: [{ description: 'Licence', quantity: 1, unitPrice: 1000, taxRate: 25 }] });
    expect((await s.json(`/invoices/${b}`)).body.international.exchangeRate).toBe(12);
    const row = await s.app.ctx.db.selectFrom('documents').select(['tax_nok', 'total_nok']).where('kind', '=', 'invoice').where('number', '=', a).executeTakeFirstOrThrow();
    expect(row).toEqual({ tax_nok: 287500, total_nok: 1437500 });
    const nok = (await s.json(`/invoices/${(await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] }))}`)).body;
    expect(nok.international).toBeNull();
    const unknown = await s.json('/invoices/', { body: { recipient: { number: s.company }, currency: 'JPY', items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0].field).toBe('currency');
  });
});
