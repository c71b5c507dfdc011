/**
 * Reports benchmark (issue 13, "Tests and figures"). Prints figures; never asserts on time.
 *
 *  1. builds BENCH_INVOICES (default 100,000) invoices and credit notes of 3 lines in a temporary file database: 300
 *     seeded through the services, the rest cloned with SQL (or measures BENCH_DB, an already built file);
 *  2. the invoices report (preselected columns, all invoices and credit notes) as XLSX and as CSV over loopback HTTP
 *     from the server in a child process, against a baseline in this process that runs the same SQL in the same keyset
 *     chunks and hands the rows straight to exceljs's streaming WorkbookWriter used well (one style object per column)
 *     / the fastest plain CSV string writer (ratio, measured alternately in the same run; the old floors, a fresh style
 *     per cell and csv-stringify, printed beside);
 *  2b. the cold first export (the report worker starts with it), its time and the server's RSS growth with the worker;
 *  3. the server's peak RSS growth during each export (main thread + report worker, read from /proc every 25 ms);
 *  4. GET /invoices/{n} latency (p50/p99) idle (after 300 warm-up requests) and while an XLSX export runs.
 *
 * Environment: BENCH_INVOICES, BENCH_DB=<file>, BENCH_KEEP=1 keeps the seeded file.
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { invoiceRowsQuery } from '../../main/features/reports/invoices.rows.js';
import { inNok } from '../../main/features/reports/ledger.sql.js';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { buildClonedHistory } from './cloned-history.js';
import { fmt, httpRequest, KEY, mb, startChild } from './lib.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const COLUMNS = 'number,type,issueDate,dueDate,name,net,vat,total,paid,balance,kid';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-rep-bench-'));
const dbFile = process.env.BENCH_DB ?? join(dir, 'bench.sqlite');

if (!process.env.BENCH_DB) {
  const t = performance.now();
  await buildClonedHistory(dbFile, INVOICES);
  console.log(`built ${INVOICES} invoices and credit notes in ${fmt((performance.now() - t) / 1000)} s`);
}

/* Baseline: the same SQL in the same chunks, rows straight into the library writers (its own read-only connection:
   the server child holds the database's Kvitt lock). */
const base = { ctx: { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(dbFile, { readonly: true }) }) }) }, close: () => Promise.resolve() };
async function* baselineRows() {
  let after: number | null = null;
  for (;;) {
    let q = invoiceRowsQuery(base.ctx.db, {})
      .select(['d.id', 'd.kind', 'd.number', 'd.issue_date', 'd.due_date', 'r.name', 'd.total_nok', 'd.tax_nok', 'd.kid'])
      .select([inNok(sql<number>`coalesce(b.paid_total, 0)`).as('paid'), inNok(sql<number>`coalesce(b.balance, 0)`).as('balance')]);
    if (after !== null) q = q.where('d.id', '>', after);
    const rows = await q.orderBy('d.id').limit(1000).execute();
    for (const r of rows) {
      const s = r.kind === 'credit-note' ? -1 : 1;
      yield [r.number, r.kind, r.issue_date, r.due_date, r.name, (s * (r.total_nok - r.tax_nok)) / 100, (s * r.tax_nok) / 100, (s * r.total_nok) / 100, Number(r.paid) / 100, Number(r.balance) / 100, r.kid];
    }
    if (rows.length < 1000) return;
    after = rows[rows.length - 1].id;
  }
}
/* The XLSX floor is exceljs used well: the streaming WorkbookWriter, ONE style object per column shared by all its cells
   (exceljs caches styles by object identity; a fresh object per cell is built and hashed each time), dates as Dates. */
const XLSX_STYLES: Partial<ExcelJS.Style>[] = COLUMNS.split(',').map((_, i) =>
  i === 2 || i === 3 ? { numFmt: 'dd.mm.yyyy' } : i >= 5 && i <= 9 ? { numFmt: '#,##0.00' } : {},
);
async function baselineXlsx(): Promise<number> {
  const file = join(dir, 'base.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Fakturaer');
  ws.addRow(COLUMNS.split(',')).commit();
  for await (const values of baselineRows()) {
    const row = ws.addRow(values.map((v, i) => ((i === 2 || i === 3) && v ? new Date(`${v}T00:00:00Z`) : v)));
    for (let i = 0; i < XLSX_STYLES.length; i++) row.getCell(i + 1).style = XLSX_STYLES[i] as ExcelJS.Style;
    row.commit();
  }
  ws.commit();
  await wb.commit();
  return statSync(file).size;
}
/* The CSV floor is the fastest plain writer of the same rows: one string per 1,000-row chunk built with +=, a field
   quoted only when it holds ; " or a line break, written to a file stream (no CSV library, no per-cell type switch). */
