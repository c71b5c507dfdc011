/**
 * The SAF-T file made in a worker thread of the pool (main/stream-table.ts `saft.file`): its own read connection
 * (worker-db.ts), the file from main/features/accounting/saft.file.ts chunk by chunk, vouchers written and the phase as
 * notes for the progress bar.
 */
import type { AppContext } from '../../context.js';
import { saftFile } from '../accounting/index.js';
import { openReadConnection } from './worker-db.js';

export interface SaftJob {
  target: string;
  today: string;
  timestamp: string;
  from: string;
  to: string;
}
export type SaftNote = { rows: number } | { phase: string };

export async function* saftFileTask(job: SaftJob, note: (n: SaftNote) => void): AsyncGenerator<Uint8Array> {
  const database = await openReadConnection(job.target);
  try {
    const ctx: AppContext = { db: database.db, clock: { today: () => job.today, timestamp: () => job.timestamp }, dataDir: null };
    yield* saftFile(ctx, job.from, job.to, { vouchers: (n) => note({ rows: n }), phase: (name) => note({ phase: name }) });
  } finally {
    await database.close();
  }
}
