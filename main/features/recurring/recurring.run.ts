/**
 * The recurring run (issue 26): issues every occurrence due up to today, each through the invoice issue service
 * (issueNew: its number taken in this transaction), its shipment queued and its occurrence row written in the same
 * transaction, so an occurrence and its invoice commit together or not at all.
 *
 * Exactly once: the series rows are locked (FOR UPDATE on PostgreSQL, SQLite's one writer) and their next index read
 * under the lock, so a second run (another process, another click) waits and then sees what the first issued; the
 * primary key (series, index) of recurring_occurrences refuses a second row for an occurrence whatever happens. The
 * automatic run (start-up and hourly) also holds the 'recurring-run' job lease (main/ops/leases.ts), so two processes do
 * not both work through the series.
 *
 * Missed occurrences (Kvitt was closed): at most MAX_CATCH_UP per series in one run, in order, each with its own period,
 * dated today; when more were due the series holds the rest (confirm_through) until POST /recurring/{n}/confirm.
 */
import type { Kysely } from 'kysely';
import { insertRows, runStatement, updateRows } from '../../../db/fast.js';
import { forgetTxMemo } from '../../ops/tx-memo.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { occurrencesUpTo, periodText } from '../../domain/recurring-schedule.js';
import { fieldError, OpError, validationError } from '../../ops/errors.js';
import { withJobLease } from '../../ops/leases.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { startHourlyCheck } from '../../hourly-check.js';
import { audit } from '../audit/index.js';
import { issueNew } from '../documents/core.js';
import { queueDocumentShipments, deliveryFor, type ShipmentChoice } from '../sending/index.js';
import { getSettings } from '../settings/index.js';
import { MAX_CATCH_UP, type RunResult } from './recurring.schema.js';
import { healthOf, occurrenceDraft, scheduleOf, type SeriesRow, type Stop, type Template } from './recurring.template.js';
import { seriesRow } from './recurring.service.js';

/** Series per transaction: bounds how long one run holds the writer (SQLite) while keeping commits few. */
const CHUNK = 500;

const AWAITING = 'AWAITING_CONFIRMATION';

/** POST /recurring/run: every active series, in number order. */
export async function runRecurring(ctx: AppContext): Promise<RunResult> {
  const result: RunResult = { issued: [], skipped: [] };
  let after = 0;
  for (;;) {
    const numbers = (
      await ctx.db.selectFrom('recurring_series').select('number').where('status', '=', 'active').where('number', '>', after).orderBy('number').limit(CHUNK).execute()
    ).map((r) => r.number);
    if (!numbers.length) break;
    after = numbers[numbers.length - 1];
    const part = await inTx(ctx, async (tctx) => {
      const out: RunResult = { issued: [], skipped: [] };
      const rows = await tctx.db.selectFrom('recurring_series').selectAll().where('number', 'in', numbers).where('status', '=', 'active').orderBy('number').forUpdate().execute();
      // Whether each customer is still there, read once for the chunk.
      const customers = [...new Set(rows.map((r) => r.recipient_number))];
      const alive = new Set(
        customers.length ? (await tctx.db.selectFrom('recipients').select('number').where('number', 'in', customers).where('deleted', '=', 0).execute()).map((r) => r.number) : [],
      );
      for (const row of rows) await runSeries(tctx, row, false, out, alive.has(row.recipient_number));
      const issued = out.issued.map((i) => `${i.recurring}:${i.invoiceNumber}`);
      if (issued.length) await audit(tctx, 'recurring', 'run', 'issue', { issued: issued.join(','), count: issued.length });
      return out;
    });
    result.issued.push(...part.issued);
    result.skipped.push(...part.skipped);
  }
  return result;
}

/** POST /recurring/{n}/confirm: issues the occurrences that wait for confirmation (all of them, in order). */
export async function confirmSeries(ctx: AppContext, number: number): Promise<RunResult> {
  return inTx(ctx, async (tctx) => {
    const row = await seriesRow(tctx.db, number, true);
    if (row.status !== 'active' || !row.confirm_through) throw validationError([fieldError('number', 'NOTHING_TO_CONFIRM')]);
    const out: RunResult = { issued: [], skipped: [] };
    await runSeries(tctx, row, true, out);
    return out;
  });
}

/** The automatic run: at start-up and every hour, one process at a time (the job lease). */
export function startRecurringRuns(ctx: AppContext, everyMs = 60 * 60 * 1000): () => Promise<void> {
  return startHourlyCheck(() => withJobLease(ctx, 'recurring-run', () => runRecurring(ctx)), 'The recurring invoice run failed; it is tried again within the hour:', everyMs);
}

