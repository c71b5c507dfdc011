/**
 * Recurring and mass invoicing benchmark (issue 26). Prints figures; never asserts on time.
 *
 *  1. floor: N invoices issued through the existing single-issue service (issueNew) and their e-mails queued
 *     (queueDocumentShipments), all in one transaction: what issuing N invoices costs at least;
 *  2. recurring: N due occurrences (N monthly series, one per customer, each with an e-mail shipment) issued by one
 *     POST /recurring/run (runRecurring: per series lock, occurrence row, audit, chunks of 500 series per transaction);
 *  3. batch: a POST /invoices/batch to M customers (issueBatch: one transaction) against the floor for M.
 * Each on a fresh database file (SQLite, synchronous=FULL as the app runs) with the same customers; the sender is off,
 * so the mails stay queued and are counted.
 *
 * Environment: BENCH_N (default 10000), BENCH_BATCH (default 5000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { issueNew } from '../../main/features/documents/issue.service.js';
import { issueBatch } from '../../main/features/invoices/batch.service.js';
import { runRecurring } from '../../main/features/recurring/recurring.run.js';
import { createSeries } from '../../main/features/recurring/recurring.service.js';
import { queueDocumentShipments } from '../../main/features/sending/outbox.js';
import { opTable } from '../../main/op-table.js';
import { runOp } from '../../main/ops/invoke.js';
import { inTx } from '../../main/ops/transaction.js';
import { fmt, KEY } from './lib.js';

const N = Number(process.env.BENCH_N ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 5_000);
const TODAY = '2026-03-15';
const ITEMS = [{ description: 'Abonnement {periode}', quantity: 1, unitPrice: 499, taxRate: 25 as const }];
const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-recurring-'));
let files = 0;

async function world(customers: number): Promise<OpenedApp> {
  const app = await openApp({ dbFile: join(dir, `b${files++}.sqlite`), apiKey: KEY, clock: fixedClock(TODAY) });
  const run = (name: string, input: Record<string, unknown>) => runOp(opTable.get(name)!, input, app.ctx);
  await run('settings.update', {
    body: {
      company: { name: 'Bench AS', orgNumber: '923609016', bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO', email: 'faktura@bench.no' },
      sending: { smtp: { host: '127.0.0.1', port: 9, security: 'NONE' }, fromAddress: 'faktura@bench.no', fromName: 'Bench AS' },
    },
  });
  const people = Array.from({ length: customers }, (_, i) => ({ name: `Kunde ${i}`, contact: { address: { address1: 'Vei 1', zip: '0150', city: 'OSLO' }, email: `kunde${i}@example.no` } }));
  await run('recipients.create', { body: people });
  return app;
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;
/** CPU seconds of this process since `c0` (less disturbed than wall time on a shared machine; SQLite runs in this thread). */
const cpu = (c0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / 1e6;
};
interface Took {
  s: number;
  cpu: number;
}
const count = async (app: OpenedApp, table: 'documents' | 'outbox') =>
  Number((await app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The floor: n single issues (issueNew) with their e-mails queued, in one transaction. */
async function floor(n: number): Promise<Took> {
  const app = await world(n);
  try {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await inTx(app.ctx, async (tctx) => {
      for (let i = 1; i <= n; i++) {
        const issued = await issueNew(tctx, 'invoice', { recipient: { number: i }, items: ITEMS.map((x) => ({ ...x, description: 'Abonnement mars 2026' })) });
        await queueDocumentShipments(tctx, { type: 'invoice', number: issued.number, id: issued.id }, { email: [{ address: `kunde${i - 1}@example.no` }] });
      }
    });
    const took = { s: seconds(t0), cpu: cpu(c0) };
    if ((await count(app, 'documents')) !== n || (await count(app, 'outbox')) !== n) throw new Error('floor: wrong counts');
    return took;
  } finally {
    await app.close();
  }
}

async function recurring(n: number): Promise<Took & { setup: number }> {
  const app = await world(n);
  try {
    const t0 = performance.now();
    await inTx(app.ctx, async (tctx) => {
      for (let i = 1; i <= n; i++) {
        await createSeries(tctx, { recipientNumber: i, items: ITEMS, interval: { unit: 'MONTH', every: 1 }, startDate: TODAY, shipment: { preferred: true } });
      }
    });
    const setup = seconds(t0);
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    const result = await runRecurring(app.ctx);
    const s = seconds(t1);
    const used = cpu(c1);
    if (result.issued.length !== n || (await count(app, 'documents')) !== n || (await count(app, 'outbox')) !== n) throw new Error('recurring: wrong counts');
    const again = await runRecurring(app.ctx);
    if (again.issued.length) throw new Error('recurring: issued twice');
    return { s, cpu: used, setup };
  } finally {
    await app.close();
  }
}

async function batch(m: number): Promise<Took> {
  const app = await world(m);
  try {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await issueBatch(app.ctx, { recipients: Array.from({ length: m }, (_, i) => i + 1), items: ITEMS.map((x) => ({ ...x, description: 'Kontingent 2026' })), shipment: { preferred: true } });
    const took = { s: seconds(t0), cpu: cpu(c0) };
    if (r.invoiceNumbers.length !== m || (await count(app, 'outbox')) !== m) throw new Error('batch: wrong counts');
    return took;
  } finally {
    await app.close();
  }
}

async function main() {
  console.log(`Recurring and mass invoicing (SQLite file, synchronous=FULL), ${N} occurrences, batch of ${BATCH}`);
  const show = (t: Took) => `${fmt(t.s, 2)} s wall, ${fmt(t.cpu, 2)} s CPU`;
  const f = await floor(N);
  console.log(`floor: ${N} single issues + e-mails queued in one transaction: ${show(f)} (${fmt(N / f.s, 0)}/s)`);
  const r = await recurring(N);
  console.log(`recurring run: ${N} due occurrences issued + e-mails queued: ${show(r)} (${fmt(N / r.s, 0)}/s): ${fmt(r.s / f.s, 2)}x the floor's wall time, ${fmt(r.cpu / f.cpu, 2)}x its CPU (goal <= 1.5x); saving the ${N} series took ${fmt(r.setup, 1)} s`);
  const fb = await floor(BATCH);
  const b = await batch(BATCH);
  console.log(`batch: ${BATCH} recipients in one POST /invoices/batch: ${show(b)} against the floor's ${show(fb)}: ${fmt(b.s / fb.s, 2)}x wall, ${fmt(b.cpu / fb.cpu, 2)}x CPU`);
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
