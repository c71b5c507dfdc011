/**
 * The benchmarks' big history (test/bench/reports.bench.ts, saft.bench.ts; not a benchmark itself). Deterministic (seed
 * 42, fixed clock), so the same count gives the same data and the same SAF-T file.
 */
import SqliteDatabase from 'better-sqlite3';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { updateSettings } from '../../main/features/settings/settings.service.js';
import { seedAll } from '../../main/seed/seed.js';
import { KEY } from './lib.js';

/**
 * The file database both the reports and the SAF-T benchmarks read: 300 invoices seeded through the services (payments,
 * credit notes, losses), then cloned with SQL, each document with its lines and balance row, under new numbers, up to
 * `count` documents (the benchmarks measure reading, not seeding). `company` names the company (SAF-T needs an org number).
 */
export async function buildClonedHistory(file: string, count: number, company?: { name: string; orgNumber: string }): Promise<void> {
  const app = await openApp({ dbFile: file, apiKey: KEY, clock: fixedClock('2026-03-15') });
  await seedAll(app.ctx, { seed: 42, recipients: 2000, invoices: 300, linesPerInvoice: 3, extras: false });
  if (company) await updateSettings(app.ctx, { company });
  await app.close();
  const raw = new SqliteDatabase(file);
  raw.transaction(() => {
    const docs = raw.prepare("select * from documents where number is not null and kind in ('invoice', 'credit-note') order by id").all() as Record<string, unknown>[];
    const max = (raw.prepare('select max(number) as n from documents').get() as { n: number }).n;
    const dCols = Object.keys(docs[0]).filter((c) => c !== 'id');
    const dIns = raw.prepare(`insert into documents (${dCols.join(',')}) values (${dCols.map((c) => '@' + c).join(',')})`);
    const lines = raw.prepare('select * from document_lines where document_id = ?');
    const balance = raw.prepare('select * from invoice_balances where document_id = ?');
    const srcLines = new Map(docs.map((d) => [d.id, lines.all(d.id) as Record<string, unknown>[]]));
    const srcBal = new Map(docs.map((d) => [d.id, balance.get(d.id) as Record<string, unknown> | undefined]));
    let lIns: SqliteDatabase.Statement | undefined;
    let bIns: SqliteDatabase.Statement | undefined;
    for (let i = docs.length; i < count; i++) {
      // A clone of a credit note credits nothing of its own: cloned as an invoice's twin it stays a credit note of the same invoice.
      const d = docs[i % docs.length];
      const id = Number(dIns.run({ ...d, number: max + i, kid: d.kid ? String(max + i) : null }).lastInsertRowid);
      for (const l of srcLines.get(d.id)!) {
        lIns ??= raw.prepare(`insert into document_lines (${Object.keys(l).join(',')}) values (${Object.keys(l).map((c) => '@' + c).join(',')})`);
        lIns.run({ ...l, document_id: id });
      }
      const b = srcBal.get(d.id);
      if (b) {
        bIns ??= raw.prepare(`insert into invoice_balances (${Object.keys(b).join(',')}) values (${Object.keys(b).map((c) => '@' + c).join(',')})`);
        bIns.run({ ...b, document_id: id });
      }
    }
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
}
