/**
 * The fast paths beside Kysely, in one place: every statement a feature runs other than through a plain Kysely query
 * goes through this module, so what bypasses Kysely's executor is listed here and nowhere else.
 *
 * - `prepared`: a fixed-shape query built and compiled once per database, run with new values;
 * - `insertRows` / `updateRows`: many-row INSERTs and keyed UPDATEs, compiled once per shape;
 * - `insertReturningIds`: an INSERT of several rows answering their ids in order;
 * - `insertValues`: a many-row INSERT from one flat array of values (no object per row), for bulk writes;
 * - `preparedIn`: a prepared query with one `in (…)` list of varying length (padded to a few fixed sizes);
 * - `insertRowsFast`, `selectFastAll` (db/connection.ts): statements straight on the SQLite connection;
 * - `dataVersion`, `readSnapshot` (db/connection.ts): a read-only connection's data version, alone or with the rows
 *   of the same snapshot, for answers kept until the file changes;
 * - `runStatement`: a fixed statement (a savepoint) on the connection the transaction holds.
 *
 * Each answers exactly what the Kysely query would (tests in test/db/prepared.test.ts, insert-rows-shapes.test.ts).
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { sql } from 'kysely';
import { isRowidColumn, runInTx } from './connection.js';

export { dataVersion, insertRowsFast, readSnapshot, selectFastAll } from './connection.js';
import type { Database } from './schema.js';

/** A plugin that declares it hands results on unchanged (SqliteNoRowLocksPlugin). */
const unchangedResults = (plugin: object) => (plugin as { resultUnchanged?: boolean }).resultUnchanged === true;

/**
 * A fixed-shape query that Kysely builds and compiles once per database (SQLite or PostgreSQL: each gets its own SQL,
 * with the instance's plugins applied, as any Kysely query) and then runs with new parameter values through Kysely's
 * executor (its connection handling, transactions and result plugins unchanged), or, in a SQLite transaction opened by
 * inTx or the group commit, directly on the connection that transaction holds (same result; see execute). For the
 * statements a hot path runs per request (a signup, an issue): building the operation tree and compiling it cost as
 * much as SQLite running it, and Kysely's executor path about as much again.
 *
 * `build` (declared with one argument per parameter after `db`, else give `arity`) is called once per database with one placeholder per parameter (unique marker strings, typed as the values
 * they stand for); every placeholder must end up as a bound parameter of the compiled query, or preparing throws.
 * Values the builder writes itself (constants) stay as compiled. Only for queries whose SQL does not depend on the
 * values (no `in` lists of varying length, no optional clauses): build another prepared query for another shape.
 */
