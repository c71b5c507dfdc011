/**
 * How many test databases a process made, and how: with KVITT_TEST_DB_STATS=<file> every event below is appended to
 * that file as one line (its name), so a whole pass can be counted (docs/testing.md, "Where the time goes").
 */
import { appendFileSync } from 'node:fs';

export type TestDatabaseEvent =
  /** Migrations run from empty to make a test database (the SQLite image once per process, each new PostgreSQL schema). */
  | 'migrated'
  /** A SQLite test database opened as a copy of the migrated image. */
  | 'sqlite-copy'
  /** A new SQLite test file written from the migrated image. */
  | 'sqlite-file-copy'
  /** A PostgreSQL schema handed out again from the pool. */
  | 'schema-reused'
  /** A PostgreSQL schema reset to what the migrations left, for the pool. */
  | 'schema-reset'
  /** A PostgreSQL schema dropped instead of reset: a test had changed its tables, triggers or functions. */
  | 'schema-dropped';

export const testDatabaseStats: Record<TestDatabaseEvent, number> = { migrated: 0, 'sqlite-copy': 0, 'sqlite-file-copy': 0, 'schema-reused': 0, 'schema-reset': 0, 'schema-dropped': 0 };

export function noteTestDatabase(event: TestDatabaseEvent): void {
  testDatabaseStats[event]++;
  const file = process.env.KVITT_TEST_DB_STATS;
  if (file) appendFileSync(file, `${event}\n`);
}
