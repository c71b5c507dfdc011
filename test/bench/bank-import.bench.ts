/**
 * Bank file import benchmark (issue 25, "Tests and figures"). Prints figures; never asserts on time.
 *
 * 100,000 open invoices with valid KIDs (a few issued through the services, the rest cloned by SQL, each copy with the
 * KID of its own number), then two files written by test/helpers/bank-file-gen.ts that pay every one of them in full:
 * a camt.054 (.001.02, one credit entry per payment, KID as the structured reference) and an OCR giro file (100,000
 * amount items 1 and 2). Each file is imported into its own copy of that database.
 *
 * Kvitt: POST /bank-files/ with the file as the body, over loopback HTTP to the server in its own process
 * (test/bench/server.child.ts, file database, WAL): parse, match every KID, register 100,000 payments with their audit
 * entries, one transaction. Floor: the same file stream-parsed (saxes for camt; 80-character records for OCR, read
 * in 1 MiB chunks) plus one prepared better-sqlite3 INSERT per transaction into bank_transactions, in one transaction,
 * into another copy of the same database. Goal: import + match <= 3x the floor (CPU and wall; the wall swings with the
 * machine's load). The books' floor beside it: the floor plus, per payment, the least SQL the books need (the look-ups,
 * ledger entry, balance, audit entry), one prepared statement each, no other work: how far the rows alone put any
 * import above the floor. The ratio is taken from an import with nothing else asking (kvittAlone). On another copy,
 * while the same import runs: the server's RSS sampled every 200 ms (goal: growth under 100 MB over its RSS after GC
 * before the import) and GET /invoices/{n} asked one after the other (goal: p99 <= 3x the p99 of the same GETs on the
 * warmed, idle server).
 *
 * Environment: BENCH_BANK_TX (default 100000), BENCH_BANK_KEEP=1 keeps the temporary folder, BENCH_BANK_ONLY=OCR or
 * CAMT054 runs one format, BENCH_BANK_BASE=<a kept folder> reuses its seeded database and files (same BENCH_BANK_TX),
 * BENCH_BANK_GETS_ONLY=1 runs only the import under GETs (memory, p99, the server's event-loop delay and GC pauses), BENCH_BANK_PROF=<folder> writes the server's CPU profile there (node --cpu-prof).
 */
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { openDatabase } from '../../db/connection.js';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildKid } from '../../main/domain/kid.js';
import { issueNew } from '../../main/features/documents/issue.service.js';
import { createRecipients } from '../../main/features/recipients/recipients.service.js';
import { getSettings } from '../../main/features/settings/settings.service.js';
import { seedCompany } from '../../main/seed/documents.seed.js';
import { fakeRecipient } from '../../main/seed/recipients.seed.js';
import { rng } from '../../main/seed/random.js';
import { camtChunks, camtCredits, ddmmyy, ocrChunks, ocrSpec, writeBankFile } from '../helpers/bank-file-gen.js';
import { fmt, httpRequest, KEY, mb, selfCpuMs, startChild } from './lib.js';
import { cloneInvoices } from './office/clone.js';

const N = Number(process.env.BENCH_BANK_TX ?? 100_000);
const TODAY = '2026-03-15';
const PAID = '2026-03-16';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-bank-'));
const auth = { authorization: `Bearer ${KEY}` };

interface Open {
  number: number;
  kid: string;
  balance: number;
}

