/**
 * Freshly migrated PostgreSQL schemas without migrating each one: the migrations' DDL is most of what a new test
 * schema costs (client and server CPU). Each process (a vitest worker) keeps the schemas its test servers are done with
 * and hands them out again, reset to exactly what the migrations left:
 *
 * - a schema is migrated once, when the pool has none free; right after, the first one records what the migrations
 *   left: a fingerprint of the schema's catalog (tables, columns and defaults, constraints, indexes, triggers and
 *   whether they are enabled, functions, types, sequences), the rows each table holds (as text) and every sequence's
 *   position;
 * - when its user is done (`release`), in one transaction: the fingerprint is compared (a test that added a trigger,
 *   a function or a column, or disabled a trigger, gets its schema dropped instead), every table that holds a row or
 *   held one after the migrations is emptied (TRUNCATE), the migrations' rows are put back and every sequence is set
 *   to where the migrations left it (invoice 1 is again number 1);
 * - the schemas are named `tp_<process id>_<n>`; the process holds an advisory lock named by its id for as long as it
 *   lives, and the first use in a process drops the schemas of every pool whose lock nobody holds (a worker that ended).
 *
 * test/db/test-databases.test.ts proves a reused schema equals a freshly migrated one, schema and rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { noteTestDatabase } from './test-database-stats.js';

interface Snapshot {
  fingerprint: string;
  tables: string[];
  /** Each table's rows right after the migrations, as the text of the row (`t::text`), in the order they were read. */
  rows: Map<string, string[]>;
  /** setval arguments that put every sequence back: [name, value, is_called]. */
  sequences: [string, number, boolean][];
}

interface Pool {
  url: string;
  id: string;
  admin: Promise<pg.Client>;
  free: string[];
  made: number;
  snapshot?: Snapshot;
  /** The admin connection runs one reset (a transaction) at a time. */
  queue: Promise<unknown>;
}

const pools = new Map<string, Pool>();

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One line per catalog object of schema $1 that a test could change, without the schema's name (an index definition
 * names its table with it); test/db/test-databases.test.ts reads them too.
 */
export const SCHEMA_LINES = `
  with ns as (select oid from pg_catalog.pg_namespace where nspname = $1)
  select replace(x, $1 || '.', '') as x from (
    select 'class ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(c.reloptions::text, '') || c.relrowsecurity::text || coalesce(c.relacl::text, '') as x
      from pg_catalog.pg_class c where c.relnamespace = (select oid from ns)
    union all
    select 'column ' || c.relname || ' ' || a.attnum || ' ' || a.attname || ' ' || pg_catalog.format_type(a.atttypid, a.atttypmod) || ' '
           || a.attnotnull::text || a.attisdropped::text || a.attidentity::text || a.attgenerated::text || ' ' || coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), '')
      from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = (select oid from ns) and a.attnum > 0
    union all
    select 'constraint ' || c.relname || ' ' || k.conname || ' ' || pg_catalog.pg_get_constraintdef(k.oid)
      from pg_catalog.pg_constraint k left join pg_catalog.pg_class c on c.oid = k.conrelid where k.connamespace = (select oid from ns)
    union all
    select 'index ' || pg_catalog.pg_get_indexdef(i.indexrelid)
      from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indexrelid where c.relnamespace = (select oid from ns)
    union all
    select 'trigger ' || c.relname || ' ' || case when t.tgisinternal then 'internal' else t.tgname end || ' ' || t.tgenabled::text || ' ' || t.tgtype || ' ' || t.tgfoid::regproc::text
      from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid where c.relnamespace = (select oid from ns)
    union all
    select 'function ' || p.proname || ' ' || md5(coalesce(p.prosrc, '')) from pg_catalog.pg_proc p where p.pronamespace = (select oid from ns)
    union all
    select 'type ' || y.typname || ' ' || y.typtype::text from pg_catalog.pg_type y where y.typnamespace = (select oid from ns)
    union all
    select 'rule ' || r.rulename || ' ' || pg_catalog.pg_get_ruledef(r.oid)
      from pg_catalog.pg_rewrite r join pg_catalog.pg_class c on c.oid = r.ev_class where c.relnamespace = (select oid from ns)
    union all
    select 'sequence ' || c.relname || ' ' || s.seqstart || ' ' || s.seqincrement || ' ' || s.seqmin || ' ' || s.seqmax || ' ' || s.seqcycle::text
      from pg_catalog.pg_sequence s join pg_catalog.pg_class c on c.oid = s.seqrelid where c.relnamespace = (select oid from ns)
  ) lines`;

