import type { Kysely } from 'kysely';

/**
 * The event signup captcha (issue 14): issued challenges live in the database, not in one process's memory, so a token
 * survives a restart and works across several server processes on one database (office mode). `token` is a random
 * 128-bit id (the only thing the client gets besides the question), `answer` what it expects, `expires_at` a clock
 * timestamp (YYYY-MM-DD HH:MM:SS). A check deletes the row it reads, so each token is used once, right or wrong; expired
 * rows are deleted whenever a new challenge is issued (index on expires_at). Portable DDL only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_challenges')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('event_public_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_challenges_expires_at').on('signup_challenges').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
