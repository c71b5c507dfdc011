import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type QueryResult } from 'kysely';
import pg from 'pg';
import { isPostgresUrl, PostgresSchemaPlugin, SqliteNoRowLocksPlugin } from './dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: 'sqlite' | 'postgres';
  /** The raw SQLite connection, for the few things Kysely does not cover (backup, pragmas, benchmarks); on PostgreSQL a stand-in that throws. */
  raw: SqliteDatabase.Database;
  /** PostgreSQL only: the connection pool. */
  pool?: pg.Pool;
  /**
   * SQLite file, when asked for (openDatabase's `reader`): a second, read-only connection to the same file. In WAL mode
   * its reads see the last commit and never wait for the writer's open transaction (runOp runs GET operations on it).
   */
  readDb?: Db;
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

/**
 * The better-sqlite3 connection (and its statement cache) behind each Kysely instance openDatabase made, keyed by its
 * adapter: a transaction of that instance (inTx's `tctx.db`) shares the adapter, so it finds the same connection.
 */
const rawByAdapter = new WeakMap<object, { raw: SqliteDatabase.Database; prepare(sql: string): SqliteDatabase.Statement }>();
const rawOf = { get: (db: Kysely<any>) => rawByAdapter.get(db.getExecutor().adapter) }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Bulk INSERT of many rows with one prepared statement run once per row, as better-sqlite3 is meant to be used.
 * Why not Kysely: a Kysely query is async and goes through its executor, plugins and driver for every row, and a
 * multi-row INSERT ... RETURNING (the fastest Kysely form) still cost about twice SQLite's own work for a 10,000-row
 * batch (issue 2's goal: at most 3x a plain prepared statement in one transaction). The SQL is still written by
 * Kysely (`build`), so it stays portable; only the loop runs on the connection directly.
 *
 * `db` must be the Kysely instance openDatabase returned or a transaction of it, and the call must happen inside a
 * transaction that holds its one connection (inTx, main/ops/transaction.ts): the rows are then part of that transaction, and the loop is
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
 * The Kysely transactions that hold their database's one SQLite connection right now: opened by inTx or the group
 * commit (main/ops/), from the start of their callback until it ended (then only COMMIT or ROLLBACK follows). While a
 * transaction holds it, nothing else runs on the connection (Kysely's other queries wait for the transaction), so a
 * statement of that transaction may run on the connection directly (runInTx). A transaction object kept past its end
 * is not in the set and goes through Kysely, which refuses it.
 */
const holding = new WeakSet<object>();

/** Runs `run` with `trx` marked as holding its connection (see `holding`); on PostgreSQL `run` simply runs. */
export async function holdingConnection<T>(trx: Kysely<any>, run: () => Promise<T>): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!rawOf.get(trx)) return run();
  holding.add(trx);
  try {
    return await run();
  } finally {
    holding.delete(trx);
  }
}

/**
 * Runs a statement Kysely compiled on the connection `trx` holds, synchronously, with the cached prepared statement,
 * and answers what Kysely's SqliteDriver answers (rows for a reader; else no rows, numAffectedRows and insertId as
 * bigints). Null when `trx` is not a SQLite transaction holding its connection (PostgreSQL, outside a transaction, a
 * transaction not opened by inTx or the group commit): the caller then runs the query through Kysely. Kysely's path
 * (its executor, the transaction's connection mutex, the async driver call, the result plugins) cost about as much as
 * SQLite's own work for the small statements of a signup. The caller makes sure no plugin changes results.
 */
export function runInTx<R>(trx: Kysely<any>, sql: string, parameters: readonly unknown[]): QueryResult<R> | null { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!holding.has(trx)) return null;
  const conn = rawOf.get(trx);
  if (!conn || !conn.raw.inTransaction) return null;
  const stmt = conn.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters as unknown[]) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters as unknown[]);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

/**
 * Whether `column` of `table` is the table's rowid on this SQLite database (an INTEGER PRIMARY KEY): then an INSERT's
 * insertId is that column's new value. False on PostgreSQL. Read once per connection and table.
 */
export function isRowidColumn(db: Kysely<any>, table: string, column: string): boolean { // eslint-disable-line @typescript-eslint/no-explicit-any
  const conn = rawOf.get(db);
  if (!conn) return false;
  let known = rowidColumns.get(conn.raw);
  if (!known) rowidColumns.set(conn.raw, (known = new Map()));
  let rowid = known.get(table);
  if (rowid === undefined) {
    const pk = (conn.raw.prepare('select name, type from pragma_table_info(?) where pk > 0').all(table) as { name: string; type: string }[]);
    rowid = pk.length === 1 && pk[0].type.toLowerCase() === 'integer' ? pk[0].name : null;
    known.set(table, rowid);
  }
  return rowid === column;
}
const rowidColumns = new WeakMap<SqliteDatabase.Database, Map<string, string | null>>();

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

