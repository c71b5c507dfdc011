/**
 * Documents benchmark (issue 3, "Tests and figures"). Prints figures; never asserts on time.
 *
 *  1. seeds 100,000 invoices with 3 lines each through the services into a temporary file database;
 *  2. GET /invoices/due?perPage=50 at page 1 and page 1,000 over loopback HTTP (the server in a child process, as a user
 *     runs it) against the very SQL that operation runs, captured from Kysely and replayed with better-sqlite3 directly;
 *  3. GET /invoices/ with no paging (all invoices, streamed) while sampling the server's RSS from /proc/<pid>/status;
 *  4. PDF and EHF documents per second, 200 of each through the endpoints.
 *
 * Environment: BENCH_INVOICES (default 100000), BENCH_KEEP=1 keeps the database file, BENCH_DB=<file> measures an
 * already seeded database (migrated to the latest schema first) instead of seeding a new one, BENCH_FILES=pdf (default
 * pdf,ehf) the kinds of step 4. Server CPU (from /proc) beside the wall times of steps 2 and 3.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema.js';
import { openApp } from '../../main/app.js';
import { systemClock } from '../../main/clock.js';
import type { AppContext } from '../../main/context.js';
import { Paged } from '../../main/ops/define.js';
import { allOps } from '../../main/op-table.js';
import { runOp } from '../../main/ops/invoke.js';
import { seedAll } from '../../main/seed/seed.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const PER_PAGE = 50;
const DEEP_PAGE = 1000;
/** Untimed requests (and direct runs) before each page is measured. */
const WARM = 20;

const fmt = (n: number, d = 2) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const line = (s = '') => console.log(s);

/* ------------------------------------------------------------------ seeding */

async function seed(file: string) {
  const app = await openApp({ dbFile: file, apiKey: KEY });
  const started = performance.now();
  const counts = await seedAll(app.ctx, {
    seed: 42,
    recipients: 2000,
    invoices: INVOICES,
    linesPerInvoice: 3,
    // Mostly unpaid old invoices, so /invoices/due has more than 1,000 pages of 50 to page through.
    mix: { paid: 0.25, partial: 0.05, credited: 0.02, lost: 0.01 },
    extras: false,
  });
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  return { seconds, counts };
}

/* ------------------------------------------------------------------ the server in a child process */

interface Child {
  proc: ChildProcess;
  base: string;
  close(): Promise<void>;
}

