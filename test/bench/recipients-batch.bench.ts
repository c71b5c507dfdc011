/**
 * Recipients batch benchmark (issue 2, "Tests and figures"). Prints figures; never asserts on time.
 *
 * Kvitt: a 10,000-recipient batch POST /recipients/ over real loopback HTTP to the server in its own process
 * (file database in a temporary folder, WAL, synchronous FULL).
 * Floor: JSON.parse of the very same body plus inserting the same rows with one prepared better-sqlite3
 * statement in one transaction into a fresh migrated database of the same schema and pragmas.
 * Both sides are warmed up alike first (a 1,000-recipient batch each), as a running app would be, then two batches are
 * measured: the first into a nearly empty table, the second into one of 11,000 rows. The wall-clock
 * times depend on other load on the machine, the CPU times (of the server process; of the floor) much less.
 * Goal: Kvitt at most 3x the floor. Also prints the server's RSS and heap after the batch.
 *
 * Environment: BENCH_RECIPIENTS (default 10000), BENCH_ROUNDS (default 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { countryCode } from '../../main/features/common/countries.js';
import type { RecipientInput } from '../../main/features/recipients/recipients.schema.js';
import { fakeRecipient } from '../../main/seed/recipients.seed.js';
import { rng } from '../../main/seed/random.js';
import { fmt, httpRequest, KEY, mb, median, selfCpuMs, startChild } from './lib.js';

const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-batch-'));

function makeBody(count: number, seed: number, offset: number): string {
  const r = rng(seed);
  return JSON.stringify(Array.from({ length: count }, (_, i) => fakeRecipient(r, offset + i)));
}

const COLUMNS = [
  'customer_number', 'name', 'address1', 'address2', 'zip', 'city', 'country', 'email', 'phone', 'mobile', 'fax', 'web', 'org_form', 'org_icd',
  'org_number', 'discount', 'credit_days', 'attach_pdf', 'default_shipment', 'auto_dunnings_enabled', 'currency', 'your_reference', 'comment',
  'ehf_capable', 'efaktura', 'avtalegiro', 'deleted', 'search_text', 'sort_name', 'created_at', 'updated_at',
];

const WARM = 1000;
const b = (v: boolean | null | undefined) => (v === undefined || v === null ? null : v ? 1 : 0);

interface Timing {
  ms: number;
  cpuMs: number;
}

/** The floor: parse, then one prepared INSERT per row in one transaction. No validation, no audit, no HTTP. */
function floorBatch(raw: ReturnType<typeof openDatabase>['raw'], body: string): Timing {
  const insert = raw.prepare(`insert into recipients (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  const now = '2026-03-15 12:00:00';
  const cpu0 = selfCpuMs();
  const t0 = performance.now();
  const items = JSON.parse(body) as RecipientInput[];
  raw.transaction((rows: RecipientInput[]) => {
    for (const x of rows) {
      const a = x.contact.address;
      const c = x.contact;
      const o = x.organisation ?? {};
      const s = x.settings ?? {};
      insert.run(
        x.customerNumber === undefined ? null : String(x.customerNumber), x.name, a.address1 ?? null, a.address2 ?? null, a.zip, a.city,
        a.country ? countryCode(a.country) : 'NO', c.email ?? null, c.phone ?? null, c.mobile ?? null, c.fax ?? null, c.web ?? null, o.form ?? null,
        o.icd ?? null, o.number ?? null, Math.round((s.discount ?? 0) * 100), s.creditDays ?? null, b(s.attachPdf), s.defaultShipment ?? null,
        b(s.autoDunningsEnabled), s.currency ?? null, x.yourReference ?? null, x.comment ?? null, b(x.capabilities?.ehf), b(x.capabilities?.eFaktura) ?? 0,
        b(x.capabilities?.avtaleGiro) ?? 0, 0, [x.name, x.customerNumber, o.number, c.email].filter(Boolean).join(' ').toLowerCase(), x.name.toLowerCase(), now, now,
      );
    }
  })(items);
  return { ms: performance.now() - t0, cpuMs: selfCpuMs() - cpu0 };
}

/** Warm-up batch, then the two measured batches, into one fresh migrated database. */
async function floor(file: string, bodies: string[]): Promise<Timing[]> {
  const opened = openDatabase(file);
  await migrateToLatest(opened.db);
  const out = bodies.map((body) => floorBatch(opened.raw, body));
  const count = (opened.raw.prepare('select count(*) as n from recipients').get() as { n: number }).n;
  if (count !== WARM + 2 * N) throw new Error(`floor wrote ${count} rows`);
  await opened.close();
  return out.slice(1);
}

/** The server in its own process over a fresh file database: warm-up batch, then the two measured batches. */
async function kvitt(file: string, bodies: string[]) {
  const server = await startChild('kvitt', file);
  try {
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const out: Timing[] = [];
    for (const [i, body] of bodies.entries()) {
      const cpu0 = await server.cpuMs();
      const t0 = performance.now();
      const r = await httpRequest({ port: server.port, path: '/recipients/', method: 'POST', headers, body });
      const ms = performance.now() - t0;
      const cpuMs = (await server.cpuMs()) - cpu0;
      if (r.status !== 201) throw new Error(`batch: ${r.status} ${r.body.slice(0, 300)}`);
      if ((JSON.parse(r.body) as string[]).length !== (i === 0 ? WARM : N)) throw new Error('wrong number of links');
      if (i > 0) out.push({ ms, cpuMs });
    }
    const mem = await server.ask<{ rss: number; heapUsed: number; heapUsedAfterGc: number; rssAfterGc: number }>('mem', 'mem');
    return { timings: out, mem };
  } finally {
    await server.stop();
  }
}

try {
  const bodies = [makeBody(WARM, 99, 900_000), makeBody(N, 7, 0), makeBody(N, 8, N)];
  console.log(
    `recipients-batch: ${N.toLocaleString('en-US')} recipients per batch, body ${mb(Buffer.byteLength(bodies[1]))}, file DBs (WAL, synchronous FULL), ${ROUNDS} rounds`,
  );
  console.log(`  each round, on a fresh database and (Kvitt) a fresh server process: a ${WARM.toLocaleString('en-US')}-recipient warm-up, then two measured batches`);
  const rows: Array<{ f: Timing; k: Timing }>[] = [[], []];
  let lastMem: Awaited<ReturnType<typeof kvitt>>['mem'] | null = null;
  for (let round = 1; round <= ROUNDS; round++) {
    const f = await floor(join(dir, `floor-${round}.sqlite`), bodies);
    const k = await kvitt(join(dir, `kvitt-${round}.sqlite`), bodies);
    lastMem = k.mem;
    for (const i of [0, 1]) {
      rows[i].push({ f: f[i], k: k.timings[i] });
      console.log(
        `  round ${round} batch ${i + 1}: floor ${fmt(f[i].ms)} ms (CPU ${fmt(f[i].cpuMs)})   Kvitt POST ${fmt(k.timings[i].ms)} ms (server CPU ${fmt(k.timings[i].cpuMs)})   ratio ${fmt(k.timings[i].ms / f[i].ms, 2)}x`,
      );
    }
  }
  for (const i of [0, 1]) {
    const fMs = median(rows[i].map((x) => x.f.ms));
    const kMs = median(rows[i].map((x) => x.k.ms));
    const fCpu = median(rows[i].map((x) => x.f.cpuMs));
    const kCpu = median(rows[i].map((x) => x.k.cpuMs));
    console.log(`  batch ${i + 1} (${i === 0 ? `into ${WARM.toLocaleString('en-US')} rows` : `into ${(WARM + N).toLocaleString('en-US')} rows`}), median of ${ROUNDS}:`);
    console.log(`    floor: JSON.parse + one prepared INSERT per row, one transaction   ${fmt(fMs)} ms wall, ${fmt(fCpu)} ms CPU`);
    console.log(`    Kvitt: POST /recipients/ over loopback HTTP                        ${fmt(kMs)} ms wall, ${fmt(kCpu)} ms server CPU  (${fmt(N / (kMs / 1000), 0)} recipients/s)`);
    console.log(`    ratio ${fmt(kMs / fMs, 2)}x wall, ${fmt(kCpu / fCpu, 2)}x CPU  (goal <= 3x)`);
  }
  if (lastMem) {
    console.log(`  server after the batches: RSS ${mb(lastMem.rss)}, heapUsed ${mb(lastMem.heapUsed)} (after GC: heapUsed ${mb(lastMem.heapUsedAfterGc)}, RSS ${mb(lastMem.rssAfterGc)})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
