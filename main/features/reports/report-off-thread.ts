/**
 * Big reports are produced in a worker thread, so the server keeps answering while one is written (issue 13): the
 * worker opens its own read connection (SQLite: the same file again, which WAL lets read beside the writer; PostgreSQL:
 * its own connection), runs the report's query and writer (report.runner.ts `generate`, the same code as in this
 * thread) and sends the file back in chunks. Flow control: the worker sends at most CREDIT chunks ahead of what the
 * HTTP response (or IPC) has taken, so memory stays flat however big the file. Workers are kept (at most MAX_WORKERS,
 * idle ones do not keep the process alive and end after IDLE_MS); one that is cancelled or fails is ended.
 *
 * The choice is made in one place, `workerTarget`: an in-memory database (tests) cannot be opened by a second
 * connection, so there the report runs in this thread as before (chunks with a turn of the event loop in between).
 * When SENDPERF's generic pool (main/workers/) lands, `acquire`/`release` fold into it as one task.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { generate, type ProgressSink } from './report.runner.js';
import { cancelledError, type ReportProgress } from './report-progress.js';
import type { ReportDef, ReportRequest } from './report.types.js';

/** Chunks the worker may send ahead of the consumer. */
export const CREDIT = 4;
const MAX_WORKERS = 2;

export interface WorkerJob {
  /** SQLite file or PostgreSQL URL. */
  target: string;
  today: string;
  timestamp: string;
  resource: string;
  req: ReportRequest;
}
export type WorkerMessage =
  | { chunk: Uint8Array }
  | { total: number }
  | { rows: number }
  | { end: true }
  | { error: { message: string; status?: number; code?: string; fields?: OpError['fields'] } };

function workerFile(): { url: URL; boot: boolean } | null {
  try {
    // Built: out/main/report-worker.js beside index.js (this code may sit in out/main/chunks/); from source: this
    // folder's report-worker.ts, started through a tiny bootstrap that registers the TypeScript loader in the worker
    // (tsx, present wherever sources run).
    for (const name of ['./report-worker.js', '../report-worker.js']) {
      const built = new URL(name, import.meta.url);
      if (built.protocol === 'file:' && existsSync(fileURLToPath(built))) return { url: built, boot: false };
    }
    const source = new URL('./report-worker.ts', import.meta.url);
    if (source.protocol === 'file:' && existsSync(fileURLToPath(source))) return { url: source, boot: true };
  } catch {
    // no file URL for this module: reports run in this thread
  }
  return null;
}

/** The database a worker can open for this request, or null: run in this thread. The one place the choice is made. */
export function workerTarget(ctx: AppContext, req: ReportRequest): string | null {
  if (!ctx.dbTarget || process.env.KVITT_REPORTS_IN_THREAD) return null;
  if (req.format === 'JSON' && req.maxRows !== undefined) return null; // a preview: small, answered at once
  return workerFile() ? ctx.dbTarget : null;
}

const idle: Worker[] = [];
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<Worker> {
  while (!idle.length && running >= MAX_WORKERS) await new Promise<void>((r) => waiting.push(r));
  running++;
  const w = idle.pop();
  if (w) {
    clearTimeout(idleTimers.get(w));
    return w;
  }
  const file = workerFile()!;
  const worker = file.boot
    ? new Worker(new URL('./report-worker-boot.mjs', import.meta.url), { workerData: { entry: file.url.href } })
    : new Worker(file.url);
  worker.unref();
  worker.on('error', () => {}); // reported to the job that runs (its own listener); an idle one just goes
  worker.on('exit', () => {
    const i = idle.indexOf(worker);
    if (i >= 0) idle.splice(i, 1);
  });
  return worker;
}

/** An idle worker holds its module graph (tens of MB): it is ended after this long without a job. */
const IDLE_MS = 30_000;
const idleTimers = new WeakMap<Worker, NodeJS.Timeout>();

function release(w: Worker | null): void {
  running--;
  if (w) {
    idle.push(w);
    const timer = setTimeout(() => {
      const i = idle.indexOf(w);
      if (i >= 0) idle.splice(i, 1), void w.terminate();
    }, IDLE_MS);
    timer.unref();
    idleTimers.set(w, timer);
  }
  waiting.shift()?.();
}

/** Stops the idle workers (tests; app close). */
export async function stopReportWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((w) => w.terminate()));
}

function sinkOf(progress: ReportProgress | null): ProgressSink {
  return {
    total: (n) => progress && (progress.total = n),
    rows: (n) => progress && (progress.rows += n),
  };
}

/** The bytes of a JSON, CSV or XLSX report: from the worker when the database allows, else from this thread. */
export async function* reportBytes(ctx: AppContext, def: ReportDef, req: ReportRequest, progress: ReportProgress | null): AsyncGenerator<Buffer> {
  const target = workerTarget(ctx, req);
  try {
    if (!target) {
      for await (const part of generate(ctx, def, req, sinkOf(progress))) {
        if (progress?.cancelled) throw cancelledError();
        yield part;
      }
      return;
    }
    const job: WorkerJob = { target, today: ctx.clock.today(), timestamp: ctx.clock.timestamp(), resource: def.resource, req };
    yield* viaWorker(job, sinkOf(progress), progress);
  } finally {
    progress?.finish();
  }
}

async function* viaWorker(job: WorkerJob, sink: ProgressSink, progress: ReportProgress | null): AsyncGenerator<Buffer> {
  const w = await acquire();
  const queue: (WorkerMessage | { cancelled: true })[] = [];
  let wake: (() => void) | null = null;
  const push = (m: WorkerMessage | { cancelled: true }) => {
    queue.push(m);
    wake?.();
  };
  const onError = (e: Error) => push({ error: { message: e.message } });
  const onExit = () => push({ error: { message: 'the report worker stopped' } });
  w.on('message', push);
  w.on('error', onError);
  w.on('exit', onExit);
  progress?.whenCancelled(() => {
    queue.unshift({ cancelled: true }); // before any chunk still waiting: nothing more goes out
    wake?.();
  });
  let clean = false;
  try {
    w.postMessage({ job });
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      wake = null;
      const m = queue.shift()!;
      if ('chunk' in m) {
        yield Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
        w.postMessage({ more: true });
      } else if ('total' in m) sink.total(m.total);
      else if ('rows' in m) sink.rows(m.rows);
      else if ('end' in m) {
        clean = true;
        return;
      } else if ('cancelled' in m) throw cancelledError();
      else {
        const e = m.error;
        throw e.status && e.code ? new OpError(e.status, e.code, e.message, e.fields) : new Error(`report worker: ${e.message}`);
      }
    }
  } finally {
    w.off('message', push);
    w.off('error', onError);
    w.off('exit', onExit);
    // A worker stopped half way (the download was closed, cancelled, or failed) is ended, not reused.
    if (!clean) void w.terminate();
    release(clean ? w : null);
  }
}
