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

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. The SQL text Kysely builds
 * is the same for the same query shape (values are parameters), so keep the most recently used statements.
 * Safe because Kysely runs one query at a time on its single connection.
 */
function withStatementCache(raw: SqliteDatabase.Database, max = 500) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => raw.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // re-insert: the Map's order is the recency order
      } else {
        stmt = raw.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  return {
    db,
    raw,
    async close() {
      await db.destroy();
    },
  };
}
