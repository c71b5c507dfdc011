/**
 * Recurring invoice series (issue 26): save, change, pause, resume and end them, and read them with their next date and
 * the invoices issued from them. Issuing is recurring.run.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { occurrenceDate, occurrencesUpTo, occurs, periodText, type IntervalUnit } from '../../domain/recurring-schedule.js';
import { FieldErrors, OpError, fieldError, notFound, validationError } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import type { RecurringInput, RecurringListItemView, RecurringStatus, RecurringView } from './recurring.schema.js';
import { checkSeries, healthOf, scheduleOf, type SeriesRow, type Template } from './recurring.template.js';

export async function seriesRow(db: Kysely<Database>, number: number, lock = false): Promise<SeriesRow> {
  let q = db.selectFrom('recurring_series').selectAll().where('number', '=', number);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('recurring', { number });
  return row;
}

const ended = (n: number) => new OpError('CONFLICT', `Recurring invoice ${n} has ended`, [fieldError('number', 'RECURRING_ENDED', { number: n })]);

/** The columns a saved series takes from its input and the checked template (create and update write the same). */
function seriesColumns(input: RecurringInput, template: Template, total: number, currency: string) {
  return {
    recipient_number: input.recipientNumber,
    unit: input.interval.unit,
    every: input.interval.every,
    start_date: input.startDate,
    end_date: input.endDate ?? null,
    occurrence_count: input.count ?? null,
    due_in_days: input.dueInDays ?? null,
    template: JSON.stringify(template),
    shipment: input.shipment ? JSON.stringify(input.shipment) : null,
    total,
    currency,
  };
}

export async function createSeries(ctx: AppContext, input: RecurringInput): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const { template, total, currency } = await checkSeries(tctx, input);
    const now = ctx.clock.timestamp();
    const row = await tctx.db
      .insertInto('recurring_series')
      .values({
        ...seriesColumns(input, template, total, currency),
        status: input.active === false ? 'paused' : 'active',
        stop_code: null,
        stop_reason: null,
        next_index: 0,
        confirm_through: null,
        created_at: now,
        updated_at: now,
      })
      .returning('number')
      .executeTakeFirstOrThrow();
    const number = Number(row.number);
    await audit(tctx, 'recurring', number, 'create', { ...input });
    return number;
  });
}

async function issuedCount(db: Kysely<Database>, number: number): Promise<number> {
  const r = await db.selectFrom('recurring_occurrences').select((eb) => eb.fn.countAll<number>().as('n')).where('series_number', '=', number).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** PUT: changes apply from the next occurrence; the schedule (interval, start) is fixed once an invoice was issued. */
export async function updateSeries(ctx: AppContext, number: number, input: RecurringInput): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const row = await seriesRow(tctx.db, number, true);
    if (row.status === 'ended') throw ended(number);
    const issued = await issuedCount(tctx.db, number);
    const errors = new FieldErrors();
    if (issued > 0) {
      if (input.interval.unit !== row.unit || input.interval.every !== row.every) errors.add('interval', 'SCHEDULE_FIXED');
      if (input.startDate !== row.start_date) errors.add('startDate', 'SCHEDULE_FIXED');
      if (input.count != null && input.count < issued) errors.add('count', 'COUNT_BELOW_ISSUED', { issued });
    }
    errors.throwIfAny();
    const { template, total, currency } = await checkSeries(tctx, input);
    const status = input.active === false ? 'paused' : input.active === true && row.status === 'paused' ? 'active' : row.status;
    await tctx.db
      .updateTable('recurring_series')
      .set({
        ...seriesColumns(input, template, total, currency),
        // Saving a stopped series is the user's answer to why it stopped: it runs again (a deleted customer was refused above).
        status: status === 'stopped' ? 'active' : status,
        stop_code: null,
        stop_reason: null,
        updated_at: ctx.clock.timestamp(),
      })
      .where('number', '=', number)
      .execute();
    await audit(tctx, 'recurring', number, 'update', { ...input });
  });
}

