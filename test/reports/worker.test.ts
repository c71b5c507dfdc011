/**
 * Reports off the main thread: on a database a second connection can open (a file; PostgreSQL in the pg pass) the
 * worker thread writes JSON, CSV and XLSX, byte for byte what the in-thread writer makes (the in-memory fallback,
 * forced here with KVITT_REPORTS_IN_THREAD); progress counts rows against the report's row count (published on the
 * push channel: progress-push.test.ts); cancelling stops the export and the server goes on answering. The in-memory
 * fallback reports progress too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import { reportByResource } from '../../main/features/reports/registry.js';
import { reportBytes, workerTarget } from '../../main/features/reports/report-off-thread.js';
import { stopTaskPool } from '../../main/workers/pool.js';
import { startProgress } from '../../main/features/reports/report-progress.js';
import type { PushEvent } from '../../main/push/bus.js';
import { onPostgres } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { parseCsv, readXlsx } from './files.js';
import { reportFile, reportJson, startSeededServer, TODAY } from './setup.js';

const COLUMNS = ['number', 'type', 'issueDate', 'name', 'net', 'vat25', 'total', 'balance', 'kid'];
const dir = mkdtempSync(join(tmpdir(), 'kvitt-rep-worker-'));
let s: TestServer;
let memory: TestServer;
beforeAll(async () => {
  s = await startTestServer({ today: TODAY, dbFile: process.env.KVITT_TEST_DATABASE ? undefined : join(dir, 'kvitt.sqlite') });
  await seedAll(s.app.ctx, { seed: 11, recipients: 20, invoices: 1010, extras: false }); // > 1,000 rows: more than one chunk
  memory = await startSeededServer({ invoices: 120 });
}, 600_000); // seeding 1,010 invoices on PostgreSQL under load takes minutes
afterAll(async () => {
  await s?.close();
  await memory?.close();
  await stopTaskPool();
  rmSync(dir, { recursive: true, force: true });
});

async function inThread<T>(fn: () => Promise<T>): Promise<T> {
  process.env.KVITT_REPORTS_IN_THREAD = '1';
  try {
    return await fn();
  } finally {
    delete process.env.KVITT_REPORTS_IN_THREAD;
  }
}

/** The progress events of one download, as the push channel carries them. */
function progressEvents(t: TestServer, job: string) {
  const seen: Extract<PushEvent, { type: 'progress' }>[] = [];
  const off = t.app.ctx.push!.subscribe((e) => e.type === 'progress' && e.job === job && seen.push(e));
  return { seen, off };
}

describe('the report worker', () => {
  it('is chosen for a database it can open, never for an in-memory one', () => {
    const req = { format: 'CSV' as const, columns: COLUMNS, params: {}, lang: 'nb' as const };
    expect(workerTarget(s.app.ctx, req)).toBe(s.target);
    expect(workerTarget(memory.app.ctx, req)).toBe(onPostgres() ? memory.target : null); // PostgreSQL: always a connection of its own
    expect(workerTarget(s.app.ctx, { ...req, format: 'JSON', maxRows: 200 })).toBeNull(); // previews stay in this thread
  });

  it('writes the same CSV, JSON and XLSX as the in-thread writer', async () => {
    const q = {};
    const csv = (await reportFile(s, 'invoices', 'CSV', q, COLUMNS)).data;
    const csvHere = await inThread(async () => (await reportFile(s, 'invoices', 'CSV', q, COLUMNS)).data);
    expect(csv.equals(csvHere)).toBe(true);
    const rows = parseCsv(csv).rows;
    expect(rows.length).toBeGreaterThan(1000); // more than one chunk

    const json = (await reportFile(s, 'invoices', 'JSON', q, COLUMNS)).data;
    const jsonHere = await inThread(async () => (await reportFile(s, 'invoices', 'JSON', q, COLUMNS)).data);
    expect(json.equals(jsonHere)).toBe(true);
    expect(JSON.parse(json.toString()).rowCount).toBe(rows.length);

    const ws = (await readXlsx((await reportFile(s, 'invoices', 'XLS', q, COLUMNS)).data)).worksheets[0];
    const wsHere = (await readXlsx(await inThread(async () => (await reportFile(s, 'invoices', 'XLS', q, COLUMNS)).data))).worksheets[0];
    expect(ws.rowCount).toBe(rows.length + 2);
    const values = (w: typeof ws) => w.getSheetValues().map((r) => JSON.stringify(r));
    expect(values(ws)).toEqual(values(wsHere));
    expect(ws.getRow(2).getCell(5).numFmt).toBe('#,##0.00');
  });

  it('counts rows against the row count while it writes, and ends done', async () => {
    const token = 'worker-progress-1';
    const events = progressEvents(s, token);
    const { data } = await reportFile(s, 'invoices', 'CSV', { progress: token }, COLUMNS);
    events.off();
    const rows = parseCsv(data).rows.length;
    expect(events.seen.at(-1)).toEqual({ type: 'progress', job: token, done: rows, total: rows, phase: 'rows', state: 'done' });
  });

  it('cancels: nothing more comes out, the worker is ended, the server answers on', async () => {
    const events = progressEvents(s, 'worker-cancel-1');
    const progress = startProgress(s.app.ctx, 'worker-cancel-1')!;
    const req = { format: 'CSV' as const, columns: COLUMNS, params: {}, lang: 'nb' as const };
    const bytes = reportBytes(s.app.ctx, reportByResource.get('invoices')!, req, progress);
    expect((await bytes.next()).done).toBe(false); // the header line
    expect(events.seen.every((e) => e.state === 'running')).toBe(true);
    expect((await s.api('/reports/progress/worker-cancel-1', { method: 'DELETE' })).status).toBe(204);
    await expect(bytes.next()).rejects.toMatchObject({ status: 409, code: 'CANCELLED' });
    events.off();
    expect(events.seen.at(-1)).toMatchObject({ state: 'cancelled' });
    const again = await reportJson(s, 'invoices', { maxRows: '1' }, ['number']);
    expect(again.rowCount).toBeGreaterThan(1000);
  });
});

describe('in this thread (in-memory database; on PostgreSQL the worker again)', () => {
  it('reports progress too', async () => {
    const token = 'memory-progress-1';
    const events = progressEvents(memory, token);
    const { data } = await reportFile(memory, 'invoices', 'CSV', { progress: token }, COLUMNS);
    events.off();
    const rows = parseCsv(data).rows.length;
    expect(events.seen.at(-1)).toEqual({ type: 'progress', job: token, done: rows, total: rows, phase: 'rows', state: 'done' });
  });

  it('answers 404 when cancelling a download that is not running', async () => {
    expect((await memory.api('/reports/progress/no-such-download', { method: 'DELETE' })).status).toBe(404);
  });
});
