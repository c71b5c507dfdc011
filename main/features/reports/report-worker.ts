/**
 * The report worker thread (see report-off-thread.ts): takes one job at a time, opens its own read connection to the
 * database, produces the file with the same code the main thread uses (report.runner.ts `generate`) and posts it in
 * chunks, never more than CREDIT ahead of what the main thread has taken; rows written and the row count go along.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { parentPort } from 'node:worker_threads';
import { openPostgres } from '../../../db/connection.js';
import { isPostgresUrl } from '../../../db/dialect.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { reportByResource } from './registry.js';
import { CREDIT, type WorkerJob, type WorkerMessage } from './report-off-thread.js';
import { generate } from './report.runner.js';

const port = parentPort!;
const post = (m: WorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
let credit = 0;
let more: (() => void) | null = null;

async function open(target: string): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (isPostgresUrl(target)) return openPostgres(target, { max: 1 });
  const binding = process.env.KVITT_SQLITE_BINDING;
  const raw = new SqliteDatabase(target, { readonly: true, fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  return { db, close: () => db.destroy() };
}

async function run(job: WorkerJob): Promise<void> {
  credit = CREDIT;
  const database = await open(job.target);
  try {
    const def = reportByResource.get(job.resource);
    if (!def) throw new Error(`unknown report ${job.resource}`);
    const ctx: AppContext = { db: database.db, clock: { today: () => job.today, timestamp: () => job.timestamp }, dataDir: null };
    const progress = { total: (n: number) => post({ total: n }), rows: (n: number) => post({ rows: n }) };
    for await (const part of generate(ctx, def, job.req, progress)) {
      while (credit <= 0) await new Promise<void>((r) => (more = r));
      credit--;
      const chunk = new Uint8Array(part); // its own buffer (a Buffer may share a pool), moved, not copied, to the main thread
      post({ chunk }, [chunk.buffer]);
    }
    post({ end: true });
  } catch (e) {
    const err = e as Error;
    post({ error: e instanceof OpError ? { message: err.message, status: e.status, code: e.code, fields: e.fields } : { message: err.message } });
  } finally {
    await database.close();
  }
}

port.on('message', (m: { job?: WorkerJob; more?: true }) => {
  if (m.more) {
    credit++;
    more?.();
    more = null;
  } else if (m.job) void run(m.job);
});
