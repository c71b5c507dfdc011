import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ibanFromAccount, isValidIban } from '../../main/domain/bank-account.js';
import { issueInvoice, startDocServer, type DocServer, BACKDATING } from '../helpers/documents.js';
import { ehfRulesPresent, expectValidEhf } from '../helpers/ehf-validator.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
});
afterAll(async () => {
  await s.close();
});

const dir = mkdtempSync(join(tmpdir(), 'kvitt-first-'));

test('without a delivery date the invoice date is the delivery date; PDF and EHF print it, and the PDF the buyer\'s org number', async () => {
  const n = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-12', items: [{ productCode: 'A1', quantity: 1 }] });
  const inv = (await s.json(`/invoices/${n}`)).body;
  expect(inv.deliveryDate).toBe('2026-03-12');
  expect(inv.recipient.organisationNumber).toBeTruthy();

  const pdf = await s.api(`/invoices/${n}/pdf`);
  const file = join(dir, `f${n}.pdf`);
  writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toMatch(/Leveringsdato\s+12\.03\.2026/);
  const org = String(inv.recipient.organisationNumber);
  expect(text).toContain(`Kundens org.nr.`);
  expect(text).toContain(`${org.slice(0, 3)} ${org.slice(3, 6)} ${org.slice(6)}`);

  const ehf = await (await s.api(`/invoices/${n}/ehf`)).text();
  expect(ehf).toContain('<cbc:ActualDeliveryDate>2026-03-12</cbc:ActualDeliveryDate>');
  if (ehfRulesPresent()) await expectValidEhf(ehf, 'any');
  else console.warn('EHF rules not built (../shared/peppol missing): the EHF is not checked');
}, 300_000);

test('a credit note keeps the delivery date of its invoice; an offer gets none by default', async () => {
  const n = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-10', items: [{ productCode: 'A1', quantity: 1 }] });
  const cn = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
  expect((await s.json(new URL(cn.res.headers.get('location')!).pathname)).body.deliveryDate).toBe('2026-03-10');
});

test('ibanFromAccount: the fixed conversion of a Norwegian account to its IBAN, valid for every valid account', () => {
  expect(ibanFromAccount('8601 11 17947')).toBe('NO9386011117947');
  expect(ibanFromAccount('1234')).toBeNull();
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 }), (digits) => {
      const iban = ibanFromAccount(digits.join(''))!;
      expect(isValidIban(iban)).toBe(true);
      expect(iban.slice(4)).toBe(digits.join(''));
    }),
  );
});

test('a foreign-currency invoice with no IBAN in Settings prints the IBAN of the Norwegian account under the IBAN label', async () => {
  const put = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { iban: null, bic: 'DNBANOKK' } } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-03-01' } });
  const n = await issueInvoice(s, { recipient: { number: s.company }, currency: 'EUR', invoiceDate: '2026-03-02', items: [{ description: 'Licence', quantity: 1, unitPrice: 100, taxRate: 25 }] });
  expect((await s.json(`/invoices/${n}`)).body.international).toMatchObject({ iban: 'NO9386011117947', bic: 'DNBANOKK' });
  const file = join(dir, `eur${n}.pdf`);
  writeFileSync(file, Buffer.from(await (await s.api(`/invoices/${n}/pdf`)).arrayBuffer()));
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('til IBAN NO93 8601 1117 947, BIC/SWIFT DNBANOKK');
  expect(text).not.toMatch(/IBAN\)\s*\n?\s*8601 11 17947/);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(dir, 'eur')]);
});
