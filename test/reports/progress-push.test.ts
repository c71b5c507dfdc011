/**
 * Report progress on the push channel: a client subscribed to GET /_events over real HTTP sees a large export's rows
 * go up against the row count, then its last event (done, or cancelled after DELETE /reports/progress/{token}); the
 * events of one download come at most one per 100 ms, and the last always comes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stopTaskPool } from '../../main/workers/pool.js';
import { createPushBus, type PushEvent } from '../../main/push/bus.js';
import { PUBLISH_MS, startProgress } from '../../main/features/reports/report-progress.js';
import { seedAll } from '../../main/seed/seed.js';
import { cloneInvoices } from '../helpers/clone-invoices.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';
import { listenEvents, type SseEvent } from '../helpers/sse.js';
import { parseCsv } from './files.js';
import { TODAY } from './setup.js';

const COLUMNS = 'number,type,issueDate,name,net,vat25,total,balance,kid';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-rep-push-'));
let s: TestServer;
let rows: number;
beforeAll(async () => {
  s = await startTestServer({ today: TODAY, dbFile: process.env.KVITT_TEST_DATABASE ? undefined : join(dir, 'kvitt.sqlite') });
  await seedAll(s.app.ctx, { seed: 5, recipients: 20, invoices: 150, extras: false });
  rows = await cloneInvoices(s.app.ctx.db, 12_000); // twelve and more chunks of 1,000 rows
  s.clock.set(TODAY);
}, 600_000);
afterAll(async () => {
  await s?.close();
  await stopTaskPool();
  rmSync(dir, { recursive: true, force: true });
});

const progressOf = (events: SseEvent[], job: string) => events.filter((e) => e.event === 'progress' && e.data.job === job).map((e) => e.data as Extract<PushEvent, { type: 'progress' }>);

async function until(check: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GET /_events while a large report downloads', () => {
  it('shows the rows going up against the row count, then done', async () => {
    const sse = await listenEvents(s.base, { authorization: `Bearer ${TEST_KEY}` });
    try {
      expect(sse.res.status).toBe(200);
      const job = 'push-progress-xlsx-1';
      const res = await s.api(`/reports/invoices?format=XLS&columns=${COLUMNS}&progress=${job}`);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
      await until(() => progressOf(sse.events, job).some((e) => e.state !== 'running'));
      const seen = progressOf(sse.events, job);
      const last = seen.at(-1)!;
      expect(last).toEqual({ type: 'progress', job, done: rows, total: rows, phase: 'file', state: 'done' });
      const running = seen.filter((e) => e.state === 'running');
      const between = running.filter((e) => e.done > 0 && e.done < rows);
      expect(between.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(2); // the bar moves, not just start and end
      for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
      expect(running.every((e) => e.total === null || e.total === rows)).toBe(true);
      expect(seen.slice(0, -1).every((e) => e.state === 'running')).toBe(true);
    } finally {
      await sse.close();
    }
  }, 120_000);

  it('ends cancelled after DELETE /reports/progress/{token}; the token is then unknown', async () => {
    const sse = await listenEvents(s.base, { authorization: `Bearer ${TEST_KEY}` });
    try {
      const job = 'push-progress-cancel-1';
      const res = await s.api(`/reports/invoices?format=CSV&columns=${COLUMNS}&progress=${job}`);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // the export runs
      expect((await s.api(`/reports/progress/${job}`, { method: 'DELETE' })).status).toBe(204);
      await until(() => progressOf(sse.events, job).some((e) => e.state !== 'running'));
      expect(progressOf(sse.events, job).at(-1)).toMatchObject({ state: 'cancelled' });
      await reader.cancel().catch(() => undefined);
      expect((await s.api(`/reports/progress/${job}`, { method: 'DELETE' })).status).toBe(404);
      // The server answers on, and a new download of the whole report still comes out whole.
      const again = await s.api(`/reports/invoices?format=CSV&columns=${COLUMNS}`);
      expect(parseCsv(Buffer.from(await again.arrayBuffer())).rows.length).toBe(rows);
    } finally {
      await sse.close();
    }
  }, 120_000);

  it('refuses a bad token', async () => {
    expect((await s.json(`/reports/invoices?format=CSV&columns=number&progress=a b`)).status).toBe(400);
  });
});

describe('the publishing rate', () => {
  it('sends at most one event per 100 ms per download, and always the last', () => {
    vi.useFakeTimers();
    try {
      const bus = createPushBus();
      const seen: PushEvent[] = [];
      bus.subscribe((e) => seen.push(e));
      const p = startProgress({ push: bus }, 'rate-test-1')!;
      p.total(5000);
      for (let i = 0; i < 50; i++) p.rows(100); // all within the same instant
      expect(seen).toHaveLength(1); // the first at once, the rest wait
      vi.advanceTimersByTime(PUBLISH_MS);
      expect(seen).toHaveLength(2);
      expect(seen[1]).toMatchObject({ done: 5000, total: 5000, state: 'running' });
      p.rows(0);
      p.finish('done'); // within the window: the last goes out anyway
      expect(seen.at(-1)).toMatchObject({ done: 5000, state: 'done' });
      vi.advanceTimersByTime(10 * PUBLISH_MS);
      expect(seen).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
