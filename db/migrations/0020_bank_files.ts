import type { Kysely } from 'kysely';

/**
 * Payments in from the bank (issue 25, docs/bank-files.md):
 * - bank_files: one row per imported file (OCR giro, camt.054, camt.053), with how many transactions it held and how
 *   many of them were already imported (duplicates, not stored again);
 * - bank_transactions: one row per transaction; `dedup_key` is unique, so the same transaction can never be stored (and
 *   paid) twice: the bank's reference (camt AcctSvcrRef), or for OCR oppgjørsdato + løpenummer + amount + KID. A matched
 *   transaction names the invoice and the ledger entry of its payment;
 * - documents.kid indexed: payments find their invoice by KID.
 * Portable DDL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_files')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('transactions', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bank_transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('bank_file_id', 'integer', (c) => c.notNull().references('bank_files.id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('dedup_key', 'text', (c) => c.notNull().unique())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('booking_date', 'text')
    .addColumn('value_date', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('account', 'text')
    .addColumn('kid', 'text')
    .addColumn('reference', 'text')
    .addColumn('end_to_end_id', 'text')
    .addColumn('payer_name', 'text')
    .addColumn('payer_account', 'text')
    .addColumn('message', 'text')
    .addColumn('kind', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('ledger_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_transactions_file').on('bank_transactions').columns(['bank_file_id', 'id']).execute();
  await db.schema.createIndex('bank_transactions_status').on('bank_transactions').columns(['status', 'id']).execute();
  await db.schema.createIndex('bank_transactions_entry').on('bank_transactions').column('ledger_entry_id').execute();
  await db.schema.createIndex('documents_kid').ifNotExists().on('documents').column('kid').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
