import type { Kysely } from 'kysely';

/**
 * The SAF-T file and the journal read every claim movement in date order, a page at a time (keyset on (date, id):
 * main/features/accounting/journal.sources.ts). Without an index in that order each page read and sorted every
 * document (or ledger entry) from the page's date on, so the work grew with the square of the history and small pages
 * were unaffordable. These two indexes let a page start at its key and stop after its rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('documents_kind_issue_date_id').on('documents').columns(['kind', 'issue_date', 'id']).execute();
  await db.schema.createIndex('ledger_entries_date_id').on('ledger_entries').columns(['date', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