const QUOTE = /[;"\r\n]/;
const csvField = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return QUOTE.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
async function baselineCsv(): Promise<number> {
  const file = join(dir, 'base.csv');
  const out = createWriteStream(file);
  out.write(COLUMNS.replace(/,/g, ';') + '\r\n');
  let chunk = '';
  let n = 0;
  for await (const row of baselineRows()) {
    let line = csvField(row[0]);
    for (let i = 1; i < row.length; i++) line += ';' + csvField(row[i]);
    chunk += line + '\r\n';
    if (++n === 1000) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
      n = 0;
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return statSync(file).size;
}
/* The old CSV floor (csv-stringify's stream), printed beside the new one. */
async function csvStringifyCsv(): Promise<number> {
  const file = join(dir, 'base-stringify.csv');
  const out = createWriteStream(file);
  const csv = stringify({ delimiter: ';' });
  csv.pipe(out);
  csv.write(COLUMNS.split(','));
  for await (const row of baselineRows()) if (!csv.write(row)) await once(csv, 'drain');
  csv.end();
  await once(out, 'finish');
  return statSync(file).size;
}
/* The old XLSX floor (a fresh style object per cell: what column styles give by default), printed beside the new one. */
async function freshStyleXlsx(): Promise<number> {
  const file = join(dir, 'base-fresh.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Fakturaer');
  ws.addRow(COLUMNS.split(',')).commit();
  for await (const row of baselineRows()) ws.addRow(row.map((v, i) => ((i === 2 || i === 3) && v ? new Date(`${v}T00:00:00Z`) : v))).commit();
  ws.commit();
  await wb.commit();
  return statSync(file).size;
}

/* Kvitt: the report over HTTP, with the server's RSS sampled while it runs. */
const child = await startChild('kvitt', dbFile);
const headers = { authorization: `Bearer ${KEY}` };
type Mem = { rss: number; rssAfterGc: number };
async function kvitt(format: 'XLS' | 'CSV') {
  const before = await child.ask<Mem>('mem', 'mem');
  let peak = before.rss;
  let sampling = true;
  // RSS read from /proc (the whole process: main thread and report worker), not by asking the server, whose answer
  // would run a full GC in it every sample and slow the export being measured.
  const rssNow = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.proc.pid}/status`, 'utf8'))![1]) * 1024;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssNow());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const t = performance.now();
  const r = await httpRequest({ port: child.port, path: `/reports/invoices?format=${format}&columns=${COLUMNS}`, headers });
  const seconds = (performance.now() - t) / 1000;
  sampling = false;
  await sampler;
  if (r.status !== 200) throw new Error(`${format}: ${r.status} ${r.body.slice(0, 200)}`);
  return { seconds, bytes: Buffer.byteLength(r.body), growth: peak - before.rssAfterGc };
}
async function timed(fn: () => Promise<number>) {
  const t = performance.now();
  const bytes = await fn();
  return { seconds: (performance.now() - t) / 1000, bytes };
}

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const fresh = await child.ask<Mem>('mem', 'mem');
// The cold first export counts what a user waits for the first time: the report worker's start and its memory.
const cold = await kvitt('CSV');
const warm = await child.ask<Mem>('mem', 'mem');
console.log(
  `cold first export (CSV, report worker started by it): ${fmt(cold.seconds, 2)} s, server peak RSS growth ${mb(cold.growth)} ` +
    `(main thread + worker); server RSS after GC: at start ${mb(fresh.rssAfterGc)}, after it ${mb(warm.rssAfterGc)}`,
);
await timed(baselineCsv); // the floor's warm-up (SQLite cache, JIT)
const FLOORS = { XLS: { now: baselineXlsx, old: freshStyleXlsx }, CSV: { now: baselineCsv, old: csvStringifyCsv } } as const;
for (const format of ['XLS', 'CSV'] as const) {
  const runs: { k: number; b: number; old: number; growth: number; bytes: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const k = await kvitt(format);
    const b = await timed(FLOORS[format].now);
    const old = await timed(FLOORS[format].old);
    runs.push({ k: k.seconds, b: b.seconds, old: old.seconds, growth: k.growth, bytes: k.bytes });
  }
  const best = (xs: number[]) => Math.min(...xs);
  const k = best(runs.map((r) => r.k));
  const b = best(runs.map((r) => r.b));
  const old = best(runs.map((r) => r.old));
  const floorName = format === 'XLS' ? 'exceljs used well (one style per column)' : 'plain string writer';
  const oldName = format === 'XLS' ? 'old floor, a fresh style per cell' : 'old floor, csv-stringify';
  console.log(
    `${format}: Kvitt ${fmt(k, 2)} s (${mb(runs[0].bytes)}) vs ${floorName} ${fmt(b, 2)} s -> ratio ${fmt(k / b, 2)}x ` +
      `(${oldName}: ${fmt(old, 2)} s, ${fmt(k / old, 2)}x); server peak RSS growth ${mb(Math.max(...runs.map((r) => r.growth)))}`,
  );
}

/* GET /invoices/{n} latency idle and during an XLSX export. */
const sample = (await base.ctx.db.selectFrom('documents').where('kind', '=', 'invoice').where('number', 'is not', null).select('number').execute()).map((r) => r.number!);
async function latencies(n: number, until?: () => boolean) {
  const out: number[] = [];
  for (let i = 0; i < n || (until && !until()); i++) {
    const t = performance.now();
    const r = await httpRequest({ port: child.port, path: `/invoices/${sample[(i * 7919) % sample.length]}`, headers });
    if (r.status !== 200) throw new Error(`GET invoice: ${r.status} ${r.body.slice(0, 200)}`);
    out.push(performance.now() - t);
    if (until && until()) break;
  }
  out.sort((a, b) => a - b);
  return { p50: out[Math.floor(out.length * 0.5)], p99: out[Math.min(out.length - 1, Math.floor(out.length * 0.99))], n: out.length };
}
await latencies(300); // warm the idle path first (JIT, statement cache), so the idle baseline is not a cold one
const idle = await latencies(300);
let done = false;
const exporting = kvitt('XLS').then(() => (done = true));
const busy = await latencies(0, () => done);
await exporting;
console.log(`GET /invoices/{n}: idle p50 ${fmt(idle.p50, 2)} ms p99 ${fmt(idle.p99, 2)} ms; during XLSX export p50 ${fmt(busy.p50, 2)} ms p99 ${fmt(busy.p99, 2)} ms (${busy.n} requests) -> p99 ratio ${fmt(busy.p99 / idle.p99, 1)}x`);
const after = await child.ask<Mem>('mem', 'mem');
console.log(`server RSS after the exports (after GC): ${mb(after.rssAfterGc)}`);

await child.stop();
await base.ctx.db.destroy();
if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${dbFile}`);