/** The database every run starts from: N open invoices, each with its own valid KID. */
async function seed(file: string): Promise<{ account: string; invoices: Open[] }> {
  const app = await openApp({ dbFile: file, clock: fixedClock(TODAY), apiKey: KEY, dailyBackups: false, sender: false, dailyDunnings: false });
  try {
    const ctx = app.ctx;
    await seedCompany(ctx);
    const r = rng(25);
    const numbers = await createRecipients(ctx, Array.from({ length: 20 }, (_, i) => fakeRecipient(r, i)), true);
    for (let i = 0; i < 40; i++) {
      await issueNew(ctx, 'invoice', {
        recipient: { number: numbers[i % numbers.length] },
        invoiceDate: '2026-03-10',
        dueDate: '2026-04-10',
        items: [{ description: 'Konsulenttime', quantity: 1 + (i % 7), unitPrice: 1250 + i, taxRate: 25 }],
      });
    }
    const settings = await getSettings(ctx);
    await cloneInvoices(ctx.db, N, (doc) => {
      doc.kid = buildKid(settings.invoicing, doc.number as number, doc.recipient_number as number);
    });
    const rows = await ctx.db
      .selectFrom('documents as d')
      .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
      .select(['d.number', 'd.kid', 'b.balance'])
      .where('d.kind', '=', 'invoice')
      .where('d.number', 'is not', null)
      .orderBy('d.number')
      .execute();
    const invoices = rows.map((x) => ({ number: Number(x.number), kid: String(x.kid), balance: Number(x.balance) }));
    if (invoices.length !== N || new Set(invoices.map((i) => i.kid)).size !== N) throw new Error(`seed: ${invoices.length} invoices, KIDs not all distinct`);
    return { account: settings.company.bankAccount!.replace(/\D/g, ''), invoices };
  } finally {
    await app.close();
  }
}

interface Timing {
  ms: number;
  cpuMs: number;
}

/** Reads `path` in 1 MiB chunks, synchronously (so the floor's whole work sits in one better-sqlite3 transaction). */
function* chunksOf(path: string): Generator<Buffer> {
  const fd = openSync(path, 'r');
  const buf = Buffer.alloc(1 << 20);
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) yield buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

const INSERT = `insert into bank_transactions (bank_file_id, line, dedup_key, date, booking_date, value_date, amount, currency, credit, account,
  kid, reference, end_to_end_id, payer_name, payer_account, message, kind, status, reason, updated_at)
  values (?, ?, ?, ?, ?, ?, ?, 'NOK', 1, ?, ?, ?, ?, ?, ?, ?, ?, 'UNMATCHED', null, ?)`;

/** The rows the books need per payment beyond the floor's one, each one prepared statement (see booksFloor). */
const BOOKS = {
  seen: `select 1 from bank_transactions where dedup_key = ?`,
  claim: `select d.id, d.number, d.kind, d.total, d.currency, d.exchange_rate_micro, b.balance, b.paid_total, b.credited_total, b.lost, b.settled_date
    from documents d join invoice_balances b on b.document_id = d.id where d.kid = ?`,
  entry: `insert into ledger_entries (document_id, kind, date, amount, currency_amount, bank_fee, reason, reverses_id, created_at) values (?, 'payment', ?, ?, null, null, null, null, ?)`,
  balance: `update invoice_balances set balance = ?, paid_total = ?, settled_date = ? where document_id = ?`,
  audit: `insert into audit_log (at, entity, entity_id, action, data, actor) values (?, 'invoice', ?, 'payment', ?, null)`,
  tx: `insert into bank_transactions (bank_file_id, line, dedup_key, date, booking_date, value_date, amount, currency, credit, account,
    kid, reference, end_to_end_id, payer_name, payer_account, message, kind, status, reason, updated_at, document_id, ledger_entry_id)
    values (?, ?, ?, ?, ?, ?, ?, 'NOK', 1, ?, ?, ?, ?, ?, ?, ?, ?, 'MATCHED', null, ?, ?, ?)`,
};

/**
 * The floor: stream-parse the file and insert one prepared row per transaction, all in one transaction. With `books`,
 * the books' floor: the same, plus for each payment the least SQL the books need, one prepared statement each and no
 * other work: the duplicate look-up (dedup_key), the invoice and its claim by KID, the ledger entry, the balance UPDATE
 * and the audit entry, and the bank transaction row naming the invoice and the entry (its foreign keys checked).
 */
