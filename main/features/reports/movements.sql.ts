/**
 * Ledger movements of the customer ledger (kundereskontro): issued invoices (debit), credit notes, payments, losses and
 * their reversals (credit; reversals as negative credits), each in NOK at its invoice's rate, as one UNION ALL ordered by
 * date, then invoices before what settles them, then id. Used by the sales ledger of one customer and the account
 * overview of all customers. Also the opening balance before a date (the same movements summed).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { ReportRow } from '../../documents/report/report-table.js';
import { chunked } from './chunks.js';
import { inNok } from './ledger.sql.js';
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
      sql<number>`(case when d.kind = 'invoice' then d.total_nok else -d.total_nok end)`.as('amount'),
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
      sql<number>`-${inNok(sql<number>`le.amount`)}`.as('amount'),
    ]);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (before) q = q.where('le.date', '<', before);
  if (f.from) q = q.where('le.date', '>=', f.from);
  if (f.to) q = q.where('le.date', '<=', f.to);
  return q;
}

/** The customer ledger balance (NOK øre) at the start of `day`: all movements dated before it. */
export async function openingBalance(ctx: AppContext, f: MovementFilter, day: string): Promise<number> {
  const base = { recipientNumber: f.recipientNumber };
  const r = await ctx.db
    .selectFrom(documentMoves(ctx.db, base, day).unionAll(ledgerMoves(ctx.db, base, day)).as('m'))
    .select(sql<number>`coalesce(sum(m.amount), 0)`.as('sum'))
    .executeTakeFirstOrThrow();
  return Number(r.sum);
}

const TEXT: Record<Lang, Record<string, string>> = {
  nb: { invoice: 'Faktura', 'credit-note': 'Kreditnota', payment: 'Betaling', 'payment-reversal': 'Tilbakeført betaling', loss: 'Tap', 'loss-reversal': 'Tilbakeført tap', opening: 'Inngående saldo' },
  en: { invoice: 'Invoice', 'credit-note': 'Credit note', payment: 'Payment', 'payment-reversal': 'Payment reversed', loss: 'Loss', 'loss-reversal': 'Loss reversed', opening: 'Opening balance' },
};

/** Rows with debit/credit and a running balance that starts at the opening balance before `from` (one row for it first). */
export async function* movementRows(ctx: AppContext, f: MovementFilter, lang: Lang): AsyncGenerator<ReportRow[]> {
  const text = TEXT[lang];
  let running = f.from ? await openingBalance(ctx, f, f.from) : 0;
  if (f.from) {
    yield [{ date: f.from, type: text.opening, documentNumber: null, invoiceNumber: null, recipientNumber: f.recipientNumber ?? null, customerNumber: null, name: null, debit: running > 0 ? running : 0, credit: running < 0 ? -running : 0, balance: running }];
  }
  yield* chunked(
    (limit, offset) =>
      ctx.db
        .selectFrom(documentMoves(ctx.db, f).unionAll(ledgerMoves(ctx.db, f)).as('m'))
        .selectAll('m')
        .orderBy('m.date')
        .orderBy('m.seq')
        .orderBy('m.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    (rows) =>
      rows.map((m) => {
        const amount = Number(m.amount);
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
