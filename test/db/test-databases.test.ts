/**
 * Every test server's database is a freshly migrated one without running the migrations again (test/helpers/database.ts:
 * a copy of the migrated image on SQLite, a pooled schema reset after its last user on PostgreSQL). Proved here: what a
 * test gets, after a previous user wrote to it, equals a database migrated from empty right now (schema, every row,
 * every key counter), and nothing of that previous user is left.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAnyDatabase, openDatabase } from '../../db/connection.js';
import { dialectOf } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { onPostgres, testDatabase } from '../helpers/database.js';
import { failAuditStep } from '../helpers/db-probe.js';
import { issueInvoice, startDocServer } from '../helpers/documents.js';
import { SCHEMA_LINES } from '../helpers/schema-pool.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The whole database as text: its schema (SQLite: sqlite_master; PostgreSQL: the catalog lines of its schema and every
 * sequence's position) and every table's rows, sorted. Kysely's migration log keeps when each migration ran, which
 * differs between any two databases: only its names count.
 */
async function dump(db: Kysely<any>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const rows = async (q: string) => (await sql.raw<Record<string, unknown>>(q).execute(db)).rows;
  if (dialectOf(db) === 'sqlite') {
    out.schema = (await rows(`select type || ' ' || name || ' ' || coalesce(sql, '') as x from sqlite_master order by name`)).map((r) => String(r.x));
    out.pragmas = [];
    for (const p of ['user_version', 'application_id', 'page_size', 'auto_vacuum', 'encoding', 'foreign_keys']) out.pragmas.push(`${p} ${JSON.stringify(await rows(`pragma ${p}`))}`);
  } else {
    const schema = String((await rows('select current_schema() as s'))[0].s);
    out.schema = (await rows(SCHEMA_LINES.replaceAll('$1', `'${schema}'`))).map((r) => String(r.x)).sort();
    out.sequences = (await rows(`select sequencename || ' ' || coalesce(last_value::text, 'not called') as x from pg_sequences where schemaname = '${schema}' order by 1`)).map((r) => String(r.x));
  }
  const tables =
    dialectOf(db) === 'sqlite'
      ? (await rows(`select name from sqlite_master where type = 'table' order by name`)).map((r) => String(r.name))
      : (await rows(`select tablename as name from pg_tables where schemaname = current_schema() order by 1`)).map((r) => String(r.name));
  for (const t of tables) {
    const cols = t === 'kysely_migration' ? 'name' : '*';
    out[`rows ${t}`] = (await rows(`select ${cols} from "${t}"`)).map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** A database migrated from empty now, the way a fresh install makes it. */
async function freshlyMigrated(): Promise<Record<string, string[]>> {
  const t = testDatabase();
  const opened = await openAnyDatabase(t.target);
  try {
    await migrateToLatest(opened.db);
    return await dump(opened.db);
  } finally {
    await opened.close();
    await t.drop();
  }
}

const open: TestServer[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

/** A server that writes what a user writes first: settings, customers, products, invoices, payments. */
async function busyServer() {
  const s = await startDocServer();
  const first = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 2 }] });
  await issueInvoice(s, { recipient: { number: s.person }, items: [{ productCode: 'MAT', quantity: 3 }] });
  const paid = await s.json(`/invoices/${first}/payments`, { body: { amount: 100, date: '2026-03-15' } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return Object.assign(s, { firstInvoice: first });
}

describe(`a test server's database (${onPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('after a previous user wrote to it, equals a database migrated from empty: schema, rows and key counters', async () => {
    const fresh = await freshlyMigrated();
    expect(Object.keys(fresh).length).toBeGreaterThan(20);
    const before = await busyServer();
    const previousTarget = before.target;
    expect(await dump(before.app.ctx.db)).not.toEqual(fresh); // the previous user really wrote
    await before.close();

    const s = await startTestServer();
    open.push(s);
    // On PostgreSQL the pool hands the same schema out again: this is the reuse being proved, not a new schema.
    if (onPostgres()) expect(s.target).toBe(previousTarget);
    expect(await dump(s.app.ctx.db)).toEqual(fresh);
  });

  it('numbers start again where a fresh database starts them, and no setting, customer or product of the previous user is left', async () => {
    const before = await busyServer();
    const put = await before.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { kidScheme: 'MOD11', kidLength: 10 } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await before.close();

    const s = await startTestServer();
    open.push(s);
    const settings = await s.json('/originators/current/settings');
    expect(settings.status).toBe(200);
    expect(JSON.stringify(settings.body)).not.toContain('Fjordkraft');
    expect(JSON.stringify(settings.body)).not.toContain('MOD11');
    expect(JSON.stringify((await s.json('/recipients/')).body)).not.toContain('Fjord Bygg');
    expect(JSON.stringify((await s.json('/products/')).body)).not.toContain('Konsulenttime');
    const r = await s.json('/recipients/', { body: recipient() });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.res.headers.get('location')).toMatch(/\/recipients\/1$/);
    await s.close();
    open.pop();

    const d = await startDocServer();
    open.push(d);
    expect(d.company).toBe(1);
    // The previous user's first invoice had the series' first number (10001 unless set otherwise): so does this one's.
    expect(before.firstInvoice).toBe(10001);
    expect(await issueInvoice(d, { recipient: { number: d.company }, items: [{ productCode: 'A1', quantity: 1 }] })).toBe(10001);
    expect(await issueInvoice(d, { recipient: { number: d.company }, items: [{ productCode: 'A1', quantity: 1 }] })).toBe(10002);
    const list = await d.json('/recipients/1');
    expect(list.status).toBe(200);
  });

  it('a new SQLite file given by path starts as a file migrated from empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvitt-test-databases-'));
    try {
      const migratedFile = join(dir, 'migrated.sqlite');
      const opened = openDatabase(migratedFile);
      await migrateToLatest(opened.db);
      const fresh = await dump(opened.db);
      await opened.close();
      const s = await startTestServer({ dbFile: join(dir, 'copied.sqlite') });
      try {
        expect(await dump(s.app.ctx.db)).toEqual(fresh);
        expect(s.app.database.raw.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(s.app.database.raw.pragma('integrity_check', { simple: true })).toBe('ok');
        const r = await s.json('/recipients/', { body: recipient() });
        expect(r.res.headers.get('location')).toMatch(/\/recipients\/1$/);
      } finally {
        await s.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('what the planner learnt of the previous rows (ANALYZE) is not handed on: the next database plans as a fresh one', async () => {
    const fresh = await freshlyMigrated();
    const before = await startTestServer();
    for (let i = 0; i < 3; i++) expect((await before.json('/recipients/', { body: recipient() })).status).toBe(201);
    await sql`analyze`.execute(before.app.ctx.db);
    const previousTarget = before.target;
    await before.close();

    const s = await startTestServer();
    open.push(s);
    if (onPostgres()) {
      expect(s.target).not.toBe(previousTarget);
      const schema = new URL(s.target).searchParams.get('schema');
      const stats = await sql<{ n: number }>`select count(*)::int as n from pg_catalog.pg_stats where schemaname = ${schema}`.execute(s.app.ctx.db);
      expect(stats.rows[0].n).toBe(0);
    }
    expect(await dump(s.app.ctx.db)).toEqual(fresh);
  });

  it('a database whose schema a test changed is never handed out again as it was', async () => {
    const fresh = await freshlyMigrated();
    const before = await startTestServer();
    await failAuditStep(before.app.ctx.db, true); // a trigger (and on PostgreSQL a function) left behind
    const previousTarget = before.target;
    await before.close();

    const s = await startTestServer();
    open.push(s);
    if (onPostgres()) expect(s.target).not.toBe(previousTarget);
    expect(await dump(s.app.ctx.db)).toEqual(fresh);
    const r = await s.json('/recipients/', { body: recipient() });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});