export async function pauseSeries(ctx: AppContext, number: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const row = await seriesRow(tctx.db, number, true);
    if (row.status === 'ended') throw ended(number);
    if (row.status === 'paused') return;
    await tctx.db.updateTable('recurring_series').set({ status: 'paused', updated_at: ctx.clock.timestamp() }).where('number', '=', number).execute();
    await audit(tctx, 'recurring', number, 'pause', {});
  });
}

/**
 * Resume a paused or stopped series: it goes on from today (occurrences that fell while it was paused or stopped are
 * not issued afterwards). A stopped series is checked again: a deleted customer still refuses it (400), a changed
 * product is taken as it is now.
 */
export async function resumeSeries(ctx: AppContext, number: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const row = await seriesRow(tctx.db, number, true);
    if (row.status === 'ended') throw ended(number);
    if (row.status === 'active') return;
    const t = JSON.parse(row.template) as Template;
    const stop = await healthOf(tctx, row, t);
    if (stop?.code === 'RECIPIENT_DELETED') throw validationError([fieldError('recipientNumber', 'RECIPIENT_DELETED', { number: row.recipient_number })]);
    const today = ctx.clock.today();
    const s = scheduleOf(row);
    let next = row.next_index;
    while (occurs(s, next) && occurrenceDate(s, next) < today) next++;
    let refreshed: { template: Template; total: number; currency: string } | null = null;
    if (stop) {
      refreshed = await checkSeries(tctx, {
        recipientNumber: row.recipient_number,
        items: t.items,
        interval: { unit: row.unit as IntervalUnit, every: row.every },
        startDate: row.start_date,
        invoiceText: t.invoiceText,
        ourReference: t.ourReference,
        yourReference: t.yourReference,
      });
    }
    await tctx.db
      .updateTable('recurring_series')
      .set({
        status: 'active',
        stop_code: null,
        stop_reason: null,
        next_index: next,
        confirm_through: null,
        ...(refreshed ? { template: JSON.stringify(refreshed.template), total: refreshed.total, currency: refreshed.currency } : {}),
        updated_at: ctx.clock.timestamp(),
      })
      .where('number', '=', number)
      .execute();
    await audit(tctx, 'recurring', number, 'resume', { skippedOccurrences: next - row.next_index });
  });
}

/** DELETE: the series ends; the invoices issued from it stay as they are. */
export async function endSeries(ctx: AppContext, number: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const row = await seriesRow(tctx.db, number, true);
    if (row.status === 'ended') return;
    await tctx.db.updateTable('recurring_series').set({ status: 'ended', updated_at: ctx.clock.timestamp() }).where('number', '=', number).execute();
    await audit(tctx, 'recurring', number, 'end', {});
  });
}

type ListRow = SeriesRow & { recipient_name: string; issued: number | string | bigint; last_invoice: number | null };

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('recurring_series as s')
    .innerJoin('recipients as r', 'r.number', 's.recipient_number')
    .selectAll('s')
    .select('r.name as recipient_name')
    .select((eb) => [
      eb.selectFrom('recurring_occurrences as o').select((e) => e.fn.countAll().as('c')).whereRef('o.series_number', '=', 's.number').as('issued'),
      eb.selectFrom('recurring_occurrences as o').select((e) => e.fn.max('o.invoice_number').as('m')).whereRef('o.series_number', '=', 's.number').as('last_invoice'),
    ]);
}

function statusOf(r: SeriesRow): RecurringStatus {
  if (r.status === 'active' && !occurs(scheduleOf(r), r.next_index)) return 'finished';
  return r.status as RecurringStatus;
}

