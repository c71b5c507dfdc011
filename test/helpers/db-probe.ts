/**
 * Looking at (and breaking) the database from a test in the same way on SQLite and PostgreSQL, through Kysely
 * (app.ctx.db), never through the synchronous better-sqlite3 connection. The dialect branches live here only:
 * - databaseChecksum: SHA-256 over every row of every table of the app's schema (rows sorted), so any write, however
 *   small, changes it; made again only when a cheap change key (below) has moved. SQLite also hashes sqlite_sequence
 *   (its autoincrement counters roll back with the transaction);
 *   PostgreSQL identity sequences do not roll back (nextval is never undone), so they are left out there.
 * - failAuditStep: a trigger on audit_log that makes every audit insert fail (SQLite raise(abort); PostgreSQL a PL/pgSQL
 *   function raising, the pattern of refuseChanges in db/dialect.ts).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { dialectOf, tableNames } from '../../db/dialect.js';

const tableLists = new WeakMap<Kysely<any>, Promise<string[]>>();

/** The tables of the app's own schema (the PostgreSQL test database holds other tests' schemas too), Kysely's included. */
function appTables(db: Kysely<any>): Promise<string[]> {
  let list = tableLists.get(db);
  if (!list) {
    list = (async () => {
      // The catalog's names of this schema (Kysely's introspector fails while another test schema is migrated).
      const tables = await tableNames(db);
      if (dialectOf(db) === 'sqlite') {
        const seq = await sql<{ name: string }>`select name from sqlite_master where name = 'sqlite_sequence'`.execute(db);
        return [...tables.map((t) => t.name), ...seq.rows.map((r) => r.name)].sort();
      }
      return tables.map((t) => t.name).sort();
    })();
    tableLists.set(db, list);
  }
  return list;
}

const quote = (name: string, q: string) => q + name.replaceAll(q, q + q) + q;

const sqliteQueries = new WeakMap<Kysely<any>, { version: number; union: string }>();

/** One `select … union all …` over every table of the SQLite database, for its present schema. */
async function sqliteUnion(db: Kysely<any>): Promise<string> {
  const version = Number((await sql<{ schema_version: number }>`pragma schema_version`.execute(db)).rows[0].schema_version);
  const known = sqliteQueries.get(db);
  if (known?.version === version) return known.union;
  tableLists.delete(db);
  const parts: string[] = [];
  for (const t of await appTables(db)) {
    const cols = (await sql<{ name: string }>`select name from pragma_table_info(${t})`.execute(db)).rows.map((c) => `quote(${quote(c.name, '"')})`);
    parts.push(`select ${quote(t, "'")} as t, ${cols.join(" || ',' || ")} as r from ${quote(t, '"')}`);
  }
  const union = parts.join(' union all ');
  sqliteQueries.set(db, { version, union });
  return union;
}

/**
 * SHA-256 over every row of every table (sorted), so any write, however small, changes it. On PostgreSQL all tables in
 * one query (each row as its JSON text), on SQLite too (each row as its cells' SQL literals): a query per table made the
 * checksum a round trip per table (on SQLite 2.3 ms of CPU on the robustness world), twice for each of the robustness
 * suite's thousands of requests.
 */
export async function databaseChecksum(db: Kysely<any>): Promise<string> {
  // The key is read before the rows: a write committed while they are read changes the key, so it is never kept
  // under a key that does not cover it.
  const key = await changeKey(db);
  const known = lastSums.get(db);
  if (known?.key === key) return known.sum;
  if (dialectOf(db) === 'postgres') tableLists.delete(db); // a table made since (SQLite: schema_version, sqliteUnion)
  const sum = await checksumOfRows(db);
  lastSums.set(db, { key, sum });
  return sum;
}

/**
 * What any write moves, read in one cheap query: SQLite's total_changes() (every row this connection inserted,
 * updated or deleted, triggers included, even when rolled back afterwards), data_version (a commit by any other
 * connection to the same file) and schema_version (any DDL); PostgreSQL's WAL insert position (every change to a
 * logged table is written there before it commits, by any session; the app creates no unlogged table). The same key
 * means the rows are as they were when the sum was made, so the robustness suite's thousands of refused requests
 * (two checksums each) read every table only when something may have changed: on SQLite 0.07 ms of CPU instead of
 * 0.39. A key that moved without a change (a write rolled back, another session's WAL) only makes the sum be made again.
 */
async function changeKey(db: Kysely<any>): Promise<string> {
  if (dialectOf(db) === 'postgres') {
    return String((await sql<{ k: string }>`select pg_current_wal_insert_lsn()::text as k`.execute(db)).rows[0].k);
  }
  const r = (await sql<{ c: number; d: number; s: number }>`select total_changes() as c, (select data_version from pragma_data_version) as d, (select schema_version from pragma_schema_version) as s`.execute(db)).rows[0];
  return `${r.c}:${r.d}:${r.s}`;
}

const lastSums = new WeakMap<Kysely<any>, { key: string; sum: string }>();

async function checksumOfRows(db: Kysely<any>): Promise<string> {
  const h = createHash('sha256');
  if (dialectOf(db) === 'postgres') {
    const tables = await appTables(db);
    const union = tables.map((t) => `select ${quote(t, "'")} as t, row_to_json(x)::text as r from ${quote(t, '"')} x`).join(' union all ');
    const rows = (await sql<{ t: string; r: string }>`${sql.raw(union)}`.execute(db)).rows;
    const byTable = new Map<string, string[]>(tables.map((t) => [t, []]));
    for (const { t, r } of rows) byTable.get(t)!.push(r);
    for (const [name, lines] of byTable) h.update(`${name}\n${lines.sort().join('\n')}\n`);
    return h.digest('hex');
  }
  // SQLite: every table in one query too, each row as the SQL literals of its cells (quote(): exact for integers, reals,
  // text and blobs alike); the query is made again when the schema changes (pragma schema_version).
  const { rows } = await sql<{ t: string; r: string }>`${sql.raw(await sqliteUnion(db))}`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const { t, r } of rows) (byTable.get(t) ?? byTable.set(t, []).get(t)!).push(r);
  for (const name of await appTables(db)) h.update(`${name}\n${(byTable.get(name) ?? []).sort().join('\n')}\n`);
  return h.digest('hex');
}

/** Makes every insert into audit_log fail (on), or works again (off). */
export async function failAuditStep(db: Kysely<any>, on: boolean): Promise<void> {
  const message = 'the audit step failed (test)';
  if (dialectOf(db) === 'sqlite') {
    if (on) await sql.raw(`create trigger audit_step_fails before insert on audit_log begin select raise(abort, '${message}'); end`).execute(db);
    else await sql.raw('drop trigger if exists audit_step_fails').execute(db);
    return;
  }
  if (on) {
    await sql.raw(`create function audit_step_fails_fn() returns trigger language plpgsql as $kvitt$
begin
  raise exception '${message}';
end $kvitt$`).execute(db);
    await sql.raw('create trigger audit_step_fails before insert on audit_log for each row execute function audit_step_fails_fn()').execute(db);
  } else {
    await sql.raw('drop trigger if exists audit_step_fails on audit_log').execute(db);
    await sql.raw('drop function if exists audit_step_fails_fn()').execute(db);
  }
}
