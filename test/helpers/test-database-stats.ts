/**
 * How many test databases a process made, and how: with KVITT_TEST_DB_STATS=<file> each test process appends one line
 * of JSON to that file when it exits (docs/testing.md, "Where the time goes": the counts per pass come from it).
 */
import { appendFileSync } from 'node:fs';

export const testDatabaseStats = {
  /** Migrations run from empty to make a test database (SQLite image, new PostgreSQL schema). */
  migrations: 0,
  /** SQLite test databases opened as a copy of the migrated image. */
  sqliteCopies: 0,
  /** PostgreSQL schemas handed out from the pool (reset after their last user), and schemas reset for the pool. */
  schemasReused: 0,
  schemasReset: 0,
  /** Schemas dropped instead of reset: a test had changed their tables, triggers or functions. */
  schemasDropped: 0,
};

const file = process.env.KVITT_TEST_DB_STATS;
if (file) process.on('exit', () => appendFileSync(file, JSON.stringify({ pid: process.pid, ...testDatabaseStats }) + '\n'));
