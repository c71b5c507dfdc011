/**
 * Big reports are produced in a worker thread of the pool (main/workers/, streaming task `report.file`: report-task.ts),
 * so the server keeps answering while one is written (issue 13): the worker opens its own read connection and sends the
 * file back in chunks, at most CREDIT ahead of what the HTTP response (or IPC) has taken, so memory stays flat however
 * big the file; a cancel stops the stream at once and ends that worker.
 *
 * The choice is made in one place, `workerTarget`: an in-memory database (tests) cannot be opened by a second
 * connection, so there the report runs in this thread as before (chunks with a turn of the event loop in between).
 */
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { streamTask, workersAvailable } from '../../workers/index.js';
import { generate } from './report-generate.js';
import { cancelledError, type ProgressSink, type ReportProgress } from './report-progress.js';
import type { ReportJob, ReportNote } from './report-task.js';
import type { ReportDef, ReportRequest } from './report.types.js';

/** The database a worker can open for this request, or null: run in this thread. The one place the choice is made. */
export function workerTarget(ctx: AppContext, req: ReportRequest): string | null {
  if (!ctx.dbTarget || process.env.KVITT_REPORTS_IN_THREAD) return null;
  if (req.format === 'JSON' && req.maxRows !== undefined) return null; // a preview: small, answered at once
  return workersAvailable() ? ctx.dbTarget : null;
}

const nowhere: ProgressSink = { total: () => {}, rows: () => {}, phase: () => {} };

function noted(sink: ProgressSink) {
  return (n: ReportNote) => ('total' in n ? sink.total(n.total) : 'rows' in n ? sink.rows(n.rows) : sink.phase(n.phase));
}

/**
 * The bytes of a JSON, CSV or XLSX report: from a worker when the database allows, else from this thread. Its
 * progress ends done, failed, or cancelled (by DELETE, or by the client closing the download).
 */
export async function* reportBytes(ctx: AppContext, def: ReportDef, req: ReportRequest, progress: ReportProgress | null): AsyncGenerator<Buffer> {
  const target = workerTarget(ctx, req);
  let end: 'done' | 'failed' | 'cancelled' = 'cancelled';
  try {
    if (!target) {
      for await (const part of generate(ctx, def, req, progress ?? nowhere)) {
        if (progress?.cancelled) throw cancelledError();
        yield part;
      }
    } else {
      const job: ReportJob = { target, today: ctx.clock.today(), timestamp: ctx.clock.timestamp(), resource: def.resource, req };
      const stop = new AbortController();
      progress?.whenCancelled(() => stop.abort(cancelledError()));
      yield* streamTask('report.file', job, { onNote: noted(progress ?? nowhere), signal: stop.signal });
    }
    end = 'done';
  } catch (e) {
    if (!(e instanceof OpError && e.code === 'CANCELLED')) end = 'failed';
    throw e;
  } finally {
    progress?.finish(end);
  }
}
