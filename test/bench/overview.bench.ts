/**
 * Overview benchmark (issue 12, "Tests and figures"). Prints figures; never asserts on time.
 *
 *  1. seeds 100,000 invoices (with payments, credit notes, losses, offers, order confirmations, drafts) through the
 *     services into a temporary file database, dated over the 18 months before 2026-03-15;
 *  2. each spec 4.3 endpoint over loopback HTTP (the server in a child process, as a user runs it) against the very SQL
 *     that operation runs, captured from Kysely and replayed with better-sqlite3 directly, in the same run (ratio);
 *  3. the whole dashboard: every request Oversikt makes when it opens, sent together as the GUI sends them.
 *
 * Environment: BENCH_INVOICES (default 100000), BENCH_DB=<file> measures an already seeded database (migrated first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema.js';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import type { AppContext } from '../../main/context.js';
import { allOps } from '../../main/op-table.js';
import { runOp } from '../../main/ops/invoke.js';
import { seedAll } from '../../main/seed/seed.js';
import { fmt, httpRequest, KEY, median, startChild } from './lib.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const TODAY = '2026-03-15';
const RUNS = 20;
const line = (s = '') => console.log(s);

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs the operation in this process over a logging Kysely and returns every statement it executed. */
async function captureSql(file: string, path: string, query: Record<string, string>): Promise<Captured[]> {
  const statements: Captured[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(file, { readonly: true }) }),
    log: (e) => {
      if (e.level === 'query') statements.push({ sql: e.query.sql, parameters: e.query.parameters });
    },
  });
  const ctx: AppContext = { db, clock: fixedClock(TODAY), dataDir: null };
  const op = allOps.find((o) => o.method === 'GET' && o.path.replace(/\/$/, '') === path.replace(/\/$/, ''));
  if (!op) throw new Error(`no operation GET ${path}`);
  const result = await runOp(op, { params: {}, query, body: undefined }, ctx);
  // A streamed or paged result runs its queries when read.
  if (result && typeof result === 'object' && 'items' in result && typeof (result as { items: unknown }).items === 'function') for await (const _ of (result as { items: () => AsyncIterable<unknown> }).items());
  await db.destroy();
  return statements;
}

/** The captured statements, prepared once and run one after another as the operation runs them. */
function direct(file: string, statements: Captured[]) {
  const raw = new SqliteDatabase(file, { readonly: true });
  const prepared = statements.map((s) => ({ stmt: raw.prepare(s.sql), params: s.parameters as unknown[] }));
  return { run: () => prepared.forEach((p) => p.stmt.all(...p.params)), close: () => raw.close() };
}

async function timeMs(fn: () => unknown, runs = RUNS, warm = 3): Promise<number> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

const ENDPOINTS: { path: string; query: Record<string, string> }[] = [
  { path: '/overview/invoices', query: {} },
  { path: '/overview/invoices', query: { year: 'all' } },
  { path: '/overview/invoices/documents', query: { states: 'due', types: 'ordinary', year: '2026', perPage: '50', page: '1' } },
  { path: '/overview/invoices/documents', query: { year: 'all', perPage: '50', page: '100' } },
  { path: '/overview/sales-ledger/graph/revenue', query: {} },
  { path: '/overview/sales-ledger/graph/revenue', query: { from: '2025-04-01', to: TODAY } },
  { path: '/overview/invoices/summary', query: {} },
  { path: '/overview/sales-ledger/balance', query: {} },
];

/** What Oversikt asks for when it opens (overview-api.ts: fetchOverview, fetchCards, fetchRevenue). */
const DASHBOARD: { path: string; query: Record<string, string> }[] = [
  { path: '/overview/invoices', query: {} },
  { path: '/invoices/sums', query: { state: 'not-due' } },
  { path: '/invoices/sums', query: { state: 'due' } },
  { path: '/overview/sales-ledger/graph/revenue', query: { from: '2026-03-01', to: TODAY } },
  { path: '/overview/sales-ledger/balance', query: {} },
  { path: '/overview/sales-ledger/graph/revenue', query: {} },
];

const url = (e: { path: string; query: Record<string, string> }) => `${e.path}${Object.keys(e.query).length ? `?${new URLSearchParams(e.query)}` : ''}`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-overview-bench-'));
  const file = process.env.BENCH_DB ? resolve(process.env.BENCH_DB) : join(dir, 'bench.sqlite');
  line(`# overview benchmark (${INVOICES.toLocaleString('en-US')} invoices, today ${TODAY}, database ${file})`);
  line(`node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (other work slows every figure; ratios are measured side by side)`);
  const app = await openApp({ dbFile: file, apiKey: KEY, clock: fixedClock(TODAY) });
  if (process.env.BENCH_DB) line(`reusing ${file} (migrated, not seeded here)`);
  else {
    const t = performance.now();
    const counts = await seedAll(app.ctx, { seed: 42, recipients: 2000, invoices: INVOICES });
    line(`seeded in ${fmt((performance.now() - t) / 1000)} s: ${JSON.stringify(counts)}`);
  }
  await app.close();

  const server = await startChild('kvitt', file);
  const headers = { authorization: `Bearer ${KEY}` };
  const get = async (path: string) => {
    const r = await httpRequest({ port: server.port, path, headers });
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 300)}`);
    return r;
  };
  try {
    line();
    line('## each 4.3 endpoint: HTTP (median of 20) vs the same SQL run directly');
    line('request                                                                   | HTTP ms | SQL ms | HTTP/SQL | CPU ms server / SQL | CPU ratio | statements | bytes');
    for (const e of ENDPOINTS) {
      const path = url(e);
      const bytes = (await get(path)).body.length;
      const c0 = await server.cpuMs();
      const http = await timeMs(() => get(path));
      const httpCpu = ((await server.cpuMs()) - c0) / (RUNS + 3);
      const statements = await captureSql(file, e.path, e.query);
      const d = direct(file, statements);
      const s0 = process.cpuUsage();
      const sqlMs = await timeMs(d.run);
      const s1 = process.cpuUsage(s0);
      const sqlCpu = (s1.user + s1.system) / 1000 / (RUNS + 3);
      d.close();
      line(`${path.padEnd(73)} | ${fmt(http).padStart(7)} | ${fmt(sqlMs).padStart(6)} | ${fmt(http / sqlMs, 2).padStart(8)} | ${`${fmt(httpCpu)} / ${fmt(sqlCpu)}`.padStart(19)} | ${fmt(httpCpu / sqlCpu, 2).padStart(9)} | ${String(statements.length).padStart(10)} | ${bytes}`);
    }

    line();
    line('## the whole dashboard: the requests Oversikt sends when it opens, together');
    const all = await timeMs(() => Promise.all(DASHBOARD.map((e) => get(url(e)))));
    const runners = await Promise.all(DASHBOARD.map(async (e) => direct(file, await captureSql(file, e.path, e.query))));
    const sqlAll = await timeMs(() => runners.forEach((r) => r.run()));
    runners.forEach((r) => r.close());
    line(`${DASHBOARD.length} requests: ${fmt(all)} ms over HTTP (sent together), ${fmt(sqlAll)} ms for their SQL run directly one after another: ${fmt(all / sqlAll, 2)}x`);
  } finally {
    await server.stop();
    if (!process.env.BENCH_DB) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
