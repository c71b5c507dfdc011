import type { Kysely } from 'kysely';

/**
 * Why a shipment waits or failed, by code: `outbox.last_error_code` holds the catalogue code of `last_error`
 * (main/ops/error-codes.ts, e.g. SMTP_NOT_SET_UP: the shipment waits for Innstillinger → E-post) and
 * `last_error_params` its parameters as JSON, so clients word the reason in their own language instead of matching the
 * English text. Both null when the text has no code (an unexpected error) or there is no error. Rows written before keep
 * their text and no code. Portable DDL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('last_error_code', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('last_error_params', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
