/**
 * inTx(…, { syncOnCommit: false }) (db/connection.ts withoutCommitSync): on SQLite that one transaction commits with
 * synchronous = NORMAL (no fsync on the thread that answers requests), and no other transaction ever commits with it:
 * one waiting meanwhile runs after it, with FULL, and FULL is back after a commit and after a rollback. What it wrote is
 * committed (read back through a second connection).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { inTx } from '../../main/ops/transaction.js';

const FULL = 2;
const NORMAL = 1;

describe('a transaction that does not wait for the disk at COMMIT (SQLite)', () => {
  let dir: string;
  let opened: OpenedDatabase;
  let other: SqliteDatabase.Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kvitt-sync-'));
    const file = join(dir, 'sync.sqlite');
    opened = openDatabase(file);
    await migrateToLatest(opened.db);
    other = new SqliteDatabase(file, { readonly: true });
  });
  afterAll(async () => {
    other.close();
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const sync = () => opened.raw.pragma('synchronous', { simple: true });
  const label = (name: string) => other.prepare('select count(*) n from labels where name = ?').get(name) as { n: number };

  test('its own commit is NORMAL; a transaction started meanwhile waits and commits FULL; FULL afterwards', async () => {
    expect(sync()).toBe(FULL);
    const ctx = { db: opened.db };
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const relaxed = inTx(
      ctx,
      async ({ db }) => {
        await db.insertInto('labels').values({ name: 'relaxed' } as never).execute();
        order.push(`relaxed sees ${sync()}`);
        await held;
        order.push('relaxed commits');
      },
      { syncOnCommit: false },
    );
    await new Promise((r) => setImmediate(r));
    const ordinary = inTx(ctx, async ({ db }) => {
      order.push(`ordinary sees ${sync()}`);
      await db.insertInto('labels').values({ name: 'ordinary' } as never).execute();
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await Promise.all([relaxed, ordinary]);
    expect(order).toEqual([`relaxed sees ${NORMAL}`, 'relaxed commits', `ordinary sees ${FULL}`]);
    expect(sync()).toBe(FULL);
    expect(label('relaxed').n).toBe(1);
    expect(label('ordinary').n).toBe(1);
  });

  test('a rollback writes nothing and leaves FULL', async () => {
    await expect(
      inTx(
        { db: opened.db },
        async ({ db }) => {
          await db.insertInto('labels').values({ name: 'rolled back' } as never).execute();
          throw new Error('no');
        },
        { syncOnCommit: false },
      ),
    ).rejects.toThrow('no');
    expect(sync()).toBe(FULL);
    expect(label('rolled back').n).toBe(0);
  });
});