export function prepared<P extends readonly unknown[], R>(build: (db: Kysely<Database>, ...params: P) => Compilable<R>, arity: number = build.length - 1) {
  /** Per Kysely adapter (an instance and its transactions share it): the compiled query and where each parameter comes from. */
  const byAdapter = new WeakMap<object, { compiled: CompiledQuery<R>; source: number[]; identity: boolean }>();
  const markers = Array.from({ length: arity }, (_, i) => `\u0000kvitt-param-${i}\u0000`);

  function prepare(db: Kysely<Database>) {
    const compiled = build(db, ...(markers as unknown as P)).compile();
    const source = compiled.parameters.map((v) => (typeof v === 'string' ? markers.indexOf(v) : -1));
    const missing = markers.filter((_, i) => !source.includes(i));
    if (missing.length) throw new Error(`prepared query: parameter(s) ${missing.map((m) => markers.indexOf(m)).join(', ')} not bound in ${compiled.sql}`);
    // identity: the values are the compiled parameters as they come (no constants among them), as for insertRows
    const entry = { compiled, source, identity: source.length === arity && source.every((s, i) => s === i) };
    byAdapter.set(db.getExecutor().adapter, entry);
    return entry;
  }

  return {
    /** Runs the query on `db` (a Kysely instance or a transaction of it) with these values. */
    execute(db: Kysely<Database>, ...params: P): Promise<QueryResult<R>> {
      return this.executeWith(db, params);
    },
    /** execute with the values in an array (the caller's array may become the statement's parameters: do not change it). */
    executeWith(db: Kysely<Database>, params: Readonly<P>): Promise<QueryResult<R>> {
      const executor = db.getExecutor();
      const { compiled, source, identity } = byAdapter.get(executor.adapter) ?? prepare(db);
      const parameters = identity ? params : source.map((s, i) => (s < 0 ? compiled.parameters[i] : params[s]));
      // In a SQLite transaction that holds the connection (inTx, the group commit), run it there directly when no plugin
      // changes results: the same answer without Kysely's executor (db/connection.ts, runInTx).
      if (db.isTransaction && executor.plugins.every(unchangedResults)) {
        try {
          const direct = runInTx<R>(db, compiled.sql, parameters);
          if (direct) return Promise.resolve(direct);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return db.executeQuery<R>({ ...compiled, parameters });
    },
    /** The rows of a select (or of … RETURNING). */
    async rows(db: Kysely<Database>, ...params: P): Promise<R[]> {
      return (await this.execute(db, ...params)).rows;
    },
    /** The first row, or undefined. */
    async first(db: Kysely<Database>, ...params: P): Promise<R | undefined> {
      return (await this.execute(db, ...params)).rows[0];
    },
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the row helpers below take any table's rows; the callers' types check them */
type Prepared = ReturnType<typeof prepared<unknown[], any>>;
const shapes = new Map<string, Prepared>();

/** A prepared query per shape (table, columns, …), built by `make` the first time the shape is asked for. */
function byShape(key: string, arity: number, make: (db: Kysely<any>, params: unknown[]) => Compilable<any>): Prepared {
  let p = shapes.get(key);
  if (!p) shapes.set(key, (p = prepared((db, ...params: unknown[]) => make(db, params), arity)));
  return p;
}

const definedKeys = (row: Record<string, unknown>) => Object.keys(row).filter((k) => row[k] !== undefined);

/**
 * INSERT of `rows` (1 to 20, each with the same defined keys; undefined values are left out, as Kysely does) into `table`,
 * optionally RETURNING `returning`; prepared once per table, set of columns and number of rows.
 */
export function insertRows<R = any>(db: Kysely<Database>, table: keyof Database & string, rows: Record<string, unknown>[], returning: readonly string[] = []): Promise<QueryResult<R>> {
  if (rows.length === 0 || rows.length > 20) throw new Error(`insertRows: 1 to 20 rows, got ${rows.length}`);
  // The shape's key and the values in one pass over the rows (the first row's defined keys name the columns; every row
  // has the same): a signup inserts six rows, the document's with ~40 columns.
  let key = `insert|${table}|${rows.length}|${returning}|`;
  const values: unknown[] = [];
  const first = rows[0];
  for (const c in first) {
    const v = first[c];
    if (v === undefined) continue;
    key += c + ',';
    values.push(v);
  }
  const width = values.length;
  // Built once per shape: the rows' values as parameters, row after row, in row 0's columns.
  const build = (kdb: Kysely<any>, params: unknown[], withReturning: boolean) => {
    const cols = definedKeys(first);
    const q = kdb.insertInto(table).values(rows.map((_, r) => Object.fromEntries(cols.map((c, j) => [c, params[r * width + j]]))));
    return withReturning && returning.length ? q.returning(returning as any) : q;
  };
  // One row RETURNING only its SQLite rowid (a new document's or outbox row's id): the INSERT's insertId is that value,
  // and SQLite runs an INSERT … RETURNING noticeably slower (7-13 us of 30 for a document in a raw benchmark).
  if (rows.length === 1 && returning.length === 1 && isRowidColumn(db, table, returning[0])) {
    const plain = byShape(`${key}|rowid`, width, (kdb, params) => build(kdb, params, false));
    const column = returning[0];
    return plain.executeWith(db, values).then((r) => ({ rows: [{ [column]: Number(r.insertId) } as R] }));
  }
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    let defined = 0;
    for (const c in row) if (row[c] !== undefined) defined++;
    for (const c in first) {
      if (first[c] === undefined) continue;
      if (row[c] === undefined) defined = -1;
      values.push(row[c]);
    }
    // The columns are row 0's: a row with a value elsewhere (or none where row 0 has one) would lose it silently.
    if (defined !== width) return Promise.reject(new Error(`insertRows(${table}): row ${r} has other columns than row 0`));
  }
  const p = byShape(key, width * rows.length, (kdb, params) => build(kdb, params, true));
  return p.executeWith(db, values) as Promise<QueryResult<R>>;
}

/**
 * INSERT of `count` rows given as one flat array of `values`, row after row, each in the order of `columns`, optionally
 * RETURNING `returning`; prepared once per table, columns, number of rows and returning. The same statement insertRows
 * builds, without an object per row: for bulk writes (a bank file's 100,000 payments). At most 100 rows and 30,000
 * values a statement (SQLite's and PostgreSQL's limits on parameters are above that).
 */
export function insertValues<R = any>(db: Kysely<Database>, table: keyof Database & string, columns: readonly string[], values: unknown[], count: number, returning: readonly string[] = []): Promise<QueryResult<R>> {
  const width = columns.length;
  if (count < 1 || count > 100 || values.length !== width * count || values.length > 30_000) {
    return Promise.reject(new Error(`insertValues(${table}): ${values.length} values for ${count} rows of ${width} columns`));
  }
  let keys = valuesKeys.get(columns);
  if (!keys) valuesKeys.set(columns, (keys = new Map()));
  const shape = `${table}|${count}|${returning}`;
  let key = keys.get(shape);
  if (!key) keys.set(shape, (key = `values|${shape}|${columns}`));
  const p = byShape(key, values.length, (kdb, params) => {
    const q = kdb.insertInto(table).values(Array.from({ length: count }, (_, r) => Object.fromEntries(columns.map((c, j) => [c, params[r * width + j]]))));
    return returning.length ? q.returning(returning as any) : q;
  });
  return p.executeWith(db, values) as Promise<QueryResult<R>>;
}

/**
 * insertValues of `count` rows into `table`, answering the new ids of `idColumn` in the rows' order. On SQLite, where
 * that column is the table's rowid: a plain INSERT, the ids the last insertId and the `count - 1` before it (one INSERT
 * takes its rows' rowids one after the other, each the largest so far plus one, and nothing else writes on the
 * connection during the statement); the number of rows written is checked. SQLite runs INSERT … RETURNING noticeably
 * slower (a bank file's 100,000 ledger entries: RETURNING was about a third of their cost). PostgreSQL: RETURNING, the
 * ids sorted (identity values are drawn row by row in VALUES order).
 */
export async function insertValuesIds(db: Kysely<Database>, table: keyof Database & string, columns: readonly string[], values: unknown[], count: number, idColumn = 'id'): Promise<number[]> {
  if (isRowidColumn(db, table, idColumn)) {
    const r = await insertValues(db, table, columns, values, count);
    if (Number(r.numAffectedRows) !== count || r.insertId === undefined) throw new Error(`insertValuesIds(${table}): ${r.numAffectedRows} rows written for ${count}`);
    const last = Number(r.insertId);
    return Array.from({ length: count }, (_, k) => last - count + 1 + k);
  }
  const r = await insertValues<Record<string, unknown>>(db, table, columns, values, count, [idColumn]);
  const ids = r.rows.map((x) => Number(x[idColumn])).sort((a, b) => a - b);
  if (ids.length !== count) throw new Error(`insertValuesIds(${table}): ${ids.length} ids for ${count} rows`);
  return ids;
}

/** insertValues' shape keys per list of columns (the bulk writers pass the same array each time). */
const valuesKeys = new WeakMap<readonly string[], Map<string, string>>();

/** The list sizes preparedIn compiles: a list is padded to the next of them (a larger list is taken 512 at a time). */
const IN_SIZES = [8, 32, 128, 512] as const;

/**
 * A query with one `in (…)` list, for lists of any length: `build(db, list)` puts `list` (placeholders) in its one
 * `in`; prepared once per size of IN_SIZES, the values padded with nulls (`x in (…, null)` matches nothing more: null
 * equals nothing), a longer list run 512 values at a time. `rows` answers the rows of all runs, in run order. Each
 * value must stand for the same type (the nulls take the column's), and the query must not depend on the list's
 * length otherwise (no limit).
 */
export function preparedIn<R>(build: (db: Kysely<Database>, list: unknown[]) => Compilable<R>) {
  const bySize = IN_SIZES.map((size) => prepared((db: Kysely<Database>, ...list: unknown[]) => build(db, list), size));
  return {
    async rows(db: Kysely<Database>, values: readonly unknown[]): Promise<R[]> {
      const out: R[] = [];
      const max = IN_SIZES[IN_SIZES.length - 1];
      for (let at = 0; at < values.length; at += max) {
        const part = values.slice(at, at + max);
        const k = IN_SIZES.findIndex((size) => size >= part.length);
        while (part.length < IN_SIZES[k]) part.push(null);
        const r = await bySize[k].executeWith(db, part);
        for (const row of r.rows) out.push(row);
      }
      return out;
    },
  };
}

/**
 * UPDATE `table` SET `set` WHERE each column of `where` equals its value (a null value: IS NULL); prepared once per
 * table and sets of columns (which where-values are null is part of the shape).
 */
export function updateRows(db: Kysely<Database>, table: keyof Database & string, set: Record<string, unknown>, where: Record<string, unknown>): Promise<QueryResult<never>> {
  const cols = definedKeys(set);
  const conds = Object.keys(where);
  const bound = conds.filter((c) => where[c] !== null);
  const p = byShape(`update|${table}|${cols}|${conds.map((c) => (where[c] === null ? `${c} null` : c))}`, cols.length + bound.length, (kdb, params) => {
    let q = kdb.updateTable(table).set(Object.fromEntries(cols.map((c, j) => [c, params[j]])) as any);
    for (const c of conds) q = where[c] === null ? q.where(c as any, 'is', null) : q.where(c as any, '=', params[cols.length + bound.indexOf(c)]);
    return q;
  });
  return p.execute(db, ...cols.map((c) => set[c]), ...bound.map((c) => where[c])) as Promise<QueryResult<never>>;
}

/**
 * INSERT of several rows of one shape, answering their new ids in the rows' order (the outbox's shipments of one call).
 * - PostgreSQL: one INSERT … RETURNING per 20 rows (insertRows, above): one round trip instead of one per row.
 *   RETURNING's order is not promised, but the identity values are drawn row by row in VALUES order, so the sorted ids
 *   are the rows' in order (test/sending/outbox-insert.test.ts checks it).
 * - SQLite, where the id is the table's rowid (isRowidColumn): one plain INSERT per row, each answered by its insertId
 *   (insertRows does that for one row). Measured, a pair of outbox rows in a transaction (CPU µs, median of 12 x 10,000,
 *   rotated order, load 5-6): two one-row INSERTs 32.7, one two-row INSERT … RETURNING 40.8 (SQLite runs RETURNING
 *   slower), one two-row plain INSERT 30.9 with its ids taken as the last insertId and the ones before it. The last is
 *   within the noise of the first and would rest on SQLite giving the rows of one INSERT consecutive rowids, so it is
 *   not taken. There are no round trips to save in-process.
 */

const PER_STATEMENT = 20;

export async function insertReturningIds(db: Kysely<Database>, table: keyof Database & string, rows: Record<string, unknown>[], idColumn = 'id'): Promise<number[]> {
  const ids: number[] = [];
  const one = isRowidColumn(db, table, idColumn);
  const step = one ? 1 : PER_STATEMENT;
  for (let i = 0; i < rows.length; i += step) {
    const chunk = rows.length <= step ? rows : rows.slice(i, i + step);
    const r = await insertRows<Record<string, unknown>>(db, table, chunk, [idColumn]);
    const got = r.rows.map((x) => Number(x[idColumn]));
    if (got.length !== chunk.length) throw new Error(`insertReturningIds: ${table}: ${got.length} ids for ${chunk.length} rows`);
    if (got.length > 1) got.sort((a, b) => a - b);
    for (const id of got) ids.push(id);
  }
  return ids;
}

/**
 * A fixed statement without parameters (SAVEPOINT, RELEASE, ROLLBACK TO) on the connection the transaction `trx`
 * holds (SQLite, opened by inTx or the group commit), else through Kysely.
 */
export async function runStatement(trx: Kysely<any>, statement: string): Promise<void> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (runInTx(trx, statement, []) === null) await sql.raw(statement).execute(trx);
}
