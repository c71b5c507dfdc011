import { afterAll, beforeAll, expect, test } from 'vitest';
import { opTable } from '../../main/op-table.js';
import { callEnvelope } from '../../main/ops/invoke.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
let n = 0;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
});
afterAll(async () => {
  await s.close();
});

const call = (name: string, input: unknown) => callEnvelope(opTable, name, input, s.app.ctx);

test('the same operations over the IPC envelope: lists, pages, files, errors with fields', async () => {
  const list = await call('invoices.list', {});
  expect(list).toMatchObject({ ok: true, value: [expect.objectContaining({ number: n })] });
  const page = await call('invoices.listDue', { query: { perPage: 10 } });
  expect(page).toMatchObject({ ok: true, value: { items: [], total: 0, page: 1, perPage: 10 } });
  const pdf = await call('invoices.pdf', { params: { number: n } });
  expect(pdf.ok).toBe(true);
  const f = (pdf as { value: { file: { contentType: string; filename: string; data: Uint8Array } } }).value.file;
  expect(f.contentType).toBe('application/pdf');
  expect(f.filename).toBe(`faktura-${n}.pdf`);
  expect(Buffer.from(f.data).subarray(0, 5).toString()).toBe('%PDF-');
  const created = await call('invoices.createDraft', { body: { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] } });
  expect(created).toMatchObject({ ok: true, value: { created: expect.stringMatching(/^\/invoices\/drafts\/\d+$/) } });
  const bad = await call('invoices.registerPayment', { params: { number: n }, body: { date: '2026-02-30', amount: 1 } });
  expect(bad).toMatchObject({ ok: false, error: { status: 400, fields: [{ field: 'date', message: expect.any(String) }] } });
  const sums = await call('invoices.sums', { query: { state: 'not-due' } });
  expect(sums).toMatchObject({ ok: true, value: { count: 1, total: 1562.5, balance: 1562.5 } });
});
