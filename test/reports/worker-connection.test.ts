/**
 * The report worker's database connection (main/features/reports/worker-db.ts): on PostgreSQL a worker keeps its
 * connection between reports (a new one costs the server a process per report) and closes it once unused; a report made
 * on a kept connection shows what was committed after that connection opened. SQLite files are opened per report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keptConnections, openReadConnection } from '../../main/features/reports/worker-db.js';
import { stopTaskPool } from '../../main/workers/pool.js';
import { onPostgres } from '../helpers/database.js';
import { startDocServer, type DocServer } from '../helpers/documents.js';
import { reportJson } from './setup.js';

const TODAY = '2026-03-15';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-rep-conn-'));
let s: DocServer;
beforeAll(async () => {
  // A file on SQLite (the worker opens it again), a schema of its own on PostgreSQL: both make reports in the worker.
  s = await startDocServer({ today: TODAY, dbFile: onPostgres() ? undefined : join(dir, 'kvitt.sqlite') });
});
afterAll(async () => {
  await s?.close();
  await stopTaskPool();
  rmSync(dir, { recursive: true, force: true });
});

it('a report made right after a change shows it, report after report (the worker may keep its connection)', async () => {
  const r = await s.json('/invoices/', { body: { recipient: { number: s.company }, invoiceDate: TODAY, dueDate: '2026-03-20', items: [{ description: 'Arbeid', quantity: 2, unitPrice: 500, taxRate: 25 }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const number = Number(r.res.headers.get('location')!.split('/').pop());
  const open = async () => (await reportJson(s, 'openItems', { to: TODAY }, ['number', 'balance'])).items;
  expect(await open()).toEqual([{ number, balance: 1250 }]);
  for (const [amount, left] of [[250, 1000], [400, 600], [600, 0]] as const) {
    const p = await s.json(`/invoices/${number}/payments`, { body: { date: TODAY, amount } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(await open(), `after paying ${amount}`).toEqual(left ? [{ number, balance: left }] : []);
  }
  const bal = await reportJson(s, 'recipients/balance', { to: TODAY }, ['recipientNumber', 'balance']);
  expect(bal.items).toEqual([]);
});

it('PostgreSQL: one kept connection per database, closed once unused; SQLite: nothing kept', async () => {
  process.env.KVITT_WORKER_PG_KEEP_MS = '50';
  const before = keptConnections();
  const a = await openReadConnection(s.target);
  const b = await openReadConnection(s.target);
  try {
    expect(b.db === a.db, 'the second job gets the first one’s connection').toBe(onPostgres());
    expect(keptConnections()).toBe(before + (onPostgres() ? 1 : 0));
    const n = await b.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n), 'the three payments of the test before').toBe(3);
  } finally {
    await a.close();
    await b.close();
  }
  await expect.poll(keptConnections, { timeout: 20_000 }).toBe(before);
});