function floor(dbFile: string, path: string, format: 'CAMT054' | 'OCR', books = false): Timing & { rows: number } {
  const opened = openDatabase(dbFile);
  const raw = opened.raw;
  const now = `${TODAY} 12:00:00`;
  const cpu0 = selfCpuMs();
  const t0 = performance.now();
  const plain = raw.prepare(INSERT);
  const b = books ? Object.fromEntries(Object.entries(BOOKS).map(([k, q]) => [k, raw.prepare(q)])) : null;
  const insert = {
    run(...v: unknown[]) {
      if (!b) return plain.run(...v);
      if (b.seen.get(v[2])) throw new Error(`books floor: ${v[2]} seen`);
      const c = b.claim.get(v[8]) as { id: number; number: number; balance: number; paid_total: number; settled_date: string | null } | undefined;
      if (!c) throw new Error(`books floor: KID ${v[8]} unknown`);
      const amount = v[6] as number;
      const entry = Number(b.entry.run(c.id, v[3], amount, now).lastInsertRowid);
      const balance = c.balance - amount;
      b.balance.run(balance, c.paid_total + amount, balance <= 0 ? (c.settled_date ?? v[3]) : null, c.id);
      b.audit.run(now, String(c.number), JSON.stringify({ entry, date: v[3], amount: amount / 100 }));
      return b.tx.run(...v, c.id, entry);
    },
  };
  let rows = 0;
  raw.exec('begin');
  const file = Number(raw.prepare(`insert into bank_files (format, file_name, imported_at, transactions, duplicates, amount, sha256) values (?, ?, ?, 0, 0, 0, '')`).run(format, path, now).lastInsertRowid);
  if (format === 'CAMT054') {
    const p = new SaxesParser({ xmlns: false });
    const stack: string[] = [];
    let text = '';
    let tx: Record<string, string> = {};
    let entry: Record<string, string> = {};
    p.on('opentag', (t) => {
      stack.push(t.name);
      text = '';
      if (t.name === 'TxDtls') tx = {};
      if (t.name === 'Ntry') entry = {};
    });
    p.on('text', (t) => (text += t));
    p.on('closetag', (t) => {
      const parent = stack[stack.length - 2];
      const v = text.trim();
      if (t.name === 'Dt' && parent === 'BookgDt') entry.booking = v;
      else if (t.name === 'Dt' && parent === 'ValDt') entry.value = v;
      else if (t.name === 'AcctSvcrRef' && parent === 'Refs') tx.ref = v;
      else if (t.name === 'EndToEndId') tx.e2e = v;
      else if (t.name === 'Amt' && parent === 'TxAmt') tx.amount = v;
      else if (t.name === 'Ref' && parent === 'CdtrRefInf') tx.kid = v;
      else if (t.name === 'Nm' && stack[stack.length - 3] === 'RltdPties') tx.name = v;
      else if (t.name === 'Id' && parent === 'Othr' && stack.includes('DbtrAcct')) tx.account = v;
      else if (t.name === 'TxDtls') {
        rows++;
        const ore = Math.round(Number(tx.amount) * 100);
        insert.run(file, rows, tx.ref, entry.value ?? entry.booking, entry.booking, entry.value ?? null, ore, null, tx.kid ?? null, tx.ref, tx.e2e ?? null, tx.name ?? null, tx.account ?? null, null, 'CRDT', now);
      }
      stack.pop();
      text = '';
    });
    const decoder = new TextDecoder();
    for (const c of chunksOf(path)) p.write(decoder.decode(c, { stream: true }));
    p.close();
  } else {
    let rest = '';
    let line = 0;
    let item: { date: string; serial: string; amount: number; kid: string } | null = null;
    for (const c of chunksOf(path)) {
      const lines = (rest + c.toString('latin1')).split(/\r?\n/);
      rest = lines.pop()!;
      for (const r of lines) {
        line++;
        const type = r.slice(6, 8);
        if (type === '30') item = { date: r.slice(15, 21), serial: r.slice(26, 31), amount: Number(r.slice(32, 49)), kid: r.slice(49, 74).trim() };
        else if (type === '31' && item) {
          rows++;
          const d = `20${item.date.slice(4, 6)}-${item.date.slice(2, 4)}-${item.date.slice(0, 2)}`;
          insert.run(file, line - 1, `OCR:${item.date}:${item.serial}:${item.amount}:${item.kid}`, d, d, null, item.amount, null, item.kid, r.slice(25, 34), null, null, r.slice(47, 58), null, r.slice(4, 6), now);
          item = null;
        }
      }
    }
  }
  raw.exec('commit');
  const out = { ms: performance.now() - t0, cpuMs: selfCpuMs() - cpu0, rows };
  raw.close();
  return out;
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.99 * s.length) - 1)];
};

