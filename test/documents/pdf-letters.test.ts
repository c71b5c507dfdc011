/**
 * PDFs keep every letter (issue 23): Sami, Greek and Cyrillic text typed on a customer, a product and an invoice comes
 * back from the invoice PDF exactly (pdftotext), and text the PDF font cannot print (an emoji it lacks, CJK) is refused
 * when it is saved, with a 400 naming the field (CHARACTER_NOT_PRINTABLE), on every kind of printed input.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-letters-'));
let s: DocServer;
beforeAll(async () => { s = await startDocServer({ today: '2026-03-15' }); });
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const SAMI = 'Čáhcesuolu Ŋ Ŧ đ š ž';
const GREEK = 'Ελληνικά αβγ';
const CYRILLIC = 'Кириллица Жж';
/** U+1F9FE RECEIPT: not in DejaVu Sans. */
const EMOJI = '\u{1F9FE}';

function pdfText(pdf: Buffer): string {
  const file = join(dir, `doc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('PDF letters', () => {
  test('an invoice to a Sami customer, with Greek and Cyrillic lines, prints every letter', async () => {
    const r = await s.json('/recipients/', { body: { name: 'Čáhcesuolu Ŋ Ŧ AS', contact: { address: { address1: 'Guovdageaidnu šiljut 2', zip: '9520', city: 'KAUTOKEINO' } } } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const customer = Number(r.res.headers.get('location')!.split('/').pop());
    const p = await s.json('/products/', { body: { code: 'GR', description: GREEK, unitPrice: 100, taxRate: 25, unit: 'stk' } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const n = await issueInvoice(s, {
      recipient: { number: customer },
      invoiceText: `${SAMI} – takk!`,
      items: [{ productCode: 'GR', quantity: 1 }, { description: CYRILLIC, quantity: 2, unitPrice: 50, taxRate: 25 }],
    });
    const res = await s.api(`/invoices/${n}/pdf`);
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const t of ['Čáhcesuolu Ŋ Ŧ AS', 'Guovdageaidnu šiljut 2', `${SAMI} – takk!`, GREEK, CYRILLIC]) expect(text).toContain(t);
    expect(text).not.toContain('?');
  });

  test('an emoji the font lacks in a line text answers 400 naming the field; nothing is saved', async () => {
    const before = (await s.json('/invoices/drafts/')).body;
    const r = await s.json('/invoices/', { body: { recipient: { number: s.company }, items: [{ description: `Kaffe ${EMOJI}`, quantity: 1, unitPrice: 30, taxRate: 25 }] } });
    expect(r.status).toBe(400);
    const f = r.body.fields.find((x: { field: string }) => x.field === 'items[0].description');
    expect(f, JSON.stringify(r.body)).toMatchObject({ code: 'CHARACTER_NOT_PRINTABLE', params: { text: EMOJI, char: 'U+1F9FE', position: 7 } });
    expect((await s.json('/invoices/drafts/')).body).toEqual(before);
  });

  test('the same rule on every printed input: draft text, customer, product, company settings', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/invoices/drafts/', { recipient: { number: s.company }, invoiceText: 'Takk 中文', items: [] }, 'POST', 'invoiceText'],
      ['/recipients/', { name: 'Kafé 中', contact: { address: { zip: '0150', city: 'OSLO' } } }, 'POST', 'name'],
      ['/products/', { code: 'X1', description: `Kake ${EMOJI}`, unitPrice: 10, taxRate: 15 }, 'POST', 'description'],
      ['/originators/current/settings', { company: { address1: `Gate ${EMOJI}` } }, 'PUT', 'company.address1'],
    ];
    for (const [path, body, method, field] of cases) {
      const r = await s.json(path, { method, body });
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.fields.map((x: { field: string; code: string }) => `${x.field} ${x.code}`), path).toContain(`${field} CHARACTER_NOT_PRINTABLE`);
    }
  });

  test('what the font has is accepted: an emoji it carries, Sami letters typed decomposed', async () => {
    const r = await s.json('/products/', { body: { code: 'SMIL', description: 'Smil \u{1F600} Ŋa\u030A', unitPrice: 10, taxRate: 15 } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});
