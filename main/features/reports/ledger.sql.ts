/**
 * SQL pieces the ledger reports share (portable through Kysely: correlated sub-selects, coalesce, case, round):
 * what an issued invoice was owed at the end of a day, and amounts converted to NOK at the invoice's own rate.
 * Queries using them join `documents as d`.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Øre of the ledger (payments, losses and their reversals) dated up to `day`, for invoice d. */
export const ledgerUpTo = (day: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(le.amount) from ledger_entries le where le.document_id = d.id and le.date <= ${day}), 0)`;

/** Øre credited by credit notes issued up to `day`, for invoice d. */
export const creditedUpTo = (day: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(cn.total) from documents cn where cn.kind = 'credit-note' and cn.number is not null and cn.credited_document_id = d.id and cn.issue_date <= ${day}), 0)`;

/** The open claim of invoice d at the end of `day` (document currency øre): total less payments, credits and losses by then. */
export const openAt = (day: string): RawBuilder<number> => sql<number>`(d.total - ${ledgerUpTo(day)} - ${creditedUpTo(day)})`;

/** An amount of invoice d's currency in NOK øre at the invoice's exchange rate. */
export const inNok = (amount: Expression<number> | RawBuilder<number>): RawBuilder<number> =>
  sql<number>`(case when d.currency = 'NOK' then ${amount} else round(${amount} * d.exchange_rate_micro / 1000000.0) end)`;

/** Issued invoices (not credit notes) dated up to `day`, with each one's open claim at `day` in NOK øre, not zero. */
export function openInvoicesAt(db: Kysely<Database>, day: string) {
  return db
    .selectFrom((qb) =>
      qb
        .selectFrom('documents as d')
        .where('d.kind', '=', 'invoice')
        .where('d.number', 'is not', null)
        .where('d.issue_date', '<=', day)
        .select(['d.id', 'd.number', 'd.recipient_number', 'd.issue_date', 'd.due_date', 'd.kid', 'd.currency', 'd.total', 'd.total_nok'])
        .select([openAt(day).as('open'), inNok(openAt(day)).as('open_nok')])
        .as('o'),
    )
    .where('o.open', '!=', 0);
}
