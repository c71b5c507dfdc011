import type { Kysely } from 'kysely';

/**
 * Sessions and the owner key (issue 22). Portable DDL.
 *
 * `sessions`: one row per browser login. The token is 256 random bits; only its SHA-256 (hex) is stored. `user_id` is
 * the users row, null for a login with the owner key or the start-up login link. Times are UTC ISO-8601
 * (`2026-03-15T12:00:00.000Z`, which compares as text). A session ends by deleting its row (logout, "Avslutt økt",
 * key renewal, a user disabled, demoted or deleted); an expired one (idle timeout, absolute lifetime, both in
 * Settings → API) is refused and deleted when it is next presented or when sessions are listed.
 *
 * `owner_key`: the SHA-256 of the owner API key of a PostgreSQL (office) database, one row (id 1), so every server
 * process on one database accepts the same key and a renewal in one process holds in all (main/owner-key.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('client', 'text') // the browser's User-Agent, shortened, so a person can tell their sessions apart
    .execute();
  await db.schema.createIndex('sessions_token_hash').on('sessions').column('token_hash').unique().execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema
    .createTable('owner_key')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
