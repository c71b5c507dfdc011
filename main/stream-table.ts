/**
 * The streaming tasks of the worker pool (main/workers/pool.ts `streamTask`), named at the composition root: long work
 * whose answer is a file of any size, sent back in chunks while it is made, never more than CREDIT chunks ahead of what
 * the caller has taken. A task gets its input and `note`, which sends a small message (progress) to the caller at once,
 * and yields the file's bytes. Only worker threads run them (worker.ts loads this table with its first stream). To add
 * one, add a line here.
 */
import { reportFileTask, type ReportJob, type ReportNote } from './features/reports/report-task.js';
import { saftFileTask, type SaftJob, type SaftNote } from './features/reports/saft-task.js';

export const streams = {
  /** A JSON, CSV or XLSX report, read through the worker's own database connection. */
  'report.file': (job: ReportJob, note: (n: ReportNote) => void): AsyncIterable<Uint8Array> => reportFileTask(job, note),
  /** The SAF-T Financial file (issue 27). */
  'saft.file': (job: SaftJob, note: (n: SaftNote) => void): AsyncIterable<Uint8Array> => saftFileTask(job, note),
} satisfies Record<string, (input: never, note: never) => AsyncIterable<Uint8Array>>;

type Streams = typeof streams;
declare module './workers/pool.js' {
  interface StreamTasks extends Streams {}
}
