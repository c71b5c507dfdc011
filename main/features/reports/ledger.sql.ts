/**
 * SQL pieces the ledger reports share (portable through Kysely: correlated sub-selects, coalesce, case, round):
 * what an issued invoice was owed at the end of a day (its whole claim: principal, fees, interest, less payments,
 * credits and write-offs), and amounts converted to NOK at the invoice's own rate.
 * Queries using them join `documents as d`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { balanceAt as openAt, inNok, invoicesWithClaimAt } from '../invoices/index.js';

/** The claim at the end of a day and NOK conversion: the claim's own SQL (main/features/invoices/claim.sql.ts). */
export { inNok };

/**
 * Issued invoices (not credit notes) dated up to `day` (of one customer, when asked), with each one's open claim at
 * `day` in NOK øre, not zero.
 */
export function openInvoicesAt(db: Kysely<Database>, day: string, recipientNumber?: number) {
  return db
    .selectFrom(
      invoicesWithClaimAt(db, day, recipientNumber)
        .select(['d.id', 'd.number', 'd.recipient_number', 'd.issue_date', 'd.due_date', 'd.kid', 'd.currency', 'd.total', 'd.total_nok'])
        .select([openAt.as('open'), inNok(openAt).as('open_nok')])
        .as('o'),
    )
    .where('o.open', '!=', 0);
}