function listView(r: ListRow, today: string): RecurringListItemView {
  const s = scheduleOf(r);
  const status = statusOf(r);
  const t = JSON.parse(r.template) as Template;
  const hasNext = status !== 'ended' && status !== 'finished' && occurs(s, r.next_index);
  return {
    number: r.number,
    recipientNumber: r.recipient_number,
    recipientName: r.recipient_name,
    interval: { unit: r.unit as IntervalUnit, every: r.every },
    startDate: r.start_date,
    endDate: r.end_date,
    count: r.occurrence_count,
    dueInDays: r.due_in_days,
    invoiceText: t.invoiceText ?? null,
    ourReference: t.ourReference ?? null,
    yourReference: t.yourReference ?? null,
    currency: r.currency,
    total: oreToKr(r.total),
    active: r.status === 'active',
    status,
    stopped: r.status === 'stopped' ? { code: r.stop_code ?? 'STOPPED', reason: r.stop_reason ?? '' } : null,
    nextDate: hasNext ? occurrenceDate(s, r.next_index) : null,
    nextPeriod: hasNext ? periodText(s, r.next_index) : null,
    awaitingConfirmation: r.confirm_through && r.status === 'active' ? occurrencesUpTo(s, today, r.next_index).length : 0,
    issuedCount: Number(r.issued ?? 0),
    lastInvoice: r.last_invoice === null ? null : Number(r.last_invoice),
    _links: { self: { uri: `/recurring/${r.number}` } },
  };
}

export async function listSeries(
  ctx: AppContext,
  q: { recipientNumber?: number; active?: boolean },
  limit: number,
  offset: number,
): Promise<{ items: RecurringListItemView[]; total: number }> {
  let base = ctx.db.selectFrom('recurring_series as s');
  if (q.recipientNumber !== undefined) base = base.where('s.recipient_number', '=', q.recipientNumber);
  if (q.active !== undefined) base = base.where('s.status', q.active ? '=' : '!=', 'active');
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  let rows = baseQuery(ctx.db);
  if (q.recipientNumber !== undefined) rows = rows.where('s.recipient_number', '=', q.recipientNumber);
  if (q.active !== undefined) rows = rows.where('s.status', q.active ? '=' : '!=', 'active');
  rows = rows.orderBy('s.number', 'desc');
  if (limit >= 0) rows = rows.limit(limit).offset(offset);
  const today = ctx.clock.today();
  return { items: (await rows.execute()).map((r) => listView(r as ListRow, today)), total };
}

export async function seriesInvoices(ctx: AppContext, number: number, limit: number, offset: number) {
  await seriesRow(ctx.db, number);
  const total = Number(
    (await ctx.db.selectFrom('recurring_occurrences').select((eb) => eb.fn.countAll().as('n')).where('series_number', '=', number).executeTakeFirst())?.n ?? 0,
  );
  let q = ctx.db
    .selectFrom('recurring_occurrences as o')
    .innerJoin('documents as d', 'd.id', 'o.document_id')
    .select(['o.occurrence_index', 'o.occurrence_date', 'o.period', 'o.invoice_number', 'd.total'])
    .where('o.series_number', '=', number)
    .orderBy('o.occurrence_index', 'desc');
  if (limit >= 0) q = q.limit(limit).offset(offset);
  const items = (await q.execute()).map((r) => ({ index: r.occurrence_index, date: r.occurrence_date, period: r.period, invoiceNumber: r.invoice_number, total: oreToKr(r.total) }));
  return { items, total };
}

export async function getSeries(ctx: AppContext, number: number): Promise<RecurringView> {
  const r = await baseQuery(ctx.db).where('s.number', '=', number).executeTakeFirst();
  if (!r) throw notFound('recurring', { number });
  const t = JSON.parse(r.template) as Template;
  const { items: invoices } = await seriesInvoices(ctx, number, 24, 0);
  const { _links, ...view } = listView(r as ListRow, ctx.clock.today());
  return {
    ...view,
    items: t.items,
    shipment: r.shipment ? JSON.parse(r.shipment) : null,
    invoices,
    _links: { ..._links, invoices: { uri: `/recurring/${number}/invoices` }, recipient: { uri: `/recipients/${r.recipient_number}` } },
  };
}
