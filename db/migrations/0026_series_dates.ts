import type { Kysely } from 'kysely';

/**
 * Numbers follow dates (bokføringsforskriften): issuing an invoice or credit note reads the latest date issued in its
 * series (main/features/documents/document-date.ts). This index makes that one lookup at the end of the series'
 * entries instead of a scan of every document in it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('documents_series_issue_date').on('documents').columns(['series', 'issue_date']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
