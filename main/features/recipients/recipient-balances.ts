import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { outstandingNok } from '../invoices/index.js';

/**
 * What each customer owes: the sum of the open (positive) balances of their issued invoices (the claim's `outstanding`,
 * incl. reminder fees and interest; main/features/invoices/claim.sql.ts), in NOK øre (other
 * currencies at the invoice's own rate), as the customer page's "Utestående" counts it (listSums). One grouped
 * query over invoice_balances, portable SQL (SQLite and PostgreSQL).
 */
export function openBalancesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'is not', null)
    .where('b.balance', '>', 0)
    .select([
      'd.recipient_number as recipient',
      sql<number>`sum(${outstandingNok})`.as('open'),
    ])
    .groupBy('d.recipient_number');
}

/** Open balances (øre) of the given customers, one grouped query; customers without open invoices are absent. */
export async function openBalancesOf(db: Kysely<Database>, numbers: number[]): Promise<Map<number, number>> {
  if (!numbers.length) return new Map();
  const rows = await openBalancesQuery(db).where('d.recipient_number', 'in', numbers).execute();
  return new Map(rows.map((r) => [Number(r.recipient), Number(r.open)]));
}
