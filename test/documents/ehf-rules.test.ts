/**
 * Every EHF is checked against the official rules before it leaves Kvitt (docs/ehf-validation.md): a download that
 * breaks a fatal rule is a 422 EHF_RULE_FAILED naming the rule and its text, the EHF zip leaves such a document out and
 * says why in sammendrag.csv, a valid one is served as it is. The outbox's refusal is in test/sending/outbox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { ehfRulesPresent, expectValidEhf } from '../helpers/ehf-validator.js';
import { parseCsv, unzip } from '../reports/files.js';
import { reportFile } from '../reports/setup.js';

let s: DocServer;
let good: number;
let bad: number;
beforeAll(async () => {
  s = await startDocServer();
  // "Q9Z" looks like a UN/ECE unit code, so the writer passes it on; it is in no code list (BR-CL-23, fatal).
  const product = await s.json('/products/', { body: { code: 'ODD', description: 'Rar enhet', unitPrice: 100, taxRate: 25, unit: 'Q9Z' } });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  good = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 2 }] });
  bad = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'ODD', quantity: 1 }] });
});
afterAll(() => s?.close());

describe.skipIf(!ehfRulesPresent())('EHF checked by the official rules', () => {
  test('GET /ehf/validation: the check is on, with the rules it was built from', async () => {
    const r = await s.json('/ehf/validation');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ enabled: true, reason: null, sourceHash: expect.stringMatching(/^[0-9a-f]{64}$/), licences: { 'CEN-EN16931-UBL': 'EUPL-1.2' } });
  });

  test('a valid invoice downloads as EHF; one that breaks BR-CL-23 is a 422 naming the rule and its text', async () => {
    const ok = await s.api(`/invoices/${good}/ehf`);
    expect(ok.status).toBe(200);
    await expectValidEhf(await ok.text());

    const refused = await s.json(`/invoices/${bad}/ehf`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'EHF_RULE_FAILED',
      params: { rule: 'BR-CL-23', text: '[BR-CL-23]-Unit code MUST be coded according to the UN/ECE Recommendation 20 with Rec 21 extension', failed: 1, rules: 'BR-CL-23' },
    });
    expect(refused.body.message).toContain('breaks the official rule BR-CL-23');
    // its credit note carries the same unit: refused too
    const cn = await s.json(`/invoices/${bad}/credit-note`, { method: 'POST' });
    expect(cn.status, JSON.stringify(cn.body)).toBe(201);
    const cnNumber = Number(cn.res.headers.get('location')!.split('/').pop());
    expect((await s.json(`/invoices/credit-notes/${cnNumber}/ehf`)).body).toMatchObject({ code: 'EHF_RULE_FAILED', params: { rule: 'BR-CL-23' } });
  }, 120_000);

  test('the EHF zip holds the valid invoice and names the rule that kept the other out', async () => {
    const { data } = await reportFile(s, 'invoices', 'EHF', { invoiceNumberFrom: String(good), invoiceNumberTo: String(bad) }, ['number']);
    const files = unzip(data);
    expect(Object.keys(files).sort()).toEqual([`faktura-${good}.xml`, 'sammendrag.csv']);
    await expectValidEhf(files[`faktura-${good}.xml`]);
    const row = parseCsv(files['sammendrag.csv']).rows.find((r) => r[0] === String(bad))!;
    expect(row[4]).toBe('nei');
    expect(row[6]).toBe('Bryter EHF-regelen BR-CL-23: [BR-CL-23]-Unit code MUST be coded according to the UN/ECE Recommendation 20 with Rec 21 extension');
  }, 120_000);
});
