/**
 * Which database the tests run on: SQLite in memory, or PostgreSQL when KVITT_TEST_DATABASE holds a postgres:// URL
 * (`npm run test:pg`). On PostgreSQL every empty test database is a fresh schema (`t_<random>`) of that database, made by
 * openPostgres (`?schema=`) and dropped again by `drop()`. A migrated test database (every test server's) is a copy of a
 * migrated image on SQLite (test/helpers/migrated-sqlite.ts) and a pooled schema reset to what the migrations left on
 * PostgreSQL (test/helpers/schema-pool.ts): the same database as a fresh one migrated, without running the migrations.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openAnyDatabase, openDatabase, type OpenedDatabase } from '../../db/connection.js';
import { isPostgresUrl } from '../../db/dialect.js';
import { migratedSqliteImage } from './migrated-sqlite.js';
import { acquireSchema, releaseSchema } from './schema-pool.js';
import { noteTestDatabase } from './test-database-stats.js';

export const testPostgresUrl = (): string | null => {
  // Seen by test/helpers/database-guard.ts: a test file classed database-free (test/helpers/database-dependent.ts) must
  // never get here, or the PostgreSQL pass, which leaves such files out, would miss it.
  (globalThis as { __kvittTestDatabaseChosen?: boolean }).__kvittTestDatabaseChosen = true;
  return isPostgresUrl(process.env.KVITT_TEST_DATABASE) ? process.env.KVITT_TEST_DATABASE! : null;
};
export const onPostgres = () => testPostgresUrl() !== null;

export interface TestDatabase {
  /** A file, `:memory:` or a postgres:// URL with `schema=`: what openApp takes. */
  target: string;
  /** SQLite in memory, migrated: the image to open it from (openApp's `sqliteImage`, openDatabase's `image`). */
  sqliteImage?: Buffer;
  drop(): Promise<void>;
}

/**
 * A fresh, empty test database: `:memory:` (or `file` when given) on SQLite, a new schema on PostgreSQL. `url` picks
 * PostgreSQL for one test whatever the pass (the office browser tests run on PostgreSQL when CI has a cluster).
 */
export function testDatabase(file?: string, url: string | null = testPostgresUrl()): TestDatabase {
  if (!url || file) return { target: file ?? ':memory:', drop: async () => {} };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  return {
    target: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A freshly migrated test database, exactly as testDatabase() and the migrations would make it, without running them:
 * SQLite in memory opens from the migrated image (`sqliteImage`), a new SQLite file (`file`) is written from it, a
 * PostgreSQL schema comes from the process's pool and goes back to it, reset, on `drop()`.
 */
export async function migratedTestDatabase(file?: string, url: string | null = testPostgresUrl()): Promise<TestDatabase> {
  if (file) {
    // A new file in a folder that exists starts as the migrated image (the migrations' fsyncs cost ~0.5 s a file); an
    // existing file (a test reopening its database) and a missing folder (openApp makes it, with its mode) as before.
    if (!existsSync(file) && existsSync(dirname(file))) {
      writeFileSync(file, await migratedSqliteImage(), { flag: 'wx' });
      noteTestDatabase('sqlite-file-copy');
    }
    return testDatabase(file, url);
  }
  if (!url) {
    noteTestDatabase('sqlite-copy');
    return { target: ':memory:', sqliteImage: await migratedSqliteImage(), drop: async () => {} };
  }
  const schema = await acquireSchema(url);
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  let dropped = false;
  return {
    target: u.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await releaseSchema(url, schema);
    },
  };
}

/** Opens a test database made by migratedTestDatabase (or testDatabase) as openApp would. */
export function openTestDatabase(t: TestDatabase): Promise<OpenedDatabase> {
  return t.sqliteImage ? Promise.resolve(openDatabase(t.target, { image: t.sqliteImage })) : openAnyDatabase(t.target);
}

/**
 * A migrated test database for a whole file or describe block (SQLite in memory, or a fresh PostgreSQL schema in the pg
 * pass), opened before its tests and dropped after them: `const t = useMigratedDatabase(); … t.db`.
 */
export function useMigratedDatabase(): { readonly db: OpenedDatabase['db'] } {
  let tdb: TestDatabase | undefined;
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    tdb = await migratedTestDatabase();
    opened = await openTestDatabase(tdb);
  });
  afterAll(async () => {
    await opened?.close();
    await tdb?.drop();
  });
  return {
    get db() {
      if (!opened) throw new Error('useMigratedDatabase: the database opens in beforeAll');
      return opened.db;
    },
  };
}
