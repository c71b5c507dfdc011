import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  /** The raw connection, for the few things Kysely does not cover (backup, pragmas, benchmarks). */
  raw: SqliteDatabase.Database;
  close(): Promise<void>;
}

/** Opens (or creates) the SQLite file. `:memory:` gives a private in-memory database. */
export function openDatabase(file: string): OpenedDatabase {
  // The Electron entry points KVITT_SQLITE_BINDING at a build of better-sqlite3 for Electron's ABI.
  const binding = process.env.KVITT_SQLITE_BINDING;
  const raw = new SqliteDatabase(file, binding ? { nativeBinding: binding } : {});
  if (file !== ':memory:') raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = FULL'); // accounting data: durability over speed
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  return {
    db,
    raw,
    async close() {
      await db.destroy();
    },
  };
}