/**
 * One GET /invoices/{n} after the other until `until()` or `max` requests or `maxMs`; answers the latencies (ms). A GET
 * the server gave up on (408: it waited past the request timeout) counts with its time and in `gaveUp`.
 */
const gaveUp: number[] = [];
async function gets(port: number, invoices: Open[], until: () => boolean, max: number, maxMs: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: number[] = [];
  const started = performance.now();
  let i = 0;
  while (!until() && out.length < max && performance.now() - started < maxMs) {
    const n = invoices[(i++ * 7919) % invoices.length].number;
    const t0 = performance.now();
    // a connection the server closed on a timed-out request is reset: counted with the 408s
    const r = await httpRequest({ port, path: `/invoices/${n}`, headers: auth, agent }).catch(() => ({ status: 408, body: '' }));
    out.push(performance.now() - t0);
    if (r.status === 408) gaveUp.push(n);
    else if (r.status !== 200) throw new Error(`GET /invoices/${n}: ${r.status} ${r.body.slice(0, 200)}`);
  }
  agent.destroy();
  return out;
}

/** POST /bank-files/ with the file; checks that every payment was matched and an invoice paid. */
async function postFile(port: number, path: string, contentType: string, invoices: Open[]): Promise<number> {
  const t0 = performance.now();
  const body = readFileSync(path);
  const r = await httpRequest({ port, path: `/bank-files/?name=${encodeURIComponent(path.split('/').pop()!)}`, method: 'POST', headers: { ...auth, 'content-type': contentType }, body });
  const ms = performance.now() - t0;
  if (r.status !== 201) throw new Error(`import: ${r.status} ${r.body.slice(0, 400)}`);
  const summary = JSON.parse(r.body) as { transactions: number; matched: number; unmatched: number; duplicates: number };
  if (summary.transactions !== N || summary.matched !== N) throw new Error(`import: ${JSON.stringify(summary)}`);
  const sample = invoices[Math.floor(N / 2)];
  const paid = await httpRequest({ port, path: `/invoices/${sample.number}`, headers: auth });
  if (JSON.parse(paid.body).currentBalance !== 0) throw new Error(`invoice ${sample.number} not paid: ${paid.body.slice(0, 300)}`);
  return ms;
}

/**
 * The import alone, for the ratio to the floor: the server warmed with the same GETs as below, then the file posted
 * with nothing else asking; the server's CPU over the import (the HTTP upload included) and the wall time of the POST.
 */
async function kvittAlone(dbFile: string, path: string, contentType: string, invoices: Open[]): Promise<Timing> {
  const prof = process.env.BENCH_BANK_PROF;
  const server = await startChild('kvitt', dbFile, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []);
  try {
    await gets(server.port, invoices, () => false, 500, 60_000);
    const cpu0 = await server.cpuMs();
    const ms = await postFile(server.port, path, contentType, invoices);
    return { ms, cpuMs: (await server.cpuMs()) - cpu0 };
  } finally {
    await server.stop();
  }
}

