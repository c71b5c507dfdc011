/**
 * The database connection a worker thread opens for a long read (reports, the SAF-T file): SQLite the same file again,
 * read-only (WAL lets it read beside the app's writes), PostgreSQL a connection of its own.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { openPostgres } from '../../../db/connection.js';
import { isPostgresUrl } from '../../../db/dialect.js';
import type { Database } from '../../../db/schema.js';

export async function openReadConnection(target: string): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (isPostgresUrl(target)) return openPostgres(target, { max: 1 });
  const binding = process.env.KVITT_SQLITE_BINDING;
  const raw = new SqliteDatabase(target, { readonly: true, fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  return { db, close: () => db.destroy() };
}

