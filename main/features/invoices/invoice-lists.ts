/**
 * Invoice and credit-note lists: filtered, ordered by number descending, paged in SQL (LIMIT/OFFSET with a SQL
 * count) or streamed whole in keyset chunks of 500 (a few queries per chunk), and summed with SQL aggregates.
 * States are computed at today (ctx.clock) in the WHERE clause, never stored.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { InvoiceState } from '../../domain/invoice-state.js';
import { oreToKr } from '../../domain/money.js';
import { fieldError, validationError } from '../../ops/errors.js';
import type { DocumentKind } from '../documents/core.js';
import { outstandingNok, toRefundNok } from './claim.sql.js';
import { creditNoteShaper, creditNoteShapes, draftShapes, invoiceShaper, invoiceShapes, stateShape, type DocWithBalance } from './invoices.read.js';
import { docSearchWhere, searchWhere, sortExpression, type InvoiceSort, type SortDir } from './invoice-search.sql.js';
import { INVOICE_KINDS } from '../documents/core.js';
import { stateWhere } from './invoice-state.sql.js';

export interface InvoiceFilter {
  state?: InvoiceState;
  withState?: boolean;
  recipientNumber?: number;
  from?: string;
  to?: string;
  /** Search: number, KID, customer, amount (invoice-search.sql.ts). */
  q?: string;
  sort?: InvoiceSort;
  dir?: SortDir;
}

/** A sort other than the default (number, newest first). */
const customSort = (f: InvoiceFilter) => (f.sort !== undefined && f.sort !== 'number') || f.dir === 'asc';
const BALANCE_COLUMNS = ['b.balance', 'b.lost', 'b.paid_total', 'b.credited_total', 'b.lost_total', 'b.fees_total', 'b.interest_total'] as const;

const CHUNK = 500;

function invoicesQuery(db: Kysely<Database>, f: InvoiceFilter, today: string) {
  let q = db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'is not', null);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (f.from) q = q.where('d.issue_date', '>=', f.from);
  if (f.to) q = q.where('d.issue_date', '<=', f.to);
  if (f.state) {
    const state = f.state;
    q = q.where((eb) => stateWhere(eb, state, today));
  }
  const search = f.q?.trim();
  if (search) q = q.where((eb) => searchWhere(eb, search));
  return q;
}

function sortedPage(db: Kysely<Database>, f: InvoiceFilter, today: string, limit: number, offset: number) {
  const dir = f.dir ?? 'desc';
  return invoicesQuery(db, f, today)
    .selectAll('d')
    .select([...BALANCE_COLUMNS])
    .orderBy(sortExpression(f.sort ?? 'number'), dir)
    .orderBy('d.number', dir)
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function listInvoices(ctx: AppContext, f: InvoiceFilter, limit: number, offset: number) {
  const today = ctx.clock.today();
  const count = await invoicesQuery(ctx.db, f, today).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  const page = () => invoicesQuery(ctx.db, f, today).selectAll('d').select([...BALANCE_COLUMNS]);
  let rows: Awaited<ReturnType<ReturnType<typeof page>['execute']>>;
  if (limit >= 0 && offset >= total) rows = [];
  else if (customSort(f)) rows = await sortedPage(ctx.db, f, today, limit, offset);
  else if (limit >= 0 && offset > total / 2) {
    // A page past the middle is read from the other end, so the database skips the fewer rows behind it
    // (page 1,000 of 1,400 costs like page 400, not like reading 50,000 rows to throw them away).
    const end = Math.min(offset + limit, total);
    rows = (await page().orderBy('d.number', 'asc').limit(end - offset).offset(total - end).execute()).reverse();
  } else rows = await page().orderBy('d.number', 'desc').limit(limit).offset(offset).execute();
  return { items: await shapesWithState(ctx, f, rows as DocWithBalance[], today), total };
}

/** The 2.2 shapes, plus `state` when the caller asked for it (withState). */
async function shapesWithState(ctx: AppContext, f: InvoiceFilter, rows: DocWithBalance[], today: string) {
  const items = await invoiceShapes(ctx.db, rows);
  if (!f.withState) return items;
  return items.map((item, i) => ({ ...item, ...stateShape(rows[i], today) }));
}

/** shapesWithState for a stream: each row shaped only when the stream reaches it (invoiceShaper says why). */
async function* shapedOneByOne(ctx: AppContext, f: InvoiceFilter, rows: DocWithBalance[], today: string) {
  const shape = await invoiceShaper(ctx.db, rows);
  for (const row of rows) yield f.withState ? { ...shape(row), ...stateShape(row, today) } : shape(row);
}

export async function* streamInvoices(ctx: AppContext, f: InvoiceFilter) {
  const today = ctx.clock.today();
  if (customSort(f)) {
    // Another order than by number: chunks by offset in that order.
    for (let offset = 0; ; offset += CHUNK) {
      const rows = await sortedPage(ctx.db, f, today, CHUNK, offset);
      yield* shapedOneByOne(ctx, f, rows as DocWithBalance[], today);
      if (rows.length < CHUNK) return;
    }
  }
  let after: number | null = null;
  for (;;) {
    let q = invoicesQuery(ctx.db, f, today).selectAll('d').select([...BALANCE_COLUMNS]);
    if (after !== null) q = q.where('d.number', '<', after);
    const rows = await q.orderBy('d.number', 'desc').limit(CHUNK).execute();
    if (!rows.length) return;
    yield* shapedOneByOne(ctx, f, rows as DocWithBalance[], today);
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1].number!;
  }
}