interface Watched {
  loopP99Ms: number;
  loopMaxMs: number;
  loopMeanMs: number;
  gc: Record<string, { n: number; totalMs: number; maxMs: number }>;
  gcOver5ms: number;
}

/**
 * The import while GET /invoices/{n} is asked one after the other (its p99 against the idle server's) and the
 * server's RSS is sampled: on another copy of the database, so the GETs' CPU is not counted in the ratio above.
 */
async function kvittUnderGets(dbFile: string, path: string, contentType: string, invoices: Open[]) {
  const server = await startChild('kvitt', dbFile, (process.env.BENCH_BANK_NODE_ARGS ?? '').split(' ').filter(Boolean));
  try {
    // warm: the same GETs the import will compete with, then the idle figure
    await gets(server.port, invoices, () => false, 500, 60_000);
    const idle = await gets(server.port, invoices, () => false, 2000, 120_000);
    const before = await server.ask<{ rssAfterGc: number }>('mem', 'mem');
    let done = false;
    let peak = 0;
    const sampler = (async () => {
      while (!done) {
        peak = Math.max(peak, await server.ask<number>('rss', 'rss'));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    await server.ask('watch', 'watching');
    const cpu0 = await server.cpuMs();
    const importing = postFile(server.port, path, contentType, invoices).finally(() => (done = true));
    gaveUp.length = 0;
    const during = await gets(server.port, invoices, () => done, 200_000, 15 * 60_000);
    const ms = await importing;
    const cpuMs = (await server.cpuMs()) - cpu0;
    const inside = await server.ask<Watched>('watched', 'watched');
    await sampler;
    peak = Math.max(peak, await server.ask<number>('rss', 'rss'));
    return { ms, cpuMs, idle, during, inside, timeouts: gaveUp.length, growth: peak - before.rssAfterGc, before: before.rssAfterGc, peak };
  } finally {
    await server.stop();
  }
}

/** The invoices of a database seeded by an earlier run (BENCH_BANK_BASE). */
function seeded(file: string): Open[] {
  const opened = openDatabase(file);
  try {
    const rows = opened.raw
      .prepare(`select d.number, d.kid, b.balance from documents d join invoice_balances b on b.document_id = d.id where d.kind = 'invoice' and d.number is not null order by d.number`)
      .all() as { number: number; kid: string; balance: number }[];
    return rows.map((x) => ({ number: Number(x.number), kid: String(x.kid), balance: Number(x.balance) }));
  } finally {
    opened.raw.close();
  }
}

try {
  const reuse = process.env.BENCH_BANK_BASE;
  const at = reuse ?? dir;
  const base = join(at, 'base.sqlite');
  const camt = join(at, 'payments.camt054.xml');
  const ocr = join(at, 'payments.ocr.txt');
  let invoices: Open[];
  if (reuse) {
    invoices = seeded(base);
    if (invoices.length !== N) throw new Error(`BENCH_BANK_BASE holds ${invoices.length} invoices, BENCH_BANK_TX is ${N}`);
  } else {
    const t0 = performance.now();
    const seededNow = await seed(base);
    invoices = seededNow.invoices;
    console.log(`bank-import: ${N.toLocaleString('en-US')} open invoices with KIDs ready in ${fmt((performance.now() - t0) / 1000)} s`);
    const credits = invoices.map((i, k) => ({ amountOre: i.balance, kid: i.kid, partyName: `Betaler ${k}`, partyAccount: '12345678903', endToEndId: `E2E${k}` }));
    writeBankFile(camt, camtChunks({ version: 2, created: `${PAID}T06:00:00`, accounts: [camtCredits(seededNow.account, PAID, credits)] }));
    writeBankFile(ocr, ocrChunks(ocrSpec(seededNow.account, PAID, invoices.map((i) => ({ amountOre: i.balance, kid: i.kid, payerAccount: '12345678903' })))), 'latin1');
  }
  const getsOnly = !!process.env.BENCH_BANK_GETS_ONLY;
  console.log(`  files: camt.054 ${mb(statSync(camt).size)}, OCR ${mb(statSync(ocr).size)} (settlement ${ddmmyy(PAID)})`);
  const only = process.env.BENCH_BANK_ONLY;
  for (const [label, path, format, type] of [['camt.054', camt, 'CAMT054', 'application/xml'], ['OCR giro', ocr, 'OCR', 'text/plain']] as const) {
    if (only && only !== format) continue;
    for (const copy of getsOnly ? ['gets'] : ['floor', 'books', 'kvitt', 'gets']) copyFileSync(base, join(dir, `${copy}-${format}.sqlite`));
    console.log(`  ${label}, ${N.toLocaleString('en-US')} payments:`);
    if (!getsOnly) {
      const f = floor(join(dir, `floor-${format}.sqlite`), path, format);
      if (f.rows !== N) throw new Error(`floor read ${f.rows} transactions`);
      const b = floor(join(dir, `books-${format}.sqlite`), path, format, true);
      const k = await kvittAlone(join(dir, `kvitt-${format}.sqlite`), path, type, invoices);
      console.log(`    floor: stream-parse + one prepared INSERT per transaction, one transaction   ${fmt(f.ms)} ms wall, ${fmt(f.cpuMs)} ms CPU`);
      console.log(`    books' floor: the floor + per payment the dedup and KID/claim look-ups, ledger entry, balance UPDATE, audit entry, one prepared statement each   ${fmt(b.ms)} ms wall, ${fmt(b.cpuMs)} ms CPU  (${fmt(b.ms / f.ms, 2)}x wall, ${fmt(b.cpuMs / f.cpuMs, 2)}x CPU the floor)`);
      console.log(`    Kvitt: POST /bank-files/ alone (parse, match by KID, ${N.toLocaleString('en-US')} payments + audit)   ${fmt(k.ms)} ms wall, ${fmt(k.cpuMs)} ms server CPU  (${fmt(N / (k.ms / 1000), 0)} payments/s)`);
      console.log(`    ratio ${fmt(k.ms / f.ms, 2)}x wall, ${fmt(k.cpuMs / f.cpuMs, 2)}x CPU the floor  (goal <= 3x); ${fmt(k.ms / b.ms, 2)}x wall, ${fmt(k.cpuMs / b.cpuMs, 2)}x CPU the books' floor`);
    }
    const g = await kvittUnderGets(join(dir, `gets-${format}.sqlite`), path, type, invoices);
    console.log(`    while GETs run: import ${fmt(g.ms)} ms wall, server CPU ${fmt(g.cpuMs)} ms (the GETs' included)`);
    console.log(`    server RSS ${mb(g.before)} after GC before, peak ${mb(g.peak)}: growth ${mb(g.growth)}  (goal < 100 MB)`);
    const idle = p99(g.idle);
    const during = g.during.length ? p99(g.during) : NaN;
    console.log(`    GET /invoices/{n}: idle p99 ${fmt(idle, 2)} ms (${g.idle.length} requests), during the import p99 ${fmt(during, 2)} ms (${g.during.length} requests, ${g.timeouts} answered 408 Request Timeout or were reset): ${fmt(during / idle, 2)}x  (goal <= 3x)`);
    const w = g.inside;
    const gcs = Object.entries(w.gc).map(([k, v]) => `${k} ${v.n} (${fmt(v.totalMs)} ms, max ${fmt(v.maxMs, 1)} ms)`).join(', ');
    console.log(`    inside the server during the import: event-loop delay p99 ${fmt(w.loopP99Ms, 1)} ms, max ${fmt(w.loopMaxMs, 1)} ms, mean ${fmt(w.loopMeanMs, 2)} ms; GC pauses ${gcs}; ${w.gcOver5ms} pauses >= 5 ms`);
  }
} finally {
  if (process.env.BENCH_BANK_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