/**
 * Several read queries as selectFast runs one, inside one read transaction: SQLite takes its read snapshot (the WAL
 * read lock and wal-index look-up, most of a point read's cost) once for all of them instead of once per statement,
 * and their rows come from the same snapshot. A query marked `raw` answers each row as the array of its values in
 * column order (better-sqlite3's raw mode, set on the cached statement for this one call). Null under the same
 * condition as selectFast.
 */
export function selectFastAll(db: Db, queries: ReadonlyArray<Pick<CompiledQuery, 'sql' | 'parameters'> & { raw?: boolean }>): unknown[][] | null {
  const conn = rawOf.get(db);
  if (!conn || conn.raw.inTransaction) return null;
  return inReadSnapshot(conn, () => selectIn(conn, queries));
}

/** Runs `read` in one read transaction on the connection: one snapshot for all its statements. */
function inReadSnapshot<T>(conn: { raw: SqliteDatabase.Database; prepare(sql: string): SqliteDatabase.Statement }, read: () => T): T {
  conn.prepare('BEGIN').run();
  try {
    return read();
  } finally {
    if (conn.raw.inTransaction) conn.prepare('COMMIT').run(); // a read-only transaction: COMMIT only ends the snapshot
  }
}

function selectIn(conn: { prepare(sql: string): SqliteDatabase.Statement }, queries: ReadonlyArray<Pick<CompiledQuery, 'sql' | 'parameters'> & { raw?: boolean }>): unknown[][] {
  return queries.map((q) => {
    const stmt = conn.prepare(q.sql);
    if (!q.raw) return stmt.all(q.parameters as unknown[]);
    stmt.raw(true);
    try {
      return stmt.all(q.parameters as unknown[]);
    } finally {
      stmt.raw(false);
    }
  });
}

/**
 * The data version of a read-only SQLite connection (`PRAGMA data_version`), or null for any other connection (the
 * writer, whose own commits would not change it; PostgreSQL; memory) and inside a transaction. SQLite changes the
 * value whenever another connection has committed to the file since the connection's last look: the app's writer, a
 * worker thread's connection, another process, a restore's backup copy. A value read twice unchanged therefore means
 * the file's content is the same, which is what lets an answer be kept until it changes (readSnapshot).
 */
export function dataVersion(db: Db): number | null {
  const conn = rawOf.get(db);
  if (!conn || !conn.raw.readonly || conn.raw.inTransaction) return null;
  return versionStatement(conn.raw).get() as number;
}
const versionStatements = new WeakMap<SqliteDatabase.Database, SqliteDatabase.Statement>();
function versionStatement(raw: SqliteDatabase.Database): SqliteDatabase.Statement {
  let stmt = versionStatements.get(raw);
  if (!stmt) versionStatements.set(raw, (stmt = raw.prepare('PRAGMA data_version').pluck()));
  return stmt;
}

/**
 * selectFastAll on a read-only connection, with the data version of the very snapshot the rows come from (read first
 * in the same read transaction): rows kept under that version are what the same queries answer for as long as
 * dataVersion(db) answers it. Null where dataVersion is null.
 */
export function readSnapshot(db: Db, queries: ReadonlyArray<Pick<CompiledQuery, 'sql' | 'parameters'> & { raw?: boolean }>): { version: number; rows: unknown[][] } | null {
  const conn = rawOf.get(db);
  if (!conn || !conn.raw.readonly || conn.raw.inTransaction) return null;
  return inReadSnapshot(conn, () => {
    const version = versionStatement(conn.raw).get() as number; // starts the read transaction: the snapshot's version
    return { version, rows: selectIn(conn, queries) };
  });
}

/**
 * Runs `run` (which opens one transaction on the Kysely instance it is given) with SQLite's commit not waiting for the
 * disk: `synchronous = NORMAL` instead of FULL for that transaction, on the connection held throughout, so no other
 * transaction commits meanwhile with the relaxed setting. In WAL mode such a commit is written to the log (the OS has
 * it: a killed process loses nothing) but not fsynced; the next FULL commit or checkpoint makes it durable, so only a
 * power loss or OS crash in between can lose it. better-sqlite3's fsync blocks the one thread that answers requests
 * (several milliseconds each on a busy disk), so this is for frequent bookkeeping whose loss after a power failure
 * is harmless (the outbox's delivery notes: the mail is then sent again once, with its Message-ID). On PostgreSQL
 * (no SQLite connection) `run` simply runs: its commits do not block the event loop.
 */
export async function withoutCommitSync<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  const conn = rawOf.get(db);
  if (!conn) return run(db);
  return db.connection().execute(async (held) => {
    const before = conn.raw.pragma('synchronous', { simple: true }) as number;
    conn.raw.pragma('synchronous = NORMAL');
    try {
      return await run(held);
    } finally {
      conn.raw.pragma(`synchronous = ${Number(before)}`);
    }
  });
}

