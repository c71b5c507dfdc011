/**
 * A freshly migrated SQLite database without running the migrations again: the first call migrates an in-memory
 * database and keeps its serialized image (`raw.serialize()`), and every test database after it opens as a copy of
 * that image (`openDatabase(':memory:', { image })`, `openApp({ sqliteImage })`), with the connection's pragmas set as
 * for any other database. One image per process (a vitest worker): a copy is the very database the migrations made,
 * schema, rows they insert and AUTOINCREMENT counters alike (test/db/test-databases.test.ts proves it).
 */
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { noteTestDatabase } from './test-database-stats.js';

let image: Promise<Buffer> | undefined;

/** The serialized image of a freshly migrated SQLite database (made once per process). */
export function migratedSqliteImage(): Promise<Buffer> {
  image ??= (async () => {
    noteTestDatabase('migrated');
    const opened = openDatabase(':memory:');
    try {
      await migrateToLatest(opened.db);
      return opened.raw.serialize();
    } finally {
      await opened.close();
    }
  })();
  return image;
}
