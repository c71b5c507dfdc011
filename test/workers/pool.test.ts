/**
 * The one worker pool (main/workers/pool.ts): value tasks (an outbox PDF) and streaming tasks (a report file in chunks)
 * in worker threads of the same program; a long stream has a worker of its own, so a PDF does not wait for it; a
 * stream stopped half way (return, abort) ends its worker and the pool goes on; a task's error comes back as thrown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJob } from '../../main/features/reports/report-task.js';
import { seedAll } from '../../main/seed/seed.js';
import { runTask, stopTaskPool, streamTask, taskWorkers, workersAvailable } from '../../main/workers/pool.js';
import { cloneInvoices } from '../helpers/clone-invoices.js';
import { onPostgres } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { invoiceSimple } from '../render/fixtures.js';
import { parseCsv } from '../reports/files.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-pool-'));
let s: TestServer;
let rows: number;
const saved = process.env.KVITT_WORKERS;
beforeAll(async () => {
  process.env.KVITT_WORKERS = '1'; // one worker for value tasks: the stream must not take it
  s = await startTestServer({ today: '2026-03-15', dbFile: onPostgres() ? undefined : join(dir, 'kvitt.sqlite') });
  await seedAll(s.app.ctx, { seed: 9, recipients: 10, invoices: 100, extras: false });
  rows = await cloneInvoices(s.app.ctx.db, 6_000);
}, 600_000);
afterAll(async () => {
  await s?.close();
  await stopTaskPool();
  if (saved === undefined) delete process.env.KVITT_WORKERS;
  else process.env.KVITT_WORKERS = saved;
  rmSync(dir, { recursive: true, force: true });
});

const job = (over: Partial<ReportJob> = {}): ReportJob => ({
  target: s.target,
  today: '2026-03-15',
  timestamp: '2026-03-15T12:00:00.000Z',
  resource: 'invoices',
  req: { format: 'CSV', columns: ['number', 'name', 'total'], params: {}, lang: 'nb' },
  ...over,
});

async function drain(it: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of it) parts.push(p);
  return Buffer.concat(parts);
}

describe('the worker pool', () => {
  it('runs a PDF task while a report stream holds a worker of its own, and the stream comes out whole with its notes', async () => {
    expect(workersAvailable()).toBe(true);
    const notes: unknown[] = [];
    const stream = streamTask('report.file', job(), { onNote: (n) => notes.push(n) });
    const first = await stream.next(); // the stream is running and paused: the consumer takes nothing more for now
    expect(first.done).toBe(false);
    const pdf = await runTask('pdf.document', invoiceSimple);
    expect(Buffer.isBuffer(pdf) && pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(taskWorkers()).toBe(2);
    const csv = Buffer.concat([first.value as Buffer, await drain(stream)]);
    expect(parseCsv(csv).rows).toHaveLength(rows);
    expect(notes[0]).toEqual({ total: rows });
    expect(notes).toContainEqual({ phase: 'rows' });
    const written = notes.flatMap((n) => ('rows' in (n as object) ? [(n as { rows: number }).rows] : []));
    expect(written.reduce((a, b) => a + b, 0)).toBe(rows);
  });

  it('a stream stopped half way ends its worker; the next stream and task run', async () => {
    const before = taskWorkers();
    const stream = streamTask('report.file', job());
    await stream.next();
    await stream.return(undefined);
    expect(taskWorkers()).toBe(before - 1);
    expect(parseCsv(await drain(streamTask('report.file', job()))).rows).toHaveLength(rows);
    expect((await runTask('pdf.document', invoiceSimple)).length).toBeGreaterThan(1000);
  });

  it('an abort stops the stream at once with its reason', async () => {
    const stop = new AbortController();
    const stream = streamTask('report.file', job({ req: { format: 'XLS', columns: ['number', 'name', 'total'], params: {}, lang: 'nb' } }), { signal: stop.signal });
    const next = stream.next();
    stop.abort(new Error('stopped by the test'));
    await expect(next).rejects.toThrow('stopped by the test');
    expect((await stream.next()).done).toBe(true);
  });

  it('a worker idle after a stream ends after its time to live; a PDF worker within the pool size stays', async () => {
    process.env.KVITT_WORKER_IDLE_MS = '200';
    try {
      await stopTaskPool();
      await runTask('pdf.document', invoiceSimple);
      expect(taskWorkers()).toBe(1);
      expect(parseCsv(await drain(streamTask('report.file', job()))).rows).toHaveLength(rows);
      expect(taskWorkers()).toBe(1); // the stream took the idle PDF worker
      const end = Date.now() + 10_000;
      while (taskWorkers() > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(taskWorkers()).toBe(0);
      await runTask('pdf.document', invoiceSimple);
      await new Promise((r) => setTimeout(r, 600));
      expect(taskWorkers()).toBe(1);
    } finally {
      delete process.env.KVITT_WORKER_IDLE_MS;
    }
  });

  it('six value tasks at once on one worker (two handed over at a time, run in turn): each answer its own, a failing one does not touch the next', async () => {
    await stopTaskPool();
    const mail = (i: number) =>
      runTask('mail.document', { view: invoiceSimple, mail: { from: { name: 'Kvitt AS', address: 'faktura@kvitt.no' }, to: `kunde${i}@kvitt.no`, subject: `Faktura ${i}`, text: 'Hei\n' }, filename: `faktura-${i}.pdf` });
    const broken = runTask('mail.document', { view: undefined as never, mail: { from: { address: 'a@kvitt.no' }, to: 'b@kvitt.no', subject: 'x', text: 'x' }, filename: 'x.pdf' });
    const all = [mail(1), broken, mail(2), mail(3), mail(4), mail(5)];
    await expect(broken).rejects.toThrow();
    const done = await Promise.all(all.filter((p) => p !== broken));
    expect(taskWorkers()).toBe(1);
    done.forEach((d, k) => {
      const i = k + 1;
      const raw = Buffer.from(d.raw).toString('latin1');
      expect(raw).toContain(`\r\nTo: kunde${i}@kvitt.no\r\n`);
      expect(raw).toContain(`filename=faktura-${i}.pdf`);
      expect(Buffer.from(d.pdf).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  it("a task's error comes back with its message", async () => {
    await expect(drain(streamTask('report.file', job({ resource: 'no-such-report' })))).rejects.toThrow('unknown report no-such-report');
    // and the worker that reported it goes on working
    expect(parseCsv(await drain(streamTask('report.file', job()))).rows).toHaveLength(rows);
  });
});
