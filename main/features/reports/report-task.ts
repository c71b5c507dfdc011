/**
 * A report made in a worker thread of the pool (main/stream-table.ts `report.file`, started by report-off-thread.ts):
 * opens its own read connection to the database (SQLite: the same file again, read-only, which WAL lets read beside the
 * app's writes; PostgreSQL: a connection of its own), produces the file with the same code the main thread uses
 * (report-generate.ts `generate`) and yields it chunk by chunk; the row count, rows written and phase go to `note` at once.
 */
import type { AppContext } from '../../context.js';
import { openReadConnection as open } from './worker-db.js';
import { reportByResource } from './registry.js';
import { generate } from './report-generate.js';
import type { ReportRequest } from './report.types.js';

export interface ReportJob {
  /** SQLite file or PostgreSQL URL. */
  target: string;
  today: string;
  timestamp: string;
  resource: string;
  req: ReportRequest;
}
export type ReportNote = { total: number } | { rows: number } | { phase: string };

export async function* reportFileTask(job: ReportJob, note: (n: ReportNote) => void): AsyncGenerator<Uint8Array> {
  const def = reportByResource.get(job.resource);
  if (!def) throw new Error(`unknown report ${job.resource}`);
  const database = await open(job.target);
  try {
    const ctx: AppContext = { db: database.db, clock: { today: () => job.today, timestamp: () => job.timestamp }, dataDir: null };
    yield* generate(ctx, def, job.req, { total: (n) => note({ total: n }), rows: (n) => note({ rows: n }), phase: (name) => note({ phase: name }) });
  } finally {
    await database.close();
  }
}
