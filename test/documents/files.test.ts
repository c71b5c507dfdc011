import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, numberOf, startDocServer, type DocServer, BACKDATING } from '../helpers/documents.js';
import { ehfRulesPresent, expectValidEhf } from '../helpers/ehf-validator.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-files-'));

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
  await s.json('/products/', { body: { code: 'LEIE', description: 'Leie av møtelokale', unitPrice: 3500, taxRate: 0, vatCategory: 'E', exemptionReason: 'Utleie av fast eiendom, unntatt etter mval. § 3-11', unit: 'dag' } });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

function pdfText(pdf: Buffer): string {
  const file = join(dir, `doc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function fetchFile(path: string, type: string): Promise<Buffer> {
  const r = await s.api(path);
  expect(r.status, path).toBe(200);
  expect(r.headers.get('content-type')).toContain(type);
  expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
  return Buffer.from(await r.arrayBuffer());
}

/** pdftotext shows the no-break space of grouped numbers as a plain or no-break space. */
const money = (text: string) => text.replace(/\u00a0/g, ' ');

describe('PDF', () => {
  test('an invoice PDF carries its number, KID, total and account', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, orderNumber: 'PO-77', items: [{ productCode: 'A1', quantity: 7.5 }, { productCode: 'MAT', quantity: 12, discount: 10 }] });
    const inv = (await s.json(`/invoices/${n}`)).body;
    const text = money(pdfText(await fetchFile(`/invoices/${n}/pdf`, 'application/pdf')));
    expect(text).toContain(String(n));
    expect(text).toContain(inv.kid);
    // 9375 + 966.60 net; VAT 2343.75 + 144.99; total 12 830,34
    expect(inv.total).toBe(12830.34);
    expect(text).toMatch(/12 830,34/);
    expect(text).toMatch(/8601 11 17947/);
    expect(text).toContain('Fjord Bygg AS');
    expect(text).toContain('923 609 016 MVA');
    expect(text).toContain('PO-77');
  });

  test('a credit-note PDF is titled Kreditnota and names the credited invoice', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    const cn = numberOf((await s.json(`/invoices/${n}/credit-note`, { method: 'POST' })).res);
    const text = money(pdfText(await fetchFile(`/invoices/credit-notes/${cn}/pdf`, 'application/pdf')));
    expect(text).toContain('Kreditnota');
    expect(text).toContain(String(cn));
    expect(text).toContain(String(n));
    expect(text).toMatch(/1 562,50/);
  });

  test('draft and live previews render the lines without a number', async () => {
    const d = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, items: [{ description: 'Utkastlinje', quantity: 1, unitPrice: 10 }] } });
    const text = pdfText(await fetchFile(`/invoices/drafts/${d.body.number}/pdf`, 'application/pdf'));
    expect(text).toContain('Utkastlinje');
    const pre = await s.api('/documents/preview-pdf', { body: { recipient: { number: s.company }, items: [{ description: 'Forhåndsvisning', quantity: 2, unitPrice: 50 }] } });
    expect(pre.status).toBe(200);
    expect(money(pdfText(Buffer.from(await pre.arrayBuffer())))).toContain('Forhåndsvisning');
  });

  test('404 for unknown documents', async () => {
    expect((await s.json('/invoices/999999/pdf')).status).toBe(404);
    expect((await s.json('/invoices/credit-notes/999999/pdf')).status).toBe(404);
    expect((await s.json('/invoices/drafts/999999/pdf')).status).toBe(404);
  });
});

describe('EHF', () => {
  const files: string[] = [];

  test('invoices and credit notes as UBL; a recipient without an org number is a 400 saying why', async () => {
    await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.7245, date: '2026-03-01' } });
    const cases: Array<[string, Record<string, unknown>]> = [
      ['nok-mixed', { recipient: { number: s.company }, orderNumber: 'PO-1', deliveryDate: '2026-03-10', invoiceText: 'Takk!',
        items: [{ productCode: 'A1', quantity: 7.5 }, { productCode: 'MAT', quantity: 12, discount: 10 }, { description: 'Kabel', quantity: 0.5, unitPrice: 199, taxRate: 25, unit: 'm' },
          { productCode: 'BOK', quantity: 3 }, { productCode: 'LEIE', quantity: 1 }, { description: 'Transport', quantity: 1.333, unitPrice: 99.99, taxRate: 12, discount: 12.5 }] }],
      ['eur', { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-05', items: [{ description: 'Software licence', quantity: 1, unitPrice: 1200, taxRate: 25 }, { description: 'Workshop', quantity: 1.5, unitPrice: 950, taxRate: 25, discount: 12.5 }, { description: 'Mat', quantity: 2, unitPrice: 42.5, taxRate: 15 }] }],
      ['no-references', { recipient: { number: s.company }, yourReference: null, items: [{ productCode: 'A1', quantity: 1 }] }],
      ['zero-only', { recipient: { number: s.company }, items: [{ productCode: 'BOK', quantity: 2 }] }],
    ];
    for (const [name, body] of cases) {
      const n = await issueInvoice(s, body);
      const xml = await fetchFile(`/invoices/${n}/ehf`, 'application/xml');
      expect(xml.toString()).toContain('<Invoice');
      expect(xml.toString()).toContain(`<cbc:ID>${n}</cbc:ID>`);
      const file = join(dir, `invoice-${name}.xml`);
      writeFileSync(file, xml);
      files.push(file);
      if (name === 'nok-mixed') {
        const full = numberOf((await s.json(`/invoices/${n}/credit-note`, { body: { items: [{ productCode: 'A1', quantity: 1 }, { productCode: 'LEIE', quantity: 1 }] } })).res);
        const cxml = await fetchFile(`/invoices/credit-notes/${full}/ehf`, 'application/xml');
        expect(cxml.toString()).toContain('<CreditNote');
        expect(cxml.toString()).toContain(`<cbc:ID>${n}</cbc:ID>`); // BillingReference to the invoice
        const cfile = join(dir, `credit-note-partial.xml`);
        writeFileSync(cfile, cxml);
        files.push(cfile);
        const rest = numberOf((await s.json(`/invoices/${n}/credit-note`, { method: 'POST' })).res);
        const rfile = join(dir, `credit-note-rest.xml`);
        writeFileSync(rfile, await fetchFile(`/invoices/credit-notes/${rest}/ehf`, 'application/xml'));
        files.push(rfile);
      }
      if (name === 'eur') {
        const cn = numberOf((await s.json(`/invoices/${n}/credit-note`, { method: 'POST' })).res);
        const efile = join(dir, `credit-note-eur.xml`);
        writeFileSync(efile, await fetchFile(`/invoices/credit-notes/${cn}/ehf`, 'application/xml'));
        files.push(efile);
      }
    }
    const private_ = await issueInvoice(s, { recipient: { number: s.person }, items: [{ productCode: 'A1', quantity: 1 }] });
    const r = await s.json(`/invoices/${private_}/ehf`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/EHF needs the recipient's organisation number/);
    expect(r.body.fields[0].field).toBe('recipient.organisationNumber');
    expect((await s.json('/invoices/999999/ehf')).status).toBe(404);
  });

  test.skipIf(!ehfRulesPresent())('every EHF passes the Peppol BIS Billing 3.0 rules (checked in-process, as validate-ehf does)', async () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const f of files) await expectValidEhf(readFileSync(f), 'any');
  }, 300_000);
});
