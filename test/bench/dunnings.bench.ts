/**
 * Dunnings benchmark (issue 11, "Tests and figures"). Prints figures; never asserts on time.
 *
 *  1. builds a file database of 100,000 issued invoices (20,000 of them due 15-75 days, 20,000 not due, 60,000 paid)
 *     for 2,000 customers: one real invoice issued through the service, then cloned row by row with SQL (the benchmark
 *     measures dunnings, not seeding);
 *  2. GET /dunnings/candidates?perPage=100 (page 1 and page 150) and the whole list streamed (20,000) over loopback HTTP
 *     from the server in a child process, against the same SQL (compiled from the same Kysely builders) run with
 *     better-sqlite3 directly;
 *  3. POST /dunnings/run over the 20,000 due invoices (a copy of the database), against the same work done with the
 *     same SQL directly (same batches of 500, same pricing code, prepared statements), then a second run that finds
 *     nothing (never twice for a deadline).
 *
 * Environment: BENCH_INVOICES (default 100000), BENCH_KEEP=1 keeps the database files.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type Compilable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { candidatesQuery } from '../../main/features/dunnings/candidates.service.js';
import { dunningRow, planDunning, type ClaimRow, type PriorDunning } from '../../main/features/dunnings/claim.js';
import { openParts } from '../../main/domain/claim.js';
import { CLAIM_COLUMNS } from '../../main/features/dunnings/dunnings.service.js';
import { DEFAULT_SETTINGS } from '../../main/features/settings/settings.schema.js';
import { opTable } from '../../main/op-table.js';
import { runOp } from '../../main/ops/invoke.js';
import { fmt, httpRequest, KEY, startChild } from './lib.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const TODAY = '2026-03-15'; // lib.ts starts the server with KVITT_TODAY=2026-03-15
const line = (s = '') => console.log(s);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function build(file: string) {
  const app = await openApp({ dbFile: file, apiKey: KEY, clock: fixedClock(TODAY) });
  const run = (name: string, input: Record<string, unknown>) => runOp(opTable.get(name)!, input, app.ctx);
  // The run is measured without queueing shipments (the outbox is the sending issue's).
  await run('settings.update', { body: { company: { name: 'Bench AS', orgNumber: '923609016', bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' }, dunning: { autoShipment: 'NONE' } } });
  await run('recipients.create', { body: { name: 'Kunde 0', contact: { address: { zip: '0150', city: 'OSLO' } } } });
  await run('invoices.issue', { body: { recipient: { number: 1 }, invoiceDate: '2026-01-01', dueDate: '2026-01-15', items: [{ description: 'Arbeid', quantity: 1, unitPrice: 1000, taxRate: 25 }] } });
  await app.close();
  const raw = new SqliteDatabase(file);
  const started = performance.now();
  raw.transaction(() => {
    const r = raw.prepare('select * from recipients where number = 1').get() as Record<string, unknown>;
    const rCols = Object.keys(r).filter((c) => c !== 'number');
    const rIns = raw.prepare(`insert into recipients (${rCols.join(',')}) values (${rCols.map((c) => '@' + c).join(',')})`);
    for (let i = 1; i < 2000; i++) rIns.run({ ...r, name: `Kunde ${i}`, sort_name: `kunde ${i}`, search_text: `kunde ${i}`, customer_number: null });
    const d = raw.prepare("select * from documents where kind = 'invoice'").get() as Record<string, unknown>;
    const b = raw.prepare('select * from invoice_balances').get() as Record<string, unknown>;
    const dCols = Object.keys(d).filter((c) => c !== 'id');
    const dIns = raw.prepare(`insert into documents (${dCols.join(',')}) values (${dCols.map((c) => '@' + c).join(',')})`);
    const bIns = raw.prepare('insert into invoice_balances (document_id, balance, paid_total, credited_total, lost_total, lost, settled_date) values (?, ?, ?, 0, 0, 0, ?)');
    for (let i = 1; i < INVOICES; i++) {
      const kind = i % 5; // 0: due, 1: not due, 2-4: paid
      const due = kind === 1 ? '2026-04-01' : `2026-0${1 + (i % 2)}-${String(1 + (i % 28)).padStart(2, '0')}`;
      const id = Number(dIns.run({ ...d, number: Number(d.number) + i, recipient_number: 1 + (i % 2000), due_date: due, kid: null }).lastInsertRowid);
      const paid = kind >= 2 ? Number(d.total) : 0;
      bIns.run(id, Number(d.total) - paid, paid, paid ? due : null);
    }
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  return (performance.now() - started) / 1000;
}

const priorOn = (r: SqliteDatabase.Database, k: Kysely<Database>, ids: number[]) =>
  direct(r, k.selectFrom('dunnings').selectAll().where('document_id', 'in', ids).orderBy('document_id').orderBy('dunning_number'))() as PriorDunning[];

/** The query a builder sends, replayed with better-sqlite3. */
function direct(raw: SqliteDatabase.Database, q: Compilable) {
  const c = q.compile();
  const stmt = raw.prepare(c.sql);
  return () => stmt.all(...(c.parameters as unknown[]));
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-dun-bench-'));
  const file = join(dir, 'bench.sqlite');
  line(`building ${fmt(INVOICES, 0)} invoices …`);
  line(`built in ${fmt(await build(file))} s`);
  const runCopy = join(dir, 'run-api.sqlite');
  const directCopy = join(dir, 'run-direct.sqlite');
  copyFileSync(file, runCopy);
  copyFileSync(file, directCopy);

  const raw = new SqliteDatabase(file, { readonly: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  const filter = { minDays: 1 };
  const page = (offset: number) => candidatesQuery(db, TODAY, filter).select([...CLAIM_COLUMNS, 'd.issue_date', 'd.total', 'd.recipient_snapshot']).orderBy('d.number').limit(100).offset(offset);
  const count = direct(raw, candidatesQuery(db, TODAY, filter).select((eb) => eb.fn.countAll<number>().as('n')));
  const priorStmt = (ids: number[]) => priorOn(raw, db, ids);
  const directPage = (offset: number) => {
    const rows = direct(raw, page(offset))() as { id: number; recipient_snapshot: string }[];
    count();
    priorStmt(rows.map((r) => r.id));
    return rows.length + rows.reduce((n, r) => n + JSON.parse(r.recipient_snapshot).name.length, 0);
  };
  const due = Number((count()[0] as { n: number }).n);
  line(`candidates (due, deadline passed): ${fmt(due, 0)}`);

  const child = await startChild('kvitt', file);
  const headers = { authorization: `Bearer ${KEY}` };
  const get = async (path: string) => {
    const t = performance.now();
    const r = await httpRequest({ port: child.port, path, headers });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.body.slice(0, 200)}`);
    return { ms: performance.now() - t, body: r.body };
  };
  const time = (f: () => unknown) => {
    const t = performance.now();
    f();
    return performance.now() - t;
  };
  line();
  line('| measurement | Kvitt over HTTP (median) | same SQL directly (median) | ratio |');
  line('|---|---|---|---|');
  for (const [label, p] of [['candidates page 1 (perPage 100)', 1], ['candidates page 150 (perPage 100)', 150]] as const) {
    await get(`/dunnings/candidates?perPage=100&page=${p}`);
    const api: number[] = [];
    const sql: number[] = [];
    for (let i = 0; i < 15; i++) {
      api.push((await get(`/dunnings/candidates?perPage=100&page=${p}`)).ms);
      sql.push(time(() => directPage((p - 1) * 100)));
    }
    line(`| ${label} | ${fmt(median(api))} ms | ${fmt(median(sql))} ms | ${fmt(median(api) / median(sql))}x |`);
  }
  {
    const api: number[] = [];
    const sql: number[] = [];
    let n = 0;
    for (let i = 0; i < 3; i++) {
      const r = await get('/dunnings/candidates');
      api.push(r.ms);
      n = (JSON.parse(r.body) as unknown[]).length;
      sql.push(time(() => {
        for (let off = 0; off < due; off += 500) {
          const rows = direct(raw, candidatesQuery(db, TODAY, filter).select([...CLAIM_COLUMNS, 'd.issue_date', 'd.total', 'd.recipient_snapshot']).orderBy('d.number').limit(500).offset(off))() as { id: number }[];
          priorStmt(rows.map((x) => x.id));
        }
      }));
    }
    line(`| all ${fmt(n, 0)} candidates, streamed | ${fmt(median(api))} ms | ${fmt(median(sql))} ms | ${fmt(median(api) / median(sql))}x |`);
  }
  await child.stop();
  raw.close();

  // The run: Kvitt over HTTP on one copy, the same SQL directly on the other.
  const runChild = await startChild('kvitt', runCopy);
  const t0 = performance.now();
  const res = await httpRequest({ port: runChild.port, path: '/dunnings/run', method: 'POST', headers });
  const apiRun = performance.now() - t0;
  const made = JSON.parse(res.body) as { created: number; withFee: number };
  const t1 = performance.now();
  const again = JSON.parse((await httpRequest({ port: runChild.port, path: '/dunnings/run', method: 'POST', headers })).body) as { created: number };
  const noop = performance.now() - t1;
  await runChild.stop();

  const w = new SqliteDatabase(directCopy);
  const wdb = new Kysely<Database>({ dialect: new SqliteDialect({ database: w }) });
  const s = { ...DEFAULT_SETTINGS.dunning };
  const rates = w.prepare('select from_date as "from", rate from interest_rates').all() as { from: string; rate: number }[];
  const options = { debtCollectionNotice: false, dunningFee: true, interest: true, dueDate: '2026-03-29' };
  const runFilter = { minDays: s.autoDaysAfterDue, automaticMaxNotices: s.autoMaxNotices };
  const t2 = performance.now();
  let createdDirect = 0;
  let after = 0;
  let next = 1;
  for (;;) {
    const batch = w.transaction(() => {
      const rows = direct(w, candidatesQuery(wdb, TODAY, runFilter).select(CLAIM_COLUMNS).where('d.number', '>', after).orderBy('d.number').limit(500))() as ClaimRow[];
      if (!rows.length) return rows;
      const prior = priorOn(w, wdb, rows.map((r) => r.id));
      const earlier = (id: number) => prior.filter((p) => p.document_id === id);
      const cols = ['number', 'document_id', 'dunning_number', 'recipient_number', 'dunning_date', 'due_date', 'follows_deadline', 'debt_collection_notice', 'dunning_text', 'currency', 'invoice_balance', 'invoice_balance_date', 'fee', 'fee_refused_reason', 'interest', 'interest_rate', 'interest_principal', 'interest_from', 'interest_to', 'interest_parts', 'automatic', 'created_at'];
      const ins = w.prepare(`insert into dunnings (${cols.join(',')}) values (${cols.map((c) => '@' + c).join(',')})`);
      const aud = w.prepare("insert into audit_log (at, entity, entity_id, action, data) values (?, 'dunning', ?, 'create', ?)");
      const first = next;
      for (const c of rows) {
        // The direct path prices on today's principal (no payment history read): a timing reference, not the product's figure.
        const plan = planDunning(c, earlier(c.id), options, TODAY, s, rates, { total: openParts(c).principal, events: [] });
        const row = dunningRow(c, earlier(c.id).length, plan, { ...options, dunningText: null, automatic: true }, next++, TODAY, `${TODAY} 12:00:00`);
        ins.run(row);
        aud.run(row.created_at, String(row.number), JSON.stringify({ fee: row.fee, interest: row.interest }));
      }
      w.prepare(`update invoice_balances set balance = balance + (select x.fee + x.interest from dunnings x where x.document_id = invoice_balances.document_id and x.number between ? and ?)
        where document_id in (select document_id from dunnings where number between ? and ?)`).run(first, next - 1, first, next - 1);
      createdDirect += rows.length;
      return rows;
    })();
    if (batch.length < 500) break;
    after = batch[batch.length - 1].number;
  }
  const directRun = performance.now() - t2;
  w.close();
  line(`| POST /dunnings/run: ${fmt(made.created, 0)} reminders (${fmt(made.withFee, 0)} with fee) | ${fmt(apiRun / 1000)} s | ${fmt(directRun / 1000)} s (${fmt(createdDirect, 0)}) | ${fmt(apiRun / directRun)}x |`);
  line(`| POST /dunnings/run again (nothing to do: ${again.created} made) | ${fmt(noop)} ms | | |`);
  if (process.env.BENCH_KEEP) line(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

await main();
