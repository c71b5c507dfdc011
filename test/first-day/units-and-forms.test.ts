import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s?.close();
});
const dir = mkdtempSync(join(tmpdir(), 'kvitt-units-'));

async function pdfText(n: number): Promise<string> {
  const res = await s.api(`/invoices/${n}/pdf`);
  expect(res.status).toBe(200);
  const file = join(dir, `f${n}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

test('the printed invoice says "1 time" and "2,5 timer" whichever number the unit was typed in', async () => {
  const n = await issueInvoice(s, {
    recipient: { number: s.company },
    items: [
      { description: 'Oppstartsmøte', quantity: 1, unit: 'timer', unitPrice: 1000, taxRate: 25 },
      { description: 'Rådgivning', quantity: 2.5, unit: 'time', unitPrice: 1000, taxRate: 25 },
      { description: 'Leie av lift', quantity: 3, unit: 'dag', unitPrice: 500, taxRate: 25 },
      { description: 'Skruer', quantity: 4, unit: 'stk', unitPrice: 10, taxRate: 25 },
    ],
  });
  const text = await pdfText(n);
  expect(text).toMatch(/Oppstartsmøte\s+1\s+time\s/);
  expect(text).toMatch(/Rådgivning\s+2,5\s+timer\s/);
  expect(text).toMatch(/Leie av lift\s+3\s+dager\s/);
  expect(text).toMatch(/Skruer\s+4\s+stk\s/);
  // The document keeps what was typed (its content and EHF unit code do not change).
  const doc = await s.app.ctx.db.selectFrom('documents').select('id').where('kind', '=', 'invoice').where('number', '=', n).executeTakeFirstOrThrow();
  const lines = await s.app.ctx.db.selectFrom('document_lines').select('unit').where('document_id', '=', doc.id).orderBy('line_no').execute();
  expect(lines.map((l) => l.unit)).toEqual(['timer', 'time', 'dag', 'stk']);
});

test('NUF (a foreign company\'s Norwegian branch) is an organisation form: the company can choose it, its invoices print Foretaksregisteret', async () => {
  const put = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { orgForm: 'nuf' } } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect(put.body.company.orgForm).toBe('nuf');
  const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 100, taxRate: 25 }] });
  expect(await pdfText(n)).toContain('Foretaksregisteret');
  const customer = await s.json('/recipients/', { body: { name: 'Nordic Branch NUF', organisation: { form: 'nuf', icd: 9908, number: '923609016' }, contact: { address: { address1: 'Kaia 1', zip: '0150', city: 'OSLO' } } } });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
});