/** A read-only connection to a SQLite file in WAL mode (the writer has it open), with its own statement cache. */
function openReader(file: string, binding: string | undefined): Db {
  const raw = new SqliteDatabase(file, { readonly: true, fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
  raw.pragma('busy_timeout = 5000');
  const cached = withStatementCache(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }), plugins: [new SqliteNoRowLocksPlugin()] });
  rawByAdapter.set(db.getExecutor().adapter, { raw, prepare: cached.prepare });
  return db;
}

/**
 * Opens (or creates) the SQLite file. `:memory:` gives a private in-memory database. `reader`: also a read-only
 * connection to the file (readDb; not for `:memory:`), for reads that must not wait for a long write transaction.
 * `image` (only with `:memory:`): the in-memory database starts as a copy of that serialized database
 * (`raw.serialize()`; the tests open each server from one migrated image instead of migrating again).
 */
export function openDatabase(file: string, o: { reader?: boolean; image?: Buffer } = {}): OpenedDatabase {
  // The Electron entry points KVITT_SQLITE_BINDING at a build of better-sqlite3 for Electron's ABI.
  const binding = process.env.KVITT_SQLITE_BINDING;
  if (o.image && file !== ':memory:') throw new Error('openDatabase: an image opens only as :memory:');
  const raw = new SqliteDatabase(o.image ?? file, binding ? { nativeBinding: binding } : {});
  if (file !== ':memory:') raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = FULL'); // accounting data: durability over speed
  raw.pragma('busy_timeout = 5000');
  // The sub-journal (the pages a SAVEPOINT or a statement may have to roll back within an open transaction) in memory,
  // not in a temp file: past 64 KiB SQLite spills it to a file, and a group-commit member's savepoint (a paid signup
  // touches ~34 pages) then cost ~65 pwrite calls, 4 of every 5 µs SQLite spent on the signup's statements. The
  // sub-journal is never read after a crash (WAL recovery ignores uncommitted frames), so durability is unchanged.
  raw.pragma('temp_store = MEMORY');
  const cached = withStatementCache(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }), plugins: [new SqliteNoRowLocksPlugin()] });
  rawByAdapter.set(db.getExecutor().adapter, { raw, prepare: cached.prepare });
  const readDb = o.reader && file !== ':memory:' ? openReader(file, binding) : undefined;
  return {
    db,
    kind: 'sqlite',
    raw,
    readDb,
    async close() {
      await readDb?.destroy();
      await db.destroy();
    },
  };
}

/** int8 (counts, bigint columns: øre) and numeric (sums, averages) as JS numbers, like SQLite gives them. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** Splits Kvitt's own `schema=` parameter off a PostgreSQL URL (the schema to work in; made if missing). */
export function parsePostgresUrl(url: string): { connectionString: string; schema: string | null } {
  const u = new URL(url);
  const schema = u.searchParams.get('schema');
  u.searchParams.delete('schema');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`schema= must be a plain lower-case name, got ${schema}`);
  return { connectionString: u.toString(), schema };
}

const noRaw = new Proxy({}, {
  get(_t, prop) {
    if (prop === 'then') return undefined;
    throw new Error(`The raw SQLite connection (${String(prop)}) is not available on PostgreSQL`);
  },
}) as SqliteDatabase.Database;

/**
 * Opens a PostgreSQL database (office mode): a pool of `max` connections (KVITT_PG_POOL, default 10). With `?schema=name`
 * in the URL every connection works in that schema (created if missing): the tests give each server its own.
 */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<OpenedDatabase> {
  const { connectionString, schema } = parsePostgresUrl(url);
  const max = opts.max ?? (Number(process.env.KVITT_PG_POOL) || 10);
  if (schema) {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    try {
      // Created only when missing: CREATE SCHEMA (even IF NOT EXISTS) needs the right to create in the database, which a
      // user given only its own schema by the database's administrator does not have.
      const exists = await admin.query('select 1 from pg_catalog.pg_namespace where nspname = $1', [schema]);
      if (!exists.rowCount) await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max,
    types: pgTypes,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {}); // an idle connection that the server dropped; the pool makes a new one
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new PostgresSchemaPlugin()] });
  await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute(); // fail early on a wrong URL or password
  return {
    db,
    kind: 'postgres',
    raw: noRaw,
    pool,
    async close() {
      // Stopping never hangs on a connection that is still checked out (pool.end waits for every client): after 10 s
      // the rest is left to the process's exit, with a warning.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          console.warn('PostgreSQL: connections still in use at close; not waiting for them');
          resolve();
        }, 10_000);
        timer.unref();
      });
      await Promise.race([db.destroy(), late]);
      clearTimeout(timer);
    },
  };
}

/** SQLite file (or `:memory:`) or a postgres:// URL. */
export async function openAnyDatabase(target: string): Promise<OpenedDatabase> {
  return isPostgresUrl(target) ? openPostgres(target) : openDatabase(target);
}
