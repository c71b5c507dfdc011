import type { Kysely } from 'kysely';

/**
 * First-hour fixes (issue 8): a negative balance (overpayment, credit after payment) is settled by a refund or by moving
 * the credit to another open invoice of the same customer. Both are ledger entries (kinds refund, credit-transfer-out,
 * credit-transfer-in); a move is two entries, one on each invoice, each naming the other invoice here. The ledger stays
 * append-only (the triggers of 0002 still refuse UPDATE and DELETE).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_entries').addColumn('counterpart_document_id', 'integer', (c) => c.references('documents.id')).execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
