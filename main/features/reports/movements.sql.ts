/**
 * Ledger movements of the customer ledger (kundereskontro): issued invoices and the fees and interest of their reminders
 * (debit), credit notes, payments, refunds, credit transfers, losses, fees waived and reversals (credit; reversals and
 * refunds as negative credits), as one UNION ALL ordered by date, then invoices before what settles them, then id: the
 * parts of the claim (main/domain/claim.ts), so the closing balance is the claim's balance. Used by the sales ledger of one customer and the account overview of all customers.
 * NOK: an invoice in another currency counts in NOK as its open amount at the invoice's rate, rounded once (as in the
 * balance reports and the overview); each movement of such an invoice is the change of that rounded figure, so the
 * running balance always equals the sum of the open items and nothing drifts by an øre.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { ReportRow } from '../../render/report/report-table.js';
import { chunked } from './chunks.js';
import { addDays } from './dates.js';
import { openInvoicesAt } from './ledger.sql.js';
import type { Lang } from './report.types.js';

export interface MovementFilter {
  recipientNumber?: number;
  from?: string;
  to?: string;
}

function documentMoves(db: Kysely<Database>, f: MovementFilter, before?: string) {
  let q = db
    .selectFrom('documents as d')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .leftJoin('documents as inv', 'inv.id', 'd.credited_document_id')
    .where('d.number', 'is not', null)
    .where('d.kind', 'in', ['invoice', 'credit-note'])
    .select([
      'd.issue_date as date',
      sql<number>`(case when d.kind = 'invoice' then 0 else 1 end)`.as('seq'),
      'd.id as id',
      'd.kind as kind',
      'd.number as number',
      sql<number | null>`(case when d.kind = 'invoice' then d.number else inv.number end)`.as('invoice_number'),
      'd.recipient_number as recipient_number',
      'r.customer_number as customer_number',
      'r.name as name',
      sql<number>`(case when d.kind = 'invoice' then d.total else -d.total end)`.as('amount'),
      sql<number>`coalesce(inv.id, d.id)`.as('invoice_id'),
      'd.currency as currency',
      'd.exchange_rate_micro as rate',
    ]);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (before) q = q.where('d.issue_date', '<', before);
  if (f.from) q = q.where('d.issue_date', '>=', f.from);
  if (f.to) q = q.where('d.issue_date', '<=', f.to);
  return q;
}

function ledgerMoves(db: Kysely<Database>, f: MovementFilter, before?: string) {
  let q = db
    .selectFrom('ledger_entries as le')
    .innerJoin('documents as d', 'd.id', 'le.document_id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select([
      'le.date as date',
      sql<number>`2`.as('seq'),
      'le.id as id',
      'le.kind as kind',
      'd.number as number',
      'd.number as invoice_number',
      'd.recipient_number as recipient_number',
      'r.customer_number as customer_number',
      'r.name as name',
      sql<number>`-le.amount`.as('amount'),
      'd.id as invoice_id',
      'd.currency as currency',
      'd.exchange_rate_micro as rate',
    ]);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (before) q = q.where('le.date', '<', before);
  if (f.from) q = q.where('le.date', '>=', f.from);
  if (f.to) q = q.where('le.date', '<=', f.to);
  return q;
}

/** The reminder fee and late interest each dunning added to the claim (debit, dated the dunning's date). */
function dunningMoves(db: Kysely<Database>, f: MovementFilter, before?: string) {
  let q = db
    .selectFrom('dunnings as dn')
    .innerJoin('documents as d', 'd.id', 'dn.document_id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .where(sql<boolean>`dn.fee + dn.interest <> 0`)
    .select([
      'dn.dunning_date as date',
      sql<number>`1`.as('seq'),
      'dn.number as id',
      sql<string>`(case when dn.debt_collection_notice = 1 then 'debt-collection-notice' else 'reminder' end)`.as('kind'),
      'dn.number as number',
      'd.number as invoice_number',
      'd.recipient_number as recipient_number',
      'r.customer_number as customer_number',
      'r.name as name',
      sql<number>`dn.fee + dn.interest`.as('amount'),
      'd.id as invoice_id',
      'd.currency as currency',
      'd.exchange_rate_micro as rate',
    ]);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (before) q = q.where('dn.dunning_date', '<', before);
  if (f.from) q = q.where('dn.dunning_date', '>=', f.from);
  if (f.to) q = q.where('dn.dunning_date', '<=', f.to);
  return q;
}

/** SQL's round() of x * rate / 1e6: half away from zero. */
export const nokAt = (amount: number, rateMicro: number): number => {
  const v = (amount * rateMicro) / 1_000_000;
  return v < 0 ? -Math.round(-v) : Math.round(v);
};

/** The state at the start of `day`: the NOK balance (sum of open items the day before) and the open amount of each
 *  foreign-currency invoice. */
async function openingState(ctx: AppContext, f: MovementFilter, day: string) {
  const before = addDays(day, -1);
  const q = openInvoicesAt(ctx.db, before, f.recipientNumber).selectAll('o');
  let balance = 0;
  const foreign = new Map<number, number>();
  for (const r of await q.execute()) {
    balance += Number(r.open_nok);
    if (r.currency !== 'NOK') foreign.set(r.id, Number(r.open));
  }
  return { balance, foreign };
}

const TEXT: Record<Lang, Record<string, string>> = {
  nb: {
    invoice: 'Faktura',
    'credit-note': 'Kreditnota',
    reminder: 'Purring (gebyr og renter)',
    'debt-collection-notice': 'Inkassovarsel (gebyr og renter)',
    payment: 'Betaling',
    'payment-reversal': 'Tilbakeført betaling',
    refund: 'Tilbakebetalt til kunde',
    'credit-transfer-out': 'Kreditt flyttet til annen faktura',
    'credit-transfer-in': 'Kreditt flyttet fra annen faktura',
    loss: 'Tap',
    'loss-reversal': 'Tilbakeført tap',
    'fee-cancellation': 'Purregebyr frafalt ved tap',
    rounding: 'Øreavrunding',
    opening: 'Inngående saldo',
  },
  en: {
    invoice: 'Invoice',
    'credit-note': 'Credit note',
    reminder: 'Reminder (fee and interest)',
    'debt-collection-notice': 'Debt collection notice (fee and interest)',
    payment: 'Payment',
    'payment-reversal': 'Payment reversed',
    refund: 'Refunded to customer',
    'credit-transfer-out': 'Credit moved to another invoice',
    'credit-transfer-in': 'Credit moved from another invoice',
    loss: 'Loss',
    'loss-reversal': 'Loss reversed',
    'fee-cancellation': 'Reminder fees waived at write-off',
    rounding: 'Rounding',
    opening: 'Opening balance',
  },
};

/** Rows with debit/credit and a running balance that starts at the opening balance before `from` (one row for it first). */
export async function* movementRows(ctx: AppContext, f: MovementFilter, lang: Lang): AsyncGenerator<ReportRow[]> {
  const text = TEXT[lang];
  const state = f.from ? await openingState(ctx, f, f.from) : { balance: 0, foreign: new Map<number, number>() };
  let running = state.balance;
  const nokOf = (m: { amount: number; invoice_id: number; currency: string; rate: number }) => {
    if (m.currency === 'NOK') return Number(m.amount);
    const before = state.foreign.get(m.invoice_id) ?? 0;
    const after = before + Number(m.amount);
    state.foreign.set(m.invoice_id, after);
    return nokAt(after, m.rate) - nokAt(before, m.rate);
  };
  if (f.from) {
    yield [{ date: f.from, type: text.opening, documentNumber: null, invoiceNumber: null, recipientNumber: f.recipientNumber ?? null, customerNumber: null, name: null, debit: running > 0 ? running : 0, credit: running < 0 ? -running : 0, balance: running }];
  }
  yield* chunked(
    (limit, offset) =>
      ctx.db
        .selectFrom(documentMoves(ctx.db, f).unionAll(dunningMoves(ctx.db, f)).unionAll(ledgerMoves(ctx.db, f)).as('m'))
        .selectAll('m')
        .orderBy('m.date')
        .orderBy('m.seq')
        .orderBy('m.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    (rows) =>
      rows.map((m) => {
        const amount = nokOf(m);
        running += amount;
        return {
          date: m.date,
          type: text[m.kind] ?? m.kind,
          documentNumber: m.number,
          invoiceNumber: m.invoice_number,
          recipientNumber: m.recipient_number,
          customerNumber: m.customer_number,
          name: m.name,
          debit: amount > 0 ? amount : 0,
          credit: amount < 0 ? -amount : 0,
          balance: running,
        };
      }),
  );
}

export const MOVEMENT_COLUMNS = [
  { key: 'date', nb: 'Dato', en: 'Date', type: 'date', preselected: true },
  { key: 'type', nb: 'Bilagstype', en: 'Type', type: 'text', preselected: true },
  { key: 'documentNumber', nb: 'Bilagsnr.', en: 'Document no.', type: 'number', preselected: true },
  { key: 'invoiceNumber', nb: 'Fakturanr.', en: 'Invoice no.', type: 'number', preselected: true },
  { key: 'recipientNumber', nb: 'Mottakernr.', en: 'Recipient no.', type: 'number' },
  { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text' },
  { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text' },
  { key: 'debit', nb: 'Debet', en: 'Debit', type: 'money', preselected: true },
  { key: 'credit', nb: 'Kredit', en: 'Credit', type: 'money', preselected: true },
  { key: 'balance', nb: 'Saldo', en: 'Balance', type: 'money', preselected: true, sum: false },
] as const;