async function stopSeries(tctx: TxCtx, row: SeriesRow, stop: Stop): Promise<void> {
  await tctx.db.updateTable('recurring_series').set({ status: 'stopped', stop_code: stop.code, stop_reason: stop.reason, updated_at: tctx.clock.timestamp() }).where('number', '=', row.number).execute();
  await audit(tctx, 'recurring', row.number, 'stop', { ...stop });
}

/** One series under its lock, in the caller's transaction: issue what is due, hold or skip the rest. */
async function runSeries(tctx: TxCtx, row: SeriesRow, confirmed: boolean, out: RunResult, recipientAlive?: boolean): Promise<void> {
  const db = tctx.db;
  const today = tctx.clock.today();
  const s = scheduleOf(row);
  const due = occurrencesUpTo(s, today, row.next_index);
  if (!due.length) return;
  const skip = (list: typeof due, reason: string, message: string) => {
    for (const o of list) out.skipped.push({ recurring: row.number, period: periodText(s, o.index), date: o.date, reason, message });
  };
  if (!confirmed && row.confirm_through) {
    skip(due, AWAITING, `${due.length} missed invoices wait for confirmation (POST /recurring/${row.number}/confirm)`);
    return;
  }
  const take = confirmed ? due : due.slice(0, MAX_CATCH_UP);
  const held = due.slice(take.length);
  const t = JSON.parse(row.template) as Template;
  const stop = await healthOf(tctx, row, t, recipientAlive);
  if (stop) {
    await stopSeries(tctx, row, stop);
    skip(due, stop.code, stop.reason);
    return;
  }
  const settings = await getSettings(tctx);
  const shipment = row.shipment ? (JSON.parse(row.shipment) as ShipmentChoice) : null;
  let next = row.next_index;
  // Savepoints run on the connection the transaction holds (no Kysely query built and compiled for each; group-commit.ts).
  const exec = async (statement: string) => {
    await runStatement(db, statement);
  };
  for (const o of take) {
    const period = periodText(s, o.index);
    await exec('savepoint recurring_occurrence');
    try {
      const issued = await issueNew(tctx, 'invoice', occurrenceDraft(row.recipient_number, t, row.due_in_days, period, today), null, { settings });
      if (shipment) {
        const options = await deliveryFor(tctx, row.recipient_number, shipment, row.currency !== 'NOK');
        await queueDocumentShipments(tctx, { type: 'invoice', number: issued.number, id: issued.id }, options);
      }
      await insertRows(db, 'recurring_occurrences', [
        { series_number: row.number, occurrence_index: o.index, occurrence_date: o.date, period, document_id: issued.id, invoice_number: issued.number, issued_at: tctx.clock.timestamp() },
      ]);
      await exec('release savepoint recurring_occurrence');
      out.issued.push({ recurring: row.number, invoiceNumber: issued.number, period, date: o.date });
      next = o.index + 1;
    } catch (e) {
      if (!(e instanceof OpError)) throw e;
      // The invoice could not be issued (the settings lack the bank account, the shipment was refused …): nothing of
      // this occurrence stays, and the series stops saying why instead of trying again every hour.
      await exec('rollback to savepoint recurring_occurrence');
      forgetTxMemo(tctx); // what was read after this occurrence's writes may be gone with them
      await exec('release savepoint recurring_occurrence');
      const why = e.fields.length ? e.fields.map((f) => `${f.field}: ${f.message}`).join('; ') : e.message;
      const refused: Stop = { code: 'ISSUE_REFUSED', reason: `The invoice for ${period} could not be issued: ${why}` };
      await db.updateTable('recurring_series').set({ next_index: next }).where('number', '=', row.number).execute();
      await stopSeries(tctx, row, refused);
      skip(due.filter((d) => d.index >= o.index), refused.code, refused.reason);
      return;
    }
  }
  await updateRows(db, 'recurring_series', { next_index: next, confirm_through: held.length ? today : null, updated_at: tctx.clock.timestamp() }, { number: row.number });
  if (held.length) skip(held, AWAITING, `${held.length} more missed invoices wait for confirmation (POST /recurring/${row.number}/confirm)`);
  // The run's audit entry names every series and invoice (runRecurring); a confirmation is its own entry.
  if (confirmed || held.length) await audit(tctx, 'recurring', row.number, confirmed ? 'confirm' : 'hold', { occurrences: take.map((o) => o.index), held: held.length });
}
