import type { Kysely } from 'kysely';

/**
 * The signup page's proof-of-work challenge (issue 23, docs/public-signup.md): `signup_pow_key` holds the database's
 * own secret the challenges are signed with (one row, made on first use), so any server process on the database checks
 * any challenge; `signup_pow_spent` the challenges already used (primary key: one use each, also across processes),
 * deleted once past their expiry. Portable DDL only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_pow_key')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('signup_pow_spent')
    .addColumn('challenge_id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_pow_spent_expires_at').on('signup_pow_spent').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
