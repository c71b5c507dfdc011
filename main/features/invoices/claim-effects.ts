/** What a write-off does to the reminder part of an invoice's claim (contract section 3). */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { openParts } from '../../domain/claim.js';

/**
 * Writing an invoice off as lost cancels its unpaid dunning fees (they are not a loss, they were never owed on their
 * own): the fees leave the claim and the balance. Call it in the write-off's transaction, before the loss is booked;
 * returns the øre cancelled. A reversed write-off does not bring the fees back.
 */
export async function cancelOpenFees(trx: Kysely<Database>, documentId: number): Promise<number> {
  const b = await trx
    .selectFrom('invoice_balances')
    .select(['balance', 'paid_total', 'fees_total', 'interest_total'])
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  const { fees } = openParts(b);
  if (fees === 0) return 0;
  await trx
    .updateTable('invoice_balances')
    .set({ balance: b.balance - fees, fees_total: b.fees_total - fees })
    .where('document_id', '=', documentId)
    .execute();
  return fees;
}
