/**
 * The SAF-T benchmark's data (test/bench/saft.bench.ts, not a benchmark itself): a file database with `invoices` invoices and
 * credit notes of 3 lines, 300 seeded through the services (payments, credit notes, losses), the rest cloned with SQL.
 * Deterministic (seed 42, fixed clock), so the same count gives the same SAF-T file.
 */
import SqliteDatabase from 'better-sqlite3';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { updateSettings } from '../../main/features/settings/settings.service.js';
import { seedAll } from '../../main/seed/seed.js';
import { KEY } from './lib.js';

export async function buildSaftHistory(file: string, INVOICES: number) {
  const app = await openApp({ dbFile: file, apiKey: KEY, clock: fixedClock('2026-03-15') });
  await seedAll(app.ctx, { seed: 42, recipients: 2000, invoices: 300, linesPerInvoice: 3, extras: false });
  await updateSettings(app.ctx, { company: { name: 'Benk AS', orgNumber: '987654325' } });
  await app.close();
  const raw = new SqliteDatabase(file);
  raw.transaction(() => {
    const docs = raw.prepare("select * from documents where number is not null and kind in ('invoice', 'credit-note') order by id").all() as Record<string, unknown>[];
    const max = (raw.prepare('select max(number) as n from documents').get() as { n: number }).n;
    const dCols = Object.keys(docs[0]).filter((c) => c !== 'id');
    const dIns = raw.prepare(`insert into documents (${dCols.join(',')}) values (${dCols.map((c) => '@' + c).join(',')})`);
    const lines = raw.prepare('select * from document_lines where document_id = ?');
    const balance = raw.prepare('select * from invoice_balances where document_id = ?');
    let lIns: SqliteDatabase.Statement | undefined;
    let bIns: SqliteDatabase.Statement | undefined;
    for (let i = docs.length; i < INVOICES; i++) {
      const d = docs[i % docs.length];
      // A clone of a credit note credits nothing of its own: cloned as an invoice's twin it stays a credit note of the same invoice.
      const id = Number(dIns.run({ ...d, number: max + i, kid: d.kid ? String(max + i) : null }).lastInsertRowid);
      for (const l of lines.all(d.id) as Record<string, unknown>[]) {
        lIns ??= raw.prepare(`insert into document_lines (${Object.keys(l).join(',')}) values (${Object.keys(l).map((c) => '@' + c).join(',')})`);
        lIns.run({ ...l, document_id: id });
      }
      const b = balance.get(d.id) as Record<string, unknown> | undefined;
      if (b) {
        bIns ??= raw.prepare(`insert into invoice_balances (${Object.keys(b).join(',')}) values (${Object.keys(b).map((c) => '@' + c).join(',')})`);
        bIns.run({ ...b, document_id: id });
      }
    }
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
}
