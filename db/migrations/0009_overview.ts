import type { Kysely } from 'kysely';

/**
 * The overviews sum documents by kind and date (GET /overview/invoices, the revenue graph, the summary, the balance)
 * and page them by date. With (kind, issue_date, number) alone every counted document was read from the table for its
 * due date and amounts: the documents row is wide (party snapshots), so over 100,000 invoices a year's groups took
 * ~270 ms and the balance ~880 ms. This index carries what the aggregates read, so they are answered from the index;
 * it replaces (kind, issue_date, number), which is its prefix. The ledger's (kind, date) index likewise gains the
 * amounts the revenue graph sums by month.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('documents_kind_date_figures')
    .on('documents')
    .columns(['kind', 'issue_date', 'number', 'due_date', 'expiry_date', 'currency', 'exchange_rate_micro', 'total_nok', 'tax_nok'])
    .execute();
  await db.schema.dropIndex('documents_kind_date').execute();
  await db.schema.createIndex('ledger_entries_kind_date_amounts').on('ledger_entries').columns(['kind', 'date', 'document_id', 'amount', 'currency_amount']).execute();
  await db.schema.dropIndex('ledger_entries_date').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
