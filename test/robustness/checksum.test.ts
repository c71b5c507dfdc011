/**
 * The database checksum the robustness suite relies on ("nothing written" after every refused request,
 * test/helpers/db-probe.ts): it must see any write, however small, on SQLite and PostgreSQL alike, and nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseChecksum } from './../helpers/db-probe.js';
import { onPostgres } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

test('reads leave it alone; a new row, one changed cell and a deleted row each change it', async () => {
  const first = await databaseChecksum(s.app.ctx.db);
  expect((await s.json('/labels/')).status).toBe(200);
  expect(await databaseChecksum(s.app.ctx.db)).toBe(first);

  const created = await s.json('/labels/', { body: { name: 'Faste' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const withLabel = await databaseChecksum(s.app.ctx.db);
  expect(withLabel).not.toBe(first);

  await s.app.ctx.db.updateTable('labels').set({ name: 'Fastf' }).where('number', '=', created.body.number).execute();
  const renamed = await databaseChecksum(s.app.ctx.db);
  expect(renamed).not.toBe(withLabel);

  await s.app.ctx.db.deleteFrom('labels').where('number', '=', created.body.number).execute();
  expect(await databaseChecksum(s.app.ctx.db)).not.toBe(renamed);
});

test('a refused request leaves it as it was', async () => {
  const before = await databaseChecksum(s.app.ctx.db);
  const refused = await s.json('/labels/', { body: { name: '' } });
  expect(refused.status).toBe(400);
  expect(await databaseChecksum(s.app.ctx.db)).toBe(before);
});

// The checksum is made again only when a cheap change key moved (db-probe.ts): these are the writes the app's own
// connection does not make, and a key that moves without a change.
test("a row written by another connection, a new table and a row changed to what it was are seen; a write rolled back is not a change", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-checksum-'));
  const f = await startTestServer({ dbFile: onPostgres() ? undefined : join(dir, 'kvitt.db') });
  try {
    const db = f.app.ctx.db;
    const created = await f.json('/labels/', { body: { name: 'Faste' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const first = await databaseChecksum(db);
    expect(await databaseChecksum(db)).toBe(first);

    // another connection (another process would be the same): a row renamed there
    if (onPostgres()) {
      const u = new URL(f.target);
      const schema = u.searchParams.get('schema')!;
      u.searchParams.delete('schema');
      const c = new pg.Client({ connectionString: u.toString() });
      await c.connect();
      try {
        await c.query(`update ${schema}.labels set name = 'Andre' where number = $1`, [created.body.number]);
      } finally {
        await c.end();
      }
    } else {
      const other = new Database(f.target);
      try {
        other.prepare('update labels set name = ? where number = ?').run('Andre', created.body.number);
      } finally {
        other.close();
      }
    }
    const renamed = await databaseChecksum(db);
    expect(renamed).not.toBe(first);

    // a write rolled back moves the key, not the rows: the same sum
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('labels').set({ name: 'Tredje' }).where('number', '=', created.body.number).execute();
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await databaseChecksum(db)).toBe(renamed);

    // and back to the first name: the first sum again, whatever keys came between
    await db.updateTable('labels').set({ name: 'Faste' }).where('number', '=', created.body.number).execute();
    expect(await databaseChecksum(db)).toBe(first);

    // a new table (DDL, no row written)
    await sql`create table checksum_probe (probe integer)`.execute(db);
    expect(await databaseChecksum(db)).not.toBe(first);
  } finally {
    await f.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
