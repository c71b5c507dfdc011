import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../documents-api/setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
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
  const validator = join(process.cwd(), '../shared/peppol/validate-ehf');
  if (existsSync(validator)) {
    const x = join(dir, `f${n}.xml`);
    writeFileSync(x, ehf);
    execFileSync(validator, [x], { stdio: 'pipe', timeout: 240_000 });
  } else console.warn('EHF validator not present: ../shared/peppol/validate-ehf');
}, 300_000);

test('a credit note keeps the delivery date of its invoice; an offer gets none by default', async () => {
  const n = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-10', items: [{ productCode: 'A1', quantity: 1 }] });
  const cn = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
  expect((await s.json(new URL(cn.res.headers.get('location')!).pathname)).body.deliveryDate).toBe('2026-03-10');
});
