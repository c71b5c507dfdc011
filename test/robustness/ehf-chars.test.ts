import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startDocServer, type DocServer } from '../documents-api/setup.js';

let s: DocServer;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-ehf-'));
beforeAll(async () => {
  s = await startDocServer();
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the EHF writer cannot write a character XML forbids, even from data stored before input refused them', async () => {
  const d = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, yourReference: 'Per', items: [{ description: 'Linje', quantity: 1, unitPrice: 100, taxRate: 25 }] } });
  expect(d.status).toBe(201);
  const id = Number(d.res.headers.get('location')!.split('/').pop());
  // Old data: written straight into the draft, as an older version accepted it.
  const dirty = 'A\u0000B\u0007C\u000bD\u001bE\ufffeF\uffffG\ud800H';
  s.app.database.raw.prepare('update documents set invoice_text = ?, your_reference = ? where id = ?').run(dirty, dirty.slice(0, 20), id);
  s.app.database.raw.prepare('update document_lines set description = ? where document_id = ?').run(dirty, id);
  const issued = await s.json(`/invoices/drafts/${id}/issue`, { method: 'POST' });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const n = Number(issued.res.headers.get('location')!.split('/').pop());
  const res = await s.api(`/invoices/${n}/ehf`);
  expect(res.status).toBe(200);
  const xml = await res.text();
  expect(xml).toMatch(/ABCDEFG\uFFFD*H/); // SQLite already stored the lone surrogate as U+FFFD
  expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/.test(xml)).toBe(false);
  const file = join(dir, 'invoice.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', file]); // well-formed XML, or this throws
});
