import type { Kysely } from 'kysely';

/**
 * Recurring invoices (issue 26, docs/recurring.md).
 * - `recurring_series`: one row per series: the recipient, the schedule (unit, every, start, end date or count), the
 *   invoice template (JSON: items, texts, references, the product values the items rely on), the delivery options
 *   (JSON), its status (active, paused, stopped with a reason, ended), the index of its next occurrence and, when a
 *   run found more than three missed occurrences, the day up to which occurrences wait for the user's confirmation.
 * - `recurring_occurrences`: one row per issued occurrence, written in the transaction that issues its invoice; the
 *   primary key (series, index) is what makes an occurrence issue once, whatever the processes and runs.
 * Portable DDL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recurring_series')
    .addColumn('number', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('recipient_number', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('every', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('occurrence_count', 'integer')
    .addColumn('due_in_days', 'integer')
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('shipment', 'text')
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stop_code', 'text')
    .addColumn('stop_reason', 'text')
    .addColumn('next_index', 'integer', (c) => c.notNull())
    .addColumn('confirm_through', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recurring_series_recipient').on('recurring_series').columns(['recipient_number', 'number']).execute();
  await db.schema.createIndex('recurring_series_status').on('recurring_series').columns(['status', 'number']).execute();
  await db.schema
    .createTable('recurring_occurrences')
    .addColumn('series_number', 'integer', (c) => c.notNull())
    .addColumn('occurrence_index', 'integer', (c) => c.notNull())
    .addColumn('occurrence_date', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('invoice_number', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recurring_occurrences_once', ['series_number', 'occurrence_index'])
    .execute();
  await db.schema.createIndex('recurring_occurrences_document').on('recurring_occurrences').column('document_id').unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
