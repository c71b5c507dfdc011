/**
 * The streaming tasks of the worker pool (main/workers/pool.ts `streamTask`), named at the composition root: long work
 * whose answer is a file of any size, sent back in chunks while it is made, never more than CREDIT chunks ahead of what
 * the caller has taken. A task gets its input and `note`, which sends a small message (progress) to the caller at once,
 * and yields the file's bytes. Only worker threads run them (worker.ts loads this table with its first stream). Each
 * task loads its own modules when it first runs, so a worker making a SAF-T file does not also carry the reports' (from
 * source, under tsx, that was 28 MB of the worker's memory). To add one, add a line here.
 */
import type { ReportJob, ReportNote } from './features/reports/report-task.js';
import type { SaftJob, SaftNote } from './features/reports/saft-task.js';

export const streams = {
  /** A JSON, CSV or XLSX report, read through the worker's own database connection. */
  'report.file': async function* (job: ReportJob, note: (n: ReportNote) => void): AsyncIterable<Uint8Array> {
    const { reportFileTask } = await import('./features/reports/report-task.js');
    yield* reportFileTask(job, note);
  },
  /** The SAF-T Financial file (issue 27). */
  'saft.file': async function* (job: SaftJob, note: (n: SaftNote) => void): AsyncIterable<Uint8Array> {
    const { saftFileTask } = await import('./features/reports/saft-task.js');
    yield* saftFileTask(job, note);
  },
} satisfies Record<string, (input: never, note: never) => AsyncIterable<Uint8Array>>;

type Streams = typeof streams;
declare module './workers/pool.js' {
  interface StreamTasks extends Streams {}
}
