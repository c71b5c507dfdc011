/**
 * `npm run test:pg` (scripts/test-pg.mjs): the unit/integration suite again on PostgreSQL. KVITT_TEST_DATABASE holds the
 * URL; test/helpers/server.ts then gives every test server a fresh schema of that database.
 *
 * Only the database-dependent files run here (test/helpers/database-dependent.ts: a file whose imports reach
 * KVITT_TEST_DATABASE; the others run the very same code in the SQLite pass). Of those, excluded here, each with its
 * reason (they run in the SQLite pass, `npm run test:unit`); nothing else is skipped:
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';
import { splitByDatabase } from './test/helpers/database-dependent.js';

export const postgresExcluded: Record<string, string> = {
  // SQLite files themselves: backups, restore, start-up checks of the file, WAL/pragma/integrity checks.
  'test/backups/backups.test.ts': 'SQLite file backups (the backup API of better-sqlite3); PostgreSQL uses pg_dump',
  'test/robustness/backups-restore.test.ts': 'SQLite file backups/restore and pragmas',
  'test/robustness/startup.test.ts': 'start-up checks of the SQLite file (lock file, damaged file, unwritable folder)',
  'test/db/migrations.test.ts': 'reads sqlite_master and opens SQLite files directly',
  'test/backups/opened-backup.test.ts': 'a SQLite backup file opened from the file manager (docs/installer.md)',
};

/**
 * Single tests (by name) in files that otherwise run on PostgreSQL, each with its reason. None now: tests look at the
 * database through Kysely (app.ctx.db, test/helpers/db-probe.ts), never through the raw better-sqlite3 connection.
 */
export const postgresExcludedTests: Record<string, string> = {};

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const merged = mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: Object.keys(postgresExcluded),
      // (an empty list must not become `(?:)`, which would match every name and skip everything)
      ...(Object.keys(postgresExcludedTests).length
        ? { testNamePattern: new RegExp(`^(?!.*(?:${Object.keys(postgresExcludedTests).map(escape).join('|')}))`) }
        : {}),
    },
  }),
);

// mergeConfig would add to the base's include list; here it is replaced by the database-dependent files.
merged.test!.include = splitByDatabase().database;
export default merged;
