/**
 * Office mode benchmark (issue 9): the same HTTP requests on SQLite and on PostgreSQL in one run, each as a ratio to the
 * very SQL Kvitt ran for it, replayed directly on that database (office/sql-replay.ts: better-sqlite3 prepared
 * statements; pg named prepared statements), and a load test of 4 simulated GUI users on one server on PostgreSQL.
 * Prints figures; never asserts on time. Server and client share this process (loopback HTTP, in-process fastify).
 *
 * - Recipients batch: POST /recipients/ with BENCH_RECIPIENTS (10,000) into a fresh company; the direct side replays the
 *   recorded statements (in one transaction, committed) into a second fresh company of the same state. A 1,000 batch
 *   warms both first.
 * - On BENCH_INVOICES (100,000) invoices (300 made by the services, the rest cloned by SQL, office/clone.ts):
 *   GET /recipients/{n}, GET /invoices/due?perPage=50 page 1 and a deep page, the overview aggregates
 *   (/overview/invoices/summary, /overview/sales-ledger/balance): mean of sequential requests vs mean replay.
 * - Load: 4 users for BENCH_LOAD_SECONDS (60; at most 5,000 requests each) on PostgreSQL: lists, reads, a draft created
 *   and issued, a payment; p50/p95 latency and errors.
 *
 * PostgreSQL: KVITT_BENCH_PG_URL, else KVITT_TEST_PG_URL, else postgres://postgres@127.0.0.1:55433/kvitt_test (a fresh
 * schema per database, dropped after). Run under `flock /tmp/kvitt-bench.lock`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { seedCompany } from '../../main/seed/documents.seed.js';
import { seedAll } from '../../main/seed/seed.js';
import { fakeRecipient } from '../../main/seed/recipients.seed.js';
import { rng } from '../../main/seed/random.js';
import { fmt, httpRequest, KEY } from './lib.js';
import { cloneInvoices } from './office/clone.js';
import { runLoad } from './office/load.js';
import { directPostgres, directSqlite, record, type Direct, type Statement } from './office/sql-replay.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const BATCH = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const LOAD_S = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const PG_URL = process.env.KVITT_BENCH_PG_URL ?? process.env.KVITT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:55433/kvitt_test';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-office-'));
const schemas: string[] = [];

type Kind = 'SQLite' | 'PostgreSQL';
const targetOf = (kind: Kind, tag: string) => {
  if (kind === 'SQLite') return join(dir, `${tag}.sqlite`);
  const schema = `bench_${tag}_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  const u = new URL(PG_URL);
  u.searchParams.set('schema', schema);
  return u.toString();
};
const directOn = (kind: Kind, target: string): Promise<Direct> => (kind === 'SQLite' ? Promise.resolve(directSqlite(target)) : directPostgres(target));

export interface Server {
  app: OpenedApp;
  port: number;
  req(method: string, path: string, body?: unknown): Promise<{ status: number; body: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function serverOn(target: string): Promise<Server> {
  const app = await openApp({ dbFile: target, clock: fixedClock('2026-03-15'), apiKey: KEY });
  let port = 0;
  const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => KEY, port: () => port, rendererDir: null });
  await http.listen({ host: '127.0.0.1', port: 0 });
  port = (http.server.address() as { port: number }).port;
  return {
    app,
    port,
    req: (method, path, body) =>
      httpRequest({
        port,
        path,
        method,
        headers: { authorization: `Bearer ${KEY}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await http.close();
      await app.close();
    },
  };
}

const rows: string[][] = [];
const line = (kind: Kind, what: string, kvittMs: number, sqlMs: number) => {
  rows.push([kind, what, fmt(kvittMs, 2), fmt(sqlMs, 2), `${fmt(kvittMs / sqlMs, 2)}x`]);
  console.log(`${kind.padEnd(10)} ${what.padEnd(44)} Kvitt ${fmt(kvittMs, 2).padStart(9)} ms   SQL ${fmt(sqlMs, 2).padStart(9)} ms   ${fmt(kvittMs / sqlMs, 2)}x`);
};

async function batch(kind: Kind) {
  const a = await serverOn(targetOf(kind, 'batch_a'));
  const bTarget = targetOf(kind, 'batch_b');
  for (const app of [a.app, (await openApp({ dbFile: bTarget, clock: fixedClock('2026-03-15'), apiKey: KEY }))]) {
    await seedCompany(app.ctx);
    if (app !== a.app) await app.close();
  }
  const direct = await directOn(kind, bTarget);
  const r = rng(7);
  for (const [count, measured] of [[1000, false], [BATCH, true]] as const) {
    const body = JSON.stringify(Array.from({ length: count }, (_, i) => fakeRecipient(r, (measured ? 1000 : 0) + i)));
    const t0 = performance.now();
    const { result, statements } = await record(() => a.req('POST', '/recipients/', body));
    const kvitt = performance.now() - t0;
    if (result.status !== 201) throw new Error(`batch: ${result.status} ${result.body.slice(0, 300)}`);
    const t1 = performance.now();
    await direct.replay(statements, { tx: 'commit' });
    const sqlMs = performance.now() - t1;
    if (measured) line(kind, `POST /recipients/ batch of ${BATCH.toLocaleString('en')} (${statements.length.toLocaleString('en')} stmts)`, kvitt, sqlMs);
  }
  await direct.close();
  await a.close();
}

/** Mean of `n` sequential requests vs mean of `n` replays of the statements one request ran. */
async function compare(kind: Kind, s: Server, direct: Direct, path: string, n: number, label = `GET ${path}`) {
  const { result, statements } = await record(() => s.req('GET', path));
  if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.body.slice(0, 300)}`);
  for (let i = 0; i < 3; i++) {
    await s.req('GET', path);
    await direct.replay(statements);
  }
  let t = performance.now();
  for (let i = 0; i < n; i++) await s.req('GET', path);
  const kvitt = (performance.now() - t) / n;
  t = performance.now();
  for (let i = 0; i < n; i++) await direct.replay(statements);
  line(kind, `${label} (${statements.length} stmt${statements.length === 1 ? '' : 's'})`, kvitt, (performance.now() - t) / n);
  return result;
}

async function big(kind: Kind): Promise<{ server: Server; target: string }> {
  const target = targetOf(kind, 'big');
  const app = await openApp({ dbFile: target, clock: fixedClock('2026-03-15'), apiKey: KEY });
  const t0 = performance.now();
  await seedAll(app.ctx, { seed: 1, recipients: 300, invoices: 300, extras: false });
  const total = await cloneInvoices(app.ctx.db, INVOICES);
  console.log(`${kind}: ${total.toLocaleString('en')} invoices ready in ${fmt((performance.now() - t0) / 1000)} s`);
  await app.close();
  return { server: await serverOn(target), target };
}

async function reads(kind: Kind, s: Server, target: string) {
  const direct = await directOn(kind, target);
  await compare(kind, s, direct, '/recipients/150', 500);
  const first = await compare(kind, s, direct, '/invoices/due?perPage=50', 10, 'GET /invoices/due?perPage=50 page 1');
  const due = Number(first.headers['x-total-count'] ?? 0);
  const deep = Math.max(2, Math.floor((0.9 * due) / 50));
  await compare(kind, s, direct, `/invoices/due?perPage=50&page=${deep}`, 10, `GET /invoices/due page ${deep.toLocaleString('en')} of ${Math.ceil(due / 50).toLocaleString('en')}`);
  await compare(kind, s, direct, '/overview/invoices/summary', 10);
  await compare(kind, s, direct, '/overview/sales-ledger/balance', 10);
  await direct.close();
}

async function main() {
  console.log(`office bench: ${INVOICES.toLocaleString('en')} invoices, batch ${BATCH.toLocaleString('en')}, load ${LOAD_S} s; PostgreSQL ${PG_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
  const servers: Server[] = [];
  try {
    for (const kind of ['SQLite', 'PostgreSQL'] as const) {
      await batch(kind);
      const { server, target } = await big(kind);
      servers.push(server);
      await reads(kind, server, target);
    }
    const load = await runLoad(servers[1]!, { users: 4, seconds: LOAD_S, maxPerUser: 5000 });
    console.log(`\nLoad, PostgreSQL, 4 users, ${fmt(load.seconds)} s: ${load.requests.toLocaleString('en')} requests (${fmt(load.requests / load.seconds)}/s), p50 ${fmt(load.p50, 1)} ms, p95 ${fmt(load.p95, 1)} ms, max ${fmt(load.max, 1)} ms, errors ${load.errors}`);
    for (const [kind, v] of Object.entries(load.byKind)) console.log(`  ${kind.padEnd(22)} ${String(v.count).padStart(6)}  p50 ${fmt(v.p50, 1).padStart(6)} ms  p95 ${fmt(v.p95, 1).padStart(6)} ms`);
    if (load.errorSamples.length) console.log('  errors:', load.errorSamples.join(' | '));
    console.log('\n| database | request | Kvitt ms | same SQL direct ms | ratio |\n|---|---|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  } finally {
    for (const s of servers) await s.close();
    rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    for (const s of schemas) await c.query(`drop schema if exists ${s} cascade`);
    await c.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
