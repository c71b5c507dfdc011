/**
 * Reading dunnings: the 2.7 shape (exactly; `withDetails` adds the desktop app's extras), one dunning, the paged or
 * streamed list. Built for many dunnings at once with a fixed number of queries (the sibling links of a page in one).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, DunningsTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { invoiceState } from '../../domain/invoice-state.js';
import type { InterestPart } from '../../domain/late-interest.js';
import { fromScaled, oreToKr } from '../../domain/money.js';
import { notFound } from '../../ops/errors.js';
import type { DunningDetails, DunningView } from './dunnings.schema.js';
import { storedReason, storedRefusal } from './fee-refusal.js';

const CHUNK = 500;

export interface DunningFilter {
  invoiceNumber?: number;
  recipientNumber?: number;
  from?: string;
  to?: string;
}

export type DunningRow = Selectable<DunningsTable> & {
  invoice_number: number;
  invoice_due_date: string | null;
  balance: number;
  lost: number;
  recipient_name: string;
};

function dunningsQuery(db: Kysely<Database>, f: DunningFilter) {
  let q = db
    .selectFrom('dunnings as x')
    .innerJoin('documents as d', 'd.id', 'x.document_id')
    .innerJoin('invoice_balances as b', 'b.document_id', 'x.document_id')
    .innerJoin('recipients as r', 'r.number', 'x.recipient_number');
  if (f.invoiceNumber !== undefined) q = q.where('d.kind', '=', 'invoice').where('d.number', '=', f.invoiceNumber);
  if (f.recipientNumber !== undefined) q = q.where('x.recipient_number', '=', f.recipientNumber);
  if (f.from) q = q.where('x.dunning_date', '>=', f.from);
  if (f.to) q = q.where('x.dunning_date', '<=', f.to);
  return q;
}

const rowsQuery = (db: Kysely<Database>, f: DunningFilter) =>
  dunningsQuery(db, f)
    .selectAll('x')
    .select(['d.number as invoice_number', 'd.due_date as invoice_due_date', 'b.balance', 'b.lost', 'r.name as recipient_name']);

/** Every dunning of the given invoices, in order: the `invoiceDunnings` links. */
async function siblingsOf(db: Kysely<Database>, documentIds: number[]) {
  const out = new Map<number, { dunningNumber: number; uri: string }[]>();
  const ids = [...new Set(documentIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('dunnings')
      .select(['document_id', 'number', 'dunning_number'])
      .where('document_id', 'in', ids.slice(i, i + CHUNK))
      .orderBy('document_id')
      .orderBy('dunning_number')
      .execute();
    for (const r of rows) {
      const link = { dunningNumber: r.dunning_number, uri: `/dunnings/${r.number}` };
      const list = out.get(r.document_id);
      if (list) list.push(link);
      else out.set(r.document_id, [link]);
    }
  }
  return out;
}

function details(r: DunningRow, today: string): DunningDetails {
  const parts = JSON.parse(r.interest_parts) as InterestPart[];
  return {
    recipient: { number: r.recipient_number, name: r.recipient_name },
    currency: r.currency,
    feeRefusedReason: storedReason(r),
    feeRefused: storedRefusal(r),
    interestPeriod:
      r.interest_from && r.interest_to
        ? {
            from: r.interest_from,
            to: r.interest_to,
            principal: oreToKr(r.interest_principal),
            parts: parts.map((p) => ({ from: p.from, to: p.to, days: p.days, rate: fromScaled(p.rate, 2), principal: oreToKr(p.principal ?? r.interest_principal), interest: oreToKr(p.interest) })),
          }
        : null,
    automatic: r.automatic === 1,
    interestNote: r.interest_note === 1,
    invoiceState: invoiceState(r.balance, r.invoice_due_date, r.lost === 1, today),
    invoiceCurrentBalance: oreToKr(r.balance),
  };
}

export async function dunningViews(ctx: AppContext, rows: DunningRow[], withDetails = false): Promise<(DunningView & Partial<DunningDetails>)[]> {
  const siblings = await siblingsOf(ctx.db, rows.map((r) => r.document_id));
  const today = ctx.clock.today();
  return rows.map((r) => {
    const view: DunningView = {
      number: r.number,
      dunningNumber: r.dunning_number,
      invoiceNumber: r.invoice_number,
      dunningText: r.dunning_text,
      dunningFee: oreToKr(r.fee),
      total: oreToKr(r.invoice_balance + r.fee + r.interest),
      interestRate: r.interest_rate === null ? 0 : fromScaled(r.interest_rate, 2),
      interest: oreToKr(r.interest),
      dunningDate: r.dunning_date,
      dueDate: r.due_date,
      debtCollectionNotice: r.debt_collection_notice === 1,
      invoiceBalance: oreToKr(r.invoice_balance),
      invoiceBalanceDate: r.invoice_balance_date,
      _links: {
        pdf: { uri: `/dunnings/${r.number}/pdf` },
        invoiceDunnings: siblings.get(r.document_id) ?? [],
        self: { uri: `/dunnings/${r.number}` },
        dunnedInvoice: { uri: `/invoices/${r.invoice_number}` },
        sendAgain: { uri: `/dunnings/${r.number}/send` },
      },
    };
    return withDetails ? { ...view, ...details(r, today) } : view;
  });
}

export async function dunningRow(db: Kysely<Database>, number: number): Promise<DunningRow | undefined> {
  return (await rowsQuery(db, {}).where('x.number', '=', number).executeTakeFirst()) as DunningRow | undefined;
}

export async function getDunning(ctx: AppContext, number: number, withDetails = false) {
  const row = await dunningRow(ctx.db, number);
  if (!row) throw notFound('dunning', { number });
  return (await dunningViews(ctx, [row], withDetails))[0];
}

export async function listDunnings(ctx: AppContext, f: DunningFilter, withDetails: boolean, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    rowsQuery(ctx.db, f).orderBy('x.number', 'desc').limit(limit).offset(offset).execute(),
    dunningsQuery(ctx.db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await dunningViews(ctx, rows as DunningRow[], withDetails), total: Number(count.n) };
}

export async function* streamDunnings(ctx: AppContext, f: DunningFilter, withDetails: boolean) {
  let after: number | null = null;
  for (;;) {
    let q = rowsQuery(ctx.db, f);
    if (after !== null) q = q.where('x.number', '<', after);
    const rows = (await q.orderBy('x.number', 'desc').limit(CHUNK).execute()) as DunningRow[];
    if (!rows.length) return;
    yield* await dunningViews(ctx, rows, withDetails);
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1].number;
  }
}
