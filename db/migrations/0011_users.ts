import type { Kysely } from 'kysely';

/**
 * Office server (issue 9): people with their own API key and a role, and who made each audited change.
 * Portable DDL only (OFFICE runs every migration on SQLite and PostgreSQL): text and integer columns, no raw SQL.
 * A key is stored as its SHA-256 (hex); the key itself is shown once when it is made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull()) // owner | bookkeeper
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_key_hash').on('users').column('key_hash').unique().execute();
  await db.schema.createIndex('users_name').on('users').column('name').unique().execute();
  // null: a change made by the desktop app itself or by the background jobs (sender, daily runs).
  await db.schema.alterTable('audit_log').addColumn('actor', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
