/**
 * `npm run test:pg` (scripts/test-pg.mjs): the unit/integration suite again on PostgreSQL. KVITT_TEST_DATABASE holds the
 * URL; test/helpers/server.ts then gives every test server a fresh schema of that database.
 *
 * Excluded here, each with its reason (they run in the SQLite pass, `npm run test:unit`); nothing else is skipped:
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export const postgresExcluded: Record<string, string> = {
  // SQLite files themselves: backups, restore, start-up checks of the file, WAL/pragma/integrity checks.
  'test/backups/backups.test.ts': 'SQLite file backups (the backup API of better-sqlite3); PostgreSQL uses pg_dump',
  'test/robustness/backups-restore.test.ts': 'SQLite file backups/restore and pragmas',
  'test/robustness/startup.test.ts': 'start-up checks of the SQLite file (lock file, damaged file, unwritable folder)',
  'test/db/migrations.test.ts': 'reads sqlite_master and opens SQLite files directly',
  // Tests that read or write the database through the raw (synchronous) better-sqlite3 connection, app.database.raw.
  'test/robustness/fuzz.test.ts': 'checksums the database through app.database.raw (test/robustness/world.ts)',
  'test/robustness/audit-atomic.test.ts': 'installs a SQLite trigger through app.database.raw (world.ts)',
  'test/robustness/classes.test.ts': 'checksums the database through app.database.raw (world.ts)',
  'test/robustness/ehf-chars.test.ts': 'writes dirty text with app.database.raw.prepare(...)',
  'test/sending/outbox.test.ts': 'reads audit_log with app.database.raw.prepare(...)',
  'test/sending/issue-and-send.test.ts': 'counts rows with app.database.raw.prepare(...)',
  'test/sending/delivery-options.test.ts': 'counts outbox rows with app.database.raw.prepare(...)',
  'test/seed/seed.test.ts': 'reads ledger_entries with app.database.raw.prepare(...)',
  'test/offers/offers.test.ts': 'checks the immutability triggers with app.database.raw (2 tests)',
};

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: Object.keys(postgresExcluded),
    },
  }),
);