function creditNotesQuery(db: Kysely<Database>, f: InvoiceFilter) {
  let q = db.selectFrom('documents as d').where('d.kind', '=', 'credit-note').where('d.number', 'is not', null);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (f.from) q = q.where('d.issue_date', '>=', f.from);
  if (f.to) q = q.where('d.issue_date', '<=', f.to);
  const search = f.q?.trim();
  if (search) q = q.where((eb) => docSearchWhere(eb, search));
  return q;
}

export async function listCreditNotes(ctx: AppContext, f: InvoiceFilter, limit: number, offset: number) {
  if (f.sort === 'due' || f.sort === 'balance') throw validationError([fieldError('sort', 'INVALID_SORT')]);
  const dir = f.dir ?? 'desc';
  const [rows, count] = await Promise.all([
    customSort(f)
      ? creditNotesQuery(ctx.db, f).selectAll('d').orderBy(sortExpression(f.sort ?? 'number'), dir).orderBy('d.number', dir).limit(limit).offset(offset).execute()
      : creditNotesQuery(ctx.db, f).selectAll('d').orderBy('d.number', 'desc').limit(limit).offset(offset).execute(),
    creditNotesQuery(ctx.db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await creditNoteShapes(ctx.db, rows), total: Number(count.n) };
}

export async function* streamCreditNotes(ctx: AppContext, f: InvoiceFilter) {
  if (customSort(f)) {
    for (let offset = 0; ; offset += CHUNK) {
      const { items } = await listCreditNotes(ctx, f, CHUNK, offset);
      yield* items;
      if (items.length < CHUNK) return;
    }
  }
  let after: number | null = null;
  for (;;) {
    let q = creditNotesQuery(ctx.db, f).selectAll('d');
    if (after !== null) q = q.where('d.number', '<', after);
    const rows = await q.orderBy('d.number', 'desc').limit(CHUNK).execute();
    if (!rows.length) return;
    const shape = await creditNoteShaper(ctx.db, rows);
    for (const row of rows) yield shape(row); // shaped as written (invoiceShaper says why)
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1].number!;
  }
}

function draftsQuery(db: Kysely<Database>, kinds: readonly DocumentKind[], f: InvoiceFilter) {
  let q = db.selectFrom('documents as d').where('d.number', 'is', null).where('d.kind', 'in', kinds as DocumentKind[]);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  return q;
}

/** Drafts, newest first. */
export async function listDrafts(ctx: AppContext, kinds: readonly DocumentKind[], f: InvoiceFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    draftsQuery(ctx.db, kinds, f).selectAll('d').orderBy('d.id', 'desc').limit(limit).offset(offset).execute(),
    draftsQuery(ctx.db, kinds, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await draftShapes(ctx.db, rows), total: Number(count.n) };
}

export async function* streamDrafts(ctx: AppContext, kinds: readonly DocumentKind[], f: InvoiceFilter) {
  let after: number | null = null;
  for (;;) {
    let q = draftsQuery(ctx.db, kinds, f).selectAll('d');
    if (after !== null) q = q.where('d.id', '<', after);
    const rows = await q.orderBy('d.id', 'desc').limit(CHUNK).execute();
    if (!rows.length) return;
    yield* await draftShapes(ctx.db, rows);
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1].id;
  }
}

export type SumsState = 'all' | 'draft' | InvoiceState | 'credit-notes';

/**
 * Count, total and open balance of a list, as one SQL aggregate. Figures in NOK (documents in other currencies are
 * converted at their own exchange rate), so lists mixing currencies add up.
 */
export async function listSums(ctx: AppContext, state: SumsState, f: InvoiceFilter): Promise<{ count: number; total: number; balance: number; toRefund: number }> {
  const db = ctx.db;
  if (state === 'draft' || state === 'credit-notes') {
    let q =
      state === 'draft'
        ? draftsQuery(db, INVOICE_KINDS, f)
        : creditNotesQuery(db, f);
    if (state === 'draft') {
      if (f.from) q = q.where('d.issue_date', '>=', f.from);
      if (f.to) q = q.where('d.issue_date', '<=', f.to);
    }
    // A credit-note draft counts against the invoice drafts it sits among.
    const r = await q
      .select([
        sql<number>`count(*)`.as('count'),
        (state === 'draft' ? sql<number>`coalesce(sum(case when d.kind = 'credit-note' then -d.total_nok else d.total_nok end), 0)` : sql<number>`coalesce(sum(d.total_nok), 0)`).as('total'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(r.count), total: oreToKr(Number(r.total)), balance: 0, toRefund: 0 };
  }
  const r = await invoicesQuery(db, { ...f, state: state === 'all' ? undefined : state }, ctx.clock.today())
    .select([
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(d.total_nok), 0)`.as('total'),
      sql<number>`coalesce(sum(${outstandingNok}), 0)`.as('balance'),
      sql<number>`coalesce(sum(${toRefundNok}), 0)`.as('toRefund'),
    ])
    .executeTakeFirstOrThrow();
  // Outstanding is what customers owe; what they have to get back (negative balances) is its own figure, never netted.
  return { count: Number(r.count), total: oreToKr(Number(r.total)), balance: oreToKr(Number(r.balance)), toRefund: oreToKr(Number(r.toRefund)) };
}
