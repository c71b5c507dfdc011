import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { onPostgres } from '../helpers/database.js';
import { startDocServer, type DocServer } from '../helpers/documents.js';

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
  // PostgreSQL text cannot hold NUL at all (it refuses the write), so NUL is SQLite's old data only.
  const dirty = `A${onPostgres() ? '' : '\u0000'}B\u0007C\u000bD\u001bE\ufffeF\uffffG\ud800H`;
  const db = s.app.ctx.db;
  await db.updateTable('documents').set({ invoice_text: dirty, your_reference: dirty.slice(0, 20) }).where('id', '=', id).execute();
  await db.updateTable('document_lines').set({ description: dirty }).where('document_id', '=', id).execute();
  const issued = await s.json(`/invoices/drafts/${id}/issue`, { method: 'POST' });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const n = Number(issued.res.headers.get('location')!.split('/').pop());
  const res = await s.api(`/invoices/${n}/ehf`);
  expect(res.status).toBe(200);
  const xml = await res.text();
  expect(xml).toMatch(/ABCDEFG\uFFFD*H/); // the database already stored the lone surrogate as U+FFFD
  expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/.test(xml)).toBe(false);
  const file = join(dir, 'invoice.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', file]); // well-formed XML, or this throws
});
