/**
 * The database connection a worker thread opens for a long read (reports, the SAF-T file): SQLite the same file again,
 * read-only (WAL lets it read beside the app's writes), PostgreSQL a connection of its own.
 *
 * A PostgreSQL connection is kept by the worker between jobs on the same database and closed once no job has used it
 * for KEEP_MS: opening one costs the server a new backend process (and openPostgres a second, short one to check the
 * schema), which was most of a small report's cost in office mode (every report is made in a worker there). A kept
 * connection holds no transaction and no lock between jobs, so it stands in nobody's way; each query sees the last
 * commit as a new connection would. SQLite files are opened per job: that costs no server and holds no file open
 * after the job.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { openPostgres } from '../../../db/connection.js';
import { isPostgresUrl } from '../../../db/dialect.js';
import type { Database } from '../../../db/schema.js';

export interface ReadConnection {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** How long a worker keeps an unused PostgreSQL connection (KVITT_WORKER_PG_KEEP_MS for tests). */
const keepMs = () => Number(process.env.KVITT_WORKER_PG_KEEP_MS ?? 5_000);

interface Kept {
  opened: Promise<ReadConnection>;
  users: number;
  timer?: NodeJS.Timeout;
}
const kept = new Map<string, Kept>();

/** How many PostgreSQL connections this thread keeps now (for tests). */
export const keptConnections = () => kept.size;

function keptPostgres(target: string): Promise<ReadConnection> {
  let k = kept.get(target);
  if (!k) {
    const entry: Kept = { opened: openPostgres(target, { max: 1 }), users: 0 };
    kept.set(target, (k = entry));
    // A connection that could not be opened is not kept: the next job tries again (and reports its own error).
    entry.opened.catch(() => kept.get(target) === entry && kept.delete(target));
  }
  const entry = k;
  entry.users += 1;
  clearTimeout(entry.timer);
  const release = async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.timer = setTimeout(() => {
      if (entry.users > 0 || kept.get(target) !== entry) return;
      kept.delete(target);
      void entry.opened.then((c) => c.close()).catch(() => {});
    }, keepMs());
    entry.timer.unref(); // a worker ending is not held up by it: its connections end with it
  };
  return entry.opened.then(
    (c) => ({ db: c.db, close: release }),
    async (e) => {
      await release();
      throw e;
    },
  );
}

export async function openReadConnection(target: string): Promise<ReadConnection> {
  if (isPostgresUrl(target)) return keptPostgres(target);
  const binding = process.env.KVITT_SQLITE_BINDING;
  const raw = new SqliteDatabase(target, { readonly: true, fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  return { db, close: () => db.destroy() };
}
