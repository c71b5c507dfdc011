/**
 * Runs after `npm run build`: the one built worker program (out/main/task-worker.js, the pool's only entry besides the
 * main bundle) renders an outbox PDF (value task) and streams a report from its own read connection (streaming task),
 * chunk by chunk with the credit the pool gives back, notes first; an unknown task is an error, not a crash; it checks
 * an EHF against the official rules, its schema thread (main/render/ehf/rules/schema-check.ts) and its rule threads
 * (rule-thread.ts: CEN and PEPPOL, each one saxon-js transformation for many documents) started from the bundle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import type { FromWorker } from '../../main/workers/worker.js';
import { startTestServer } from '../helpers/server.js';
import { ehfCorpus } from '../render/ehf-corpus.js';
import { invoiceSimple } from '../render/fixtures.js';
import { ehfRulesPresent, type EhfReport } from '../helpers/ehf-validator.js';
import { parseCsv } from '../reports/files.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-bundle-worker-'));
const dbFile = join(dir, 'kvitt.sqlite');
let worker: Worker;
const messages: FromWorker[] = [];
beforeAll(async () => {
  const s = await startTestServer({ today: '2026-03-15', dbFile });
  await seedAll(s.app.ctx, { seed: 4, recipients: 10, invoices: 60, extras: false });
  await s.close();
  worker = new Worker(join(process.cwd(), 'out/main/task-worker.js'), { workerData: { nice: 0 } });
  worker.on('message', (m: FromWorker) => {
    messages.push(m);
    if ('chunk' in m) worker.postMessage({ id: m.id, more: true });
  });
});
afterAll(async () => {
  await worker?.terminate();
  rmSync(dir, { recursive: true, force: true });
});

async function until(id: number, last: (m: FromWorker) => boolean): Promise<FromWorker[]> {
  const end = Date.now() + 60_000;
  while (!messages.some((m) => m.id === id && last(m))) {
    if (Date.now() > end) throw new Error(`no answer to job ${id}: ${JSON.stringify(messages.filter((m) => m.id === id)).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return messages.filter((m) => m.id === id);
}

test('the built task worker renders a PDF and streams a report', async () => {
  worker.postMessage({ id: 1, name: 'pdf.document', input: invoiceSimple, stream: false });
  const [pdf] = await until(1, (m) => 'value' in m || 'error' in m);
  expect('value' in pdf && Buffer.from(pdf.value as Uint8Array).subarray(0, 5).toString()).toBe('%PDF-');

  const req = { format: 'CSV', columns: ['number', 'name', 'total'], params: {}, lang: 'nb' };
  worker.postMessage({ id: 2, name: 'report.file', input: { target: dbFile, today: '2026-03-15', timestamp: '2026-03-15T12:00:00.000Z', resource: 'invoices', req }, stream: true });
  const got = await until(2, (m) => 'end' in m || 'error' in m);
  expect(got.at(-1)).toEqual({ id: 2, end: true });
  const csv = Buffer.concat(got.flatMap((m) => ('chunk' in m ? [Buffer.from(m.chunk)] : [])));
  const rows = parseCsv(csv).rows.length;
  expect(rows).toBeGreaterThan(50);
  expect(got[0]).toEqual({ id: 2, note: { total: rows } });

  worker.postMessage({ id: 3, name: 'no.such.task', input: null, stream: false });
  expect((await until(3, (m) => 'error' in m))[0]).toMatchObject({ error: { message: 'unknown task no.such.task' } });
});

test.skipIf(!ehfRulesPresent())('the built task worker checks an EHF: the UBL schema in its schema thread, then the rules', async () => {
  const corpus = ehfCorpus(40);
  const good = corpus.find((d) => !d.broken && d.name.includes('NOK'))!;
  const unknown = corpus.find((d) => d.name.startsWith('broken-unknown-element'))!;
  const payable = corpus.find((d) => d.name.startsWith('broken-wrong-payable'))!;
  worker.postMessage({ id: 4, name: 'ehf.validate', input: good.xml, stream: false });
  worker.postMessage({ id: 5, name: 'ehf.validate', input: unknown.xml, stream: false });
  worker.postMessage({ id: 6, name: 'ehf.validate', input: payable.xml, stream: false });
  const [ok] = await until(4, (m) => 'value' in m || 'error' in m);
  const [bad] = await until(5, (m) => 'value' in m || 'error' in m);
  const [wrongSum] = await until(6, (m) => 'value' in m || 'error' in m);
  // a business rule failed in the CEN rule thread, with its id and official text
  const rules = (wrongSum as { value: EhfReport }).value.problems;
  expect(rules.find((p) => p.id === 'BR-CO-16'), JSON.stringify(rules)).toMatchObject({ flag: 'fatal', source: 'CEN-EN16931-UBL' });
  expect(rules.some((p) => p.id === 'RUNNER'), JSON.stringify(rules)).toBe(false);
  expect(ok).toMatchObject({ value: { checked: true, ok: true } });
  const report = (bad as { value: EhfReport }).value;
  expect(report.ok).toBe(false);
  const xsd = report.problems.filter((p) => p.id === 'XSD');
  expect(xsd.length, JSON.stringify(report.problems)).toBeGreaterThan(0);
  expect(xsd[0].text).toMatch(/Schemas validity error : Element '\{[^}]+\}\w+': This element is not expected/);
}, 120_000);
