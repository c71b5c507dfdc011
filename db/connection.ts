import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
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

/** The better-sqlite3 connection (and its statement cache) behind each Kysely instance openDatabase made. */
const rawOf = new WeakMap<Db, { raw: SqliteDatabase.Database; prepare(sql: string): SqliteDatabase.Statement }>();

/**
 * Bulk INSERT of many rows with one prepared statement run once per row, as better-sqlite3 is meant to be used.
 * Why not Kysely: a Kysely query is async and goes through its executor, plugins and driver for every row, and a
 * multi-row INSERT ... RETURNING (the fastest Kysely form) still cost about twice SQLite's own work for a 10,000-row
 * batch (issue 2's goal: at most 3x a plain prepared statement in one transaction). The SQL is still written by
 * Kysely (`build`), so it stays portable; only the loop runs on the connection directly.
 *
 * `db` must be the Kysely instance openDatabase returned, and the call must happen inside a transaction that holds its
 * one connection (ctx.db.transaction().execute(...)): the rows are then part of that transaction, and the loop is
 * synchronous, so nothing else runs on the connection meanwhile. Returns the new rowids in the order of `rows`, or
 * null when `db` has no known connection (the caller then inserts through Kysely).
 */
export function insertRowsFast(db: Db, sql: string, rows: Iterable<readonly unknown[]>): number[] | null {
  const conn = rawOf.get(db);
  if (!conn) return null;
  if (!conn.raw.inTransaction) throw new Error('insertRowsFast must run inside a transaction');
  const stmt = conn.prepare(sql);
  const ids: number[] = [];
  for (const params of rows) ids.push(Number(stmt.run(params).lastInsertRowid));
  return ids;
}

/**
 * Runs a read query that Kysely compiled (once, ahead) directly on the connection: for the hottest reads
 * (GET /recipients/{n}), where Kysely's per-query path (connection mutex, async driver call, result plugins) cost about
 * as much as SQLite's own work. Only when no transaction is open on the connection: a transaction of another request may
 * be waiting between its statements, and a read on the one connection would then see its uncommitted rows. Kysely
 * queues behind such a transaction; so does the caller, by getting null and running the query through Kysely. The call
 * is synchronous, so nothing can begin a transaction while it runs.
 */
export function selectFast<R>(db: Db, query: CompiledQuery): R[] | null {
  const conn = rawOf.get(db);
  if (!conn || conn.raw.inTransaction) return null;
  return conn.prepare(query.sql).all(query.parameters as unknown[]) as R[];
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
  const cached = withStatementCache(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  rawOf.set(db, { raw, prepare: cached.prepare });
  return {
    db,
    raw,
    async close() {
      await db.destroy();
    },
  };
}
