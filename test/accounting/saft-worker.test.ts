/**
 * The SAF-T file from a worker of the pool (a database on file, which the worker opens a second time): the same file
 * as in this thread, progress on the push channel ends done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';

import { startTestServer, type TestServer } from '../helpers/server.js';
import { readSaft, validateSaft } from './saft-read.js';

let s: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-saft-worker-'));
beforeAll(async () => {
  s = await startTestServer({ today: '2026-03-15', dbFile: join(dir, 'kvitt.db') });
  await seedAll(s.app.ctx, { seed: 11, recipients: 15, invoices: 120, extras: true });
  s.clock.set('2026-03-15');
  await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Verksted AS', orgNumber: '987654325' } } });
}, 120_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a worker writes the same valid file as this thread, and its progress ends done', async () => {
  const events: Array<{ state: string; done: number }> = [];
  const off = s.app.ctx.push!.subscribe((e) => void (e.type === 'progress' && e.job === 'saft-job-1' && events.push(e)));
  const res = await s.api('/reports/saft?from=2025-06-01&to=2026-03-15&progress=saft-job-1');
  const xml = await res.text();
  off();
  expect(res.status, xml.slice(0, 300)).toBe(200);
  expect(validateSaft(xml)).toBe('');
  process.env.KVITT_REPORTS_IN_THREAD = '1';
  try {
    const here = await (await s.api('/reports/saft?from=2025-06-01&to=2026-03-15')).text();
    expect(here).toBe(xml);
  } finally {
    delete process.env.KVITT_REPORTS_IN_THREAD;
  }
  const saft = readSaft(xml);
  expect(saft.transactions.length).toBeGreaterThan(20);
  expect(events.at(-1)?.state).toBe('done');
  expect(events.at(-1)?.done).toBe(saft.transactions.length);
});