async function startServer(file: string): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main/headless.ts'), 'serve', '--db', file, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, KVITT_API_KEY: KEY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 60_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    proc.once('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
  proc.stdout!.resume();
  return {
    proc,
    base,
    close: () =>
      new Promise<void>((ok) => {
        proc.once('exit', () => ok());
        proc.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) of a process so far, in ms, from /proc (10 ms ticks). */
function cpuTicksMs(pid: number): number {
  const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

const auth = { authorization: `Bearer ${KEY}` };

async function get(base: string, path: string): Promise<Buffer> {
  const res = await fetch(base + path, { headers: auth });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.toString().slice(0, 300)}`);
  return body;
}

/** Median of `runs` timings of fn, in milliseconds, after `warm` untimed runs. */
async function timeMs(fn: () => unknown, runs: number, warm = 3): Promise<number> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/* ------------------------------------------------------------------ the SQL an operation runs */

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs the operation in this process over a logging Kysely and returns every statement it executed. */
async function captureSql(file: string, method: string, path: string, query: Record<string, unknown>): Promise<{ statements: Captured[]; rows: number }> {
  const raw = new SqliteDatabase(file, { readonly: true });
  const statements: Captured[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: raw }),
    log: (e) => {
      if (e.level === 'query') statements.push({ sql: e.query.sql, parameters: e.query.parameters });
    },
  });
  const ctx: AppContext = { db, clock: systemClock(process.env.KVITT_TODAY || undefined), dataDir: null };
  const op = allOps.find((o) => o.method === method && o.path.replace(/\/$/, '') === path.replace(/\/$/, ''));
  if (!op) throw new Error(`no operation ${method} ${path}`);
  const result = await runOp(op, { params: {}, query, body: undefined }, ctx);
  await db.destroy();
  return { statements, rows: result instanceof Paged ? result.items.length : Array.isArray(result) ? result.length : -1 };
}

function directRunner(file: string, statements: Captured[]) {
  const raw = new SqliteDatabase(file, { readonly: true });
  const prepared = statements.map((s) => ({ stmt: raw.prepare(s.sql), params: s.parameters as unknown[] }));
  return {
    run: () => {
      for (const p of prepared) {
        if (p.stmt.reader) p.stmt.all(...p.params);
        else p.stmt.run(...p.params);
      }
    },
    close: () => raw.close(),
  };
}

/* ------------------------------------------------------------------ main */

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-'));
  const reuse = process.env.BENCH_DB;
  const file = reuse ? resolve(reuse) : join(dir, 'bench.sqlite');
  line(`# documents benchmark (${INVOICES.toLocaleString('en-US')} invoices x 3 lines, database ${file})`);
  line(`node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (other work on the machine slows every figure; the ratios are measured side by side)`);
  let server: Child | null = null;
  try {
    /* 1. seeding */
    line();
    line('## seeding');
    if (reuse) {
      await (await openApp({ dbFile: file, apiKey: KEY })).close(); // migrations
      line(`reusing ${file} (not seeded here)`);
    } else {
      const seeded = await seed(file);
      line(`seeded in ${fmt(seeded.seconds, 1)} s: ${fmt(INVOICES / seeded.seconds, 0)} invoices/s  ${JSON.stringify(seeded.counts)}`);
    }

    const ro = new SqliteDatabase(file, { readonly: true });
    const issuedTotal = (ro.prepare('select count(*) n from documents where kind = ? and number is not null').get('invoice') as { n: number }).n;
    const ehfNumbers = (
      ro
        .prepare(
          `select d.number from documents d join recipients r on r.number = d.recipient_number
           where d.kind = 'invoice' and d.number is not null and r.org_number is not null order by d.number limit 200`,
        )
        .all() as Array<{ number: number }>
    ).map((r) => r.number);
    ro.close();

    /* 2. paging: HTTP vs the same SQL directly */
    server = await startServer(file);
    line();
    line(`## GET /invoices/due?perPage=${PER_PAGE} (server pid ${server.proc.pid}, ${issuedTotal.toLocaleString('en-US')} issued invoices)`);
    const first = await fetch(`${server.base}/invoices/due?perPage=${PER_PAGE}&page=1`, { headers: auth });
    const dueCount = Number(first.headers.get('x-total-count') ?? -1);
    await first.arrayBuffer();
    const lastPage = Math.max(1, Math.ceil(dueCount / PER_PAGE));
    const deep = Math.min(DEEP_PAGE, lastPage);
    line(`due invoices: ${dueCount.toLocaleString('en-US')} (${lastPage} pages); deep page measured: ${deep}${deep < DEEP_PAGE ? ' (fewer pages than 1,000)' : ''}`);

    const results: Array<{ page: number; http: number; direct: number; httpCpu: number; directCpu: number; statements: number; rows: number }> = [];
    for (const page of [1, deep]) {
      const path = `/invoices/due?perPage=${PER_PAGE}&page=${page}`;
      // Both sides warmed first (WARM untimed runs): a fresh server compiles its request path (fastify, Kysely, the
      // shaping) during its first requests, on V8 threads whose CPU counts in the server's; the figure is the steady cost.
      // CPU: the server process's (from /proc, 10 ms ticks) over the 30 timed requests, and this process's over the 30 runs.
      for (let i = 0; i < WARM; i++) await get(server.base, path);
      const s0 = cpuTicksMs(server.proc.pid!);
      const http = await timeMs(() => get(server!.base, path), 30, 0);
      const httpCpu = (cpuTicksMs(server.proc.pid!) - s0) / 30;
      const { statements, rows } = await captureSql(file, 'GET', '/invoices/due', { perPage: PER_PAGE, page });
      const direct = directRunner(file, statements);
      for (let i = 0; i < WARM; i++) direct.run();
      const c0 = process.cpuUsage();
      const directMs = await timeMs(direct.run, 30, 0);
      const c1 = process.cpuUsage(c0);
      direct.close();
      results.push({ page, http, direct: directMs, httpCpu, directCpu: (c1.user + c1.system) / 1000 / 30, statements: statements.length, rows });
    }
    line('page   | HTTP ms/request | direct SQL ms | HTTP/direct | CPU ms: server / direct | CPU ratio | statements | rows');
    for (const r of results) {
      line(`${String(r.page).padEnd(6)} | ${fmt(r.http).padStart(15)} | ${fmt(r.direct).padStart(13)} | ${fmt(r.http / r.direct).padStart(11)} | ${`${fmt(r.httpCpu)} / ${fmt(r.directCpu)}`.padStart(23)} | ${fmt(r.httpCpu / r.directCpu).padStart(9)} | ${String(r.statements).padStart(10)} | ${r.rows}`);
    }
    const [p1, pd] = results;
    line(`deep page / page 1: HTTP ${fmt(pd.http / p1.http)}x, direct SQL ${fmt(pd.direct / p1.direct)}x   (goals: HTTP/direct <= 3x, deep/page 1 <= 2x)`);

    /* 3. streaming the whole list */
    line();
    line('## GET /invoices/ (no paging: every invoice, streamed)');
    const pid = server.proc.pid!;
    await get(server.base, '/invoices/?perPage=50'); // warm the code path
    global.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(pid));
    }, 5);
    const streamCpu0 = cpuTicksMs(pid);
    const t0 = performance.now();
    const res = await fetch(`${server.base}/invoices/`, { headers: auth });
    let bytes = 0;
    let objects = 0;
    let depth = 0;
    let inString = false;
    let escaped = false;
    // Count top-level array elements while reading, never holding the body.
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const c of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
          continue;
        }
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) {
          if (c === 0x7b && depth === 1) objects++;
          depth++;
        } else if (c === 0x7d || c === 0x5d) depth--;
      }
      peak = Math.max(peak, rssKb(pid));
    }
    const streamSeconds = (performance.now() - t0) / 1000;
    const streamCpu = cpuTicksMs(pid) - streamCpu0;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(pid));
    line(`status ${res.status}, ${objects.toLocaleString('en-US')} invoices, ${fmt(bytes / 1e6, 1)} MB in ${fmt(streamSeconds, 1)} s (${fmt(objects / streamSeconds, 0)} invoices/s), server CPU ${fmt(streamCpu / 1000, 1)} s`);
    line(`server RSS before ${fmt(before / 1024, 1)} MB, peak ${fmt(peak / 1024, 1)} MB: peak growth ${fmt((peak - before) / 1024, 1)} MB (goal < 50 MB)`);

    /* 4. PDF and EHF */
    line();
    line(`## PDF and EHF through the endpoints (${ehfNumbers.length} invoices of recipients with an org number, sequential)`);
    // BENCH_FILES=pdf skips the EHF round (each EHF is checked against the official rules first: slow on a loaded machine).
    for (const kind of (process.env.BENCH_FILES ?? 'pdf,ehf').split(',') as Array<'pdf' | 'ehf'>) {
      await get(server.base, `/invoices/${ehfNumbers[0]}/${kind}`);
      let total = 0;
      const t = performance.now();
      for (const n of ehfNumbers) total += (await get(server.base, `/invoices/${n}/${kind}`)).length;
      const s = (performance.now() - t) / 1000;
      line(`${kind.toUpperCase()}: ${ehfNumbers.length} documents in ${fmt(s, 2)} s = ${fmt(ehfNumbers.length / s, 1)} documents/s (average ${fmt(total / ehfNumbers.length / 1024, 1)} kB)`);
    }
  } finally {
    if (server) await server.close();
    if (process.env.BENCH_KEEP === '1') line(`kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
