/**
 * SAF-T benchmark (issue 27, "Tests and figures"). Prints figures; never asserts on time.
 *
 *  1. builds BENCH_INVOICES (default 100,000) invoices and credit notes of 3 lines in a temporary file database: 300
 *     seeded through the services (payments, credit notes, losses), the rest cloned with SQL;
 *  2. GET /reports/saft for the whole period over loopback HTTP from the server in a child process (the file made in
 *     the report worker), against a floor in this process: the same claim-movement query (journal.sources.ts
 *     claimMoves, the same keyset chunks) written as bare XML elements, one per movement, to a file stream (ratio,
 *     best of two each, alternated);
 *  3. the server's peak RSS growth during the export (main thread + worker, /proc every 25 ms) over its RSS after a GC
 *     before it: every run, the first with the worker's start (a worker idle 30 s ends, so at 100,000 invoices, where
 *     the floor takes longer than that, every run starts one); the file's sha256 (the same data gives the same bytes);
 *  4. GET /invoices/{n} p50/p99 idle (after 300 warm-up requests) and while the SAF-T export runs.
 *
 * Environment: BENCH_INVOICES, BENCH_KEEP=1 keeps the seeded file, BENCH_DB=<file> uses (or builds and keeps) that file.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema.js';
import { claimMoves } from '../../main/features/accounting/journal.sources.js';
import { fmt, httpRequest, KEY, mb, startChild } from './lib.js';
import { buildClonedHistory } from './cloned-history.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const FROM = '2024-01-01';
const TO = '2026-12-31';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-saft-bench-'));
const dbFile = process.env.BENCH_DB ?? join(dir, 'bench.sqlite');

const t0 = performance.now();
if (existsSync(dbFile)) console.log(`reusing ${dbFile}`);
else await buildClonedHistory(dbFile, INVOICES, { name: 'Benk AS', orgNumber: '987654325' });
console.log(`built ${INVOICES} invoices and credit notes in ${fmt((performance.now() - t0) / 1000)} s; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);

/* The floor: the same movements from the same query and chunks, written as bare XML, one element per movement. */
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(dbFile, { readonly: true }) }) });
const esc = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
async function floor(): Promise<{ seconds: number; bytes: number }> {
  const t = performance.now();
  const file = join(dir, 'floor.xml');
  const out = createWriteStream(file);
  out.write('<?xml version="1.0" encoding="UTF-8"?>\n<Moves>\n');
  let chunk = '';
  let n = 0;
  for await (const m of claimMoves(db, TO)) {
    const amount = m.source === 'document' ? m.total : m.source === 'dunning' ? m.fee + m.interest : m.amount;
    chunk += `<Move><Source>${m.source}</Source><ID>${m.id}</ID><Date>${m.date}</Date><Customer>${m.recipientNumber}</Customer><Invoice>${m.invoiceNumber}</Invoice><Currency>${esc(m.currency)}</Currency><Amount>${(amount / 100).toFixed(2)}</Amount></Move>\n`;
    if (++n === 1000) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
      n = 0;
    }
  }
  out.end(chunk + '</Moves>\n');
  await once(out, 'finish');
  return { seconds: (performance.now() - t) / 1000, bytes: statSync(file).size };
}

const child = await startChild('kvitt', dbFile);
const headers = { authorization: `Bearer ${KEY}` };
type Mem = { rss: number; rssAfterGc: number };
async function saft() {
  const before = await child.ask<Mem>('mem', 'mem');
  let peak = before.rss;
  let sampling = true;
  const rssNow = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.proc.pid}/status`, 'utf8'))![1]) * 1024;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssNow());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const t = performance.now();
  const r = await httpRequest({ port: child.port, path: `/reports/saft?from=${FROM}&to=${TO}`, headers });
  const seconds = (performance.now() - t) / 1000;
  sampling = false;
  await sampler;
  if (r.status !== 200) throw new Error(`SAF-T: ${r.status} ${r.body.slice(0, 200)}`);
  const sha256 = createHash('sha256').update(r.body).digest('hex');
  return { seconds, bytes: Buffer.byteLength(r.body), growth: peak - before.rssAfterGc, transactions: (r.body.match(/<Transaction>/g) ?? []).length, sha256 };
}

const cold = await saft();
console.log(`cold first SAF-T export (worker started by it): ${fmt(cold.seconds, 2)} s, ${mb(cold.bytes)}, ${cold.transactions} transactions, sha256 ${cold.sha256}, server peak RSS growth ${mb(cold.growth)}`);
await floor(); // the floor's warm-up
const runs: Array<{ k: number; b: number; growth: number }> = [];
for (let i = 0; i < 2; i++) {
  const k = await saft();
  const b = await floor();
  runs.push({ k: k.seconds, b: b.seconds, growth: k.growth });
  console.log(`  run ${i + 1}: SAF-T ${fmt(k.seconds, 2)} s (server peak RSS growth ${mb(k.growth)}, same file: ${k.sha256 === cold.sha256}), floor ${fmt(b.seconds, 2)} s`);
}
const k = Math.min(...runs.map((r) => r.k));
const b = Math.min(...runs.map((r) => r.b));
console.log(`SAF-T: Kvitt ${fmt(k, 2)} s vs bare XML writer over the same query ${fmt(b, 2)} s -> ratio ${fmt(k / b, 2)}x; server peak RSS growth ${mb(Math.max(...runs.map((r) => r.growth)))}`);

const sample = (await db.selectFrom('documents').where('kind', '=', 'invoice').where('number', 'is not', null).select('number').execute()).map((r) => r.number!);
async function latencies(n: number, until?: () => boolean) {
  const out: number[] = [];
  for (let i = 0; i < n || (until && !until()); i++) {
    const t = performance.now();
    const r = await httpRequest({ port: child.port, path: `/invoices/${sample[(i * 7919) % sample.length]}`, headers });
    if (r.status !== 200) throw new Error(`GET invoice: ${r.status} ${r.body.slice(0, 200)}`);
    out.push(performance.now() - t);
    if (until && until()) break;
  }
  out.sort((x, y) => x - y);
  return { p50: out[Math.floor(out.length * 0.5)], p99: out[Math.min(out.length - 1, Math.floor(out.length * 0.99))], n: out.length };
}
await latencies(300);
const idle = await latencies(300);
let done = false;
const exporting = saft().then(() => (done = true));
const busy = await latencies(0, () => done);
await exporting;
console.log(`GET /invoices/{n}: idle p50 ${fmt(idle.p50, 2)} ms p99 ${fmt(idle.p99, 2)} ms; during SAF-T export p50 ${fmt(busy.p50, 2)} ms p99 ${fmt(busy.p99, 2)} ms (${busy.n} requests) -> p99 ratio ${fmt(busy.p99 / idle.p99, 1)}x`);

await child.stop();
await db.destroy();
if (!process.env.BENCH_KEEP && !process.env.BENCH_DB) rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${dbFile}`);