/** The md5 of those lines: whether the schema is still as migrated. */
const FINGERPRINT = `select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as fp from (${SCHEMA_LINES}) l`;

const lockKey = (id: string) => `kvitt-test-schema-pool:${id}`;

function poolFor(url: string): Pool {
  let pool = pools.get(url);
  if (pool) return pool;
  const id = `${process.pid}${randomBytes(3).toString('hex')}`;
  const admin = (async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {}); // the server went away: the next query fails and says so
    await c.connect();
    await c.query('select pg_catalog.pg_advisory_lock(pg_catalog.hashtext($1))', [lockKey(id)]);
    await sweep(c, id);
    socketOf(c)?.unref?.();
    return c;
  })();
  pool = { url, id, admin, free: [], made: 0, queue: Promise.resolve() };
  pools.set(url, pool);
  return pool;
}

/** Drops the schemas of pools whose process has ended (nobody holds their lock). */
async function sweep(c: pg.Client, mine: string) {
  const names = (await c.query<{ n: string }>(`select nspname as n from pg_catalog.pg_namespace where nspname like 'tp\\_%'`)).rows.map((r) => r.n);
  const owners = new Set(names.map((n) => n.split('_')[1]).filter((o) => o && o !== mine));
  for (const owner of owners) {
    const got = (await c.query<{ ok: boolean }>('select pg_catalog.pg_try_advisory_lock(pg_catalog.hashtext($1)) as ok', [lockKey(owner)])).rows[0].ok;
    if (!got) continue; // that process is alive
    try {
      for (const n of names.filter((x) => x.split('_')[1] === owner)) await c.query(`drop schema if exists ${ident(n)} cascade`);
    } finally {
      await c.query('select pg_catalog.pg_advisory_unlock(pg_catalog.hashtext($1))', [lockKey(owner)]);
    }
  }
}

/**
 * The admin connection's socket: not waited for while idle (the process may end with it open, and the lock ends with
 * it), waited for while a query of ours is out.
 */
const socketOf = (c: pg.Client) => (c as unknown as { connection?: { stream?: { ref?: () => void; unref?: () => void } } }).connection?.stream;

function serially<T>(pool: Pool, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const next = pool.queue.then(async () => {
    const c = await pool.admin;
    socketOf(c)?.ref?.();
    try {
      return await run(c);
    } finally {
      socketOf(c)?.unref?.();
    }
  });
  pool.queue = next.catch(() => {});
  return next;
}

async function takeSnapshot(c: pg.Client, schema: string): Promise<Snapshot> {
  await c.query('begin');
  try {
    await c.query(`set local search_path = ${ident(schema)}`); // as in releaseSchema: names in definitions unqualified
    const snapshot = await readSnapshot(c, schema);
    await c.query('commit');
    return snapshot;
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  }
}

async function readSnapshot(c: pg.Client, schema: string): Promise<Snapshot> {
  const fingerprint = (await c.query<{ fp: string }>(FINGERPRINT, [schema])).rows[0].fp;
  const tables = (await c.query<{ t: string }>(`select tablename as t from pg_catalog.pg_tables where schemaname = $1 order by 1`, [schema])).rows.map((r) => r.t);
  const rows = new Map<string, string[]>();
  for (const t of tables) {
    const r = await c.query<{ r: string }>(`select x::text as r from ${ident(schema)}.${ident(t)} x`);
    if (r.rows.length) rows.set(t, r.rows.map((x) => x.r));
  }
  const seqs = await c.query<{ name: string; last: string | null; start: string }>(
    `select sequencename as name, last_value::text as last, start_value::text as start from pg_catalog.pg_sequences where schemaname = $1 order by 1`,
    [schema],
  );
  const sequences = seqs.rows.map((s): [string, number, boolean] => (s.last === null ? [s.name, Number(s.start), false] : [s.name, Number(s.last), true]));
  return { fingerprint, tables, rows, sequences };
}

/** A freshly migrated schema of the database at `url`: from the pool, or made and migrated now. */
export async function acquireSchema(url: string): Promise<string> {
  const pool = poolFor(url);
  await pool.admin;
  const reused = pool.free.pop();
  if (reused) {
    noteTestDatabase('schema-reused');
    return reused;
  }
  const schema = `tp_${pool.id}_${pool.made++}`;
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  noteTestDatabase('migrated');
  const opened = await openPostgres(u.toString(), { max: 1 });
  try {
    await migrateToLatest(opened.db);
  } finally {
    await opened.close();
  }
  if (!pool.snapshot) pool.snapshot = await serially(pool, (c) => takeSnapshot(c, schema));
  return schema;
}

/** Puts `schema` back as the migrations left it and keeps it for the next user; drops it when a test changed its schema. */
export async function releaseSchema(url: string, schema: string): Promise<void> {
  const pool = poolFor(url);
  const snap = pool.snapshot;
  const reset = await serially(pool, async (c) => {
    if (!snap) return false;
    await c.query('begin');
    try {
      // A connection of the test still open would hold its locks: wait a while, then drop the schema instead.
      await c.query(`set local lock_timeout = '10s'`);
      await c.query(`set local search_path = ${ident(schema)}`);
      const fp = (await c.query<{ fp: string }>(FINGERPRINT, [schema])).rows[0].fp;
      if (fp !== snap.fingerprint) {
        await c.query('rollback');
        return false;
      }
      const probe = snap.tables.map((t) => `select ${pg.escapeLiteral(t)} as t where exists (select from ${ident(schema)}.${ident(t)})`).join(' union all ');
      const written = new Set((await c.query<{ t: string }>(probe)).rows.map((r) => r.t));
      for (const t of snap.rows.keys()) written.add(t);
      if (written.size) await c.query(`truncate ${[...written].map((t) => `${ident(schema)}.${ident(t)}`).join(', ')} cascade`);
      // What the planner knows of the previous user's rows (ANALYZE, autovacuum: column statistics, row counts) is not
      // emptied by TRUNCATE, and would choose other plans than on a fresh schema (a test reading a query's plan saw it):
      // such a schema is dropped, not handed out again.
      const known = await c.query(
        `select 1 from pg_catalog.pg_stats where schemaname = $1
         union all select 1 from pg_catalog.pg_class where relnamespace = $1::regnamespace and relkind = 'r' and (reltuples >= 0 or relpages > 0)
         limit 1`,
        [schema],
      );
      if (known.rows.length) {
        await c.query('rollback');
        return false;
      }
      for (const [t, rows] of snap.rows) {
        const target = `${ident(schema)}.${ident(t)}`;
        await c.query(`insert into ${target} overriding system value select (r::${target}).* from unnest($1::text[]) with ordinality as u(r, n) order by n`, [rows]);
      }
      if (snap.sequences.length) {
        await c.query(`select ${snap.sequences.map((_, i) => `pg_catalog.setval($${3 * i + 1}::regclass, $${3 * i + 2}, $${3 * i + 3})`).join(', ')}`,
          snap.sequences.flatMap(([name, value, called]) => [`${ident(schema)}.${ident(name)}`, value, called]));
      }
      await c.query('commit');
      return true;
    } catch {
      await c.query('rollback').catch(() => {});
      return false;
    }
  });
  if (reset) {
    noteTestDatabase('schema-reset');
    pool.free.push(schema);
    return;
  }
  noteTestDatabase('schema-dropped');
  await serially(pool, (c) => c.query(`drop schema if exists ${ident(schema)} cascade`));
}
