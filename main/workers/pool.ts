/**
 * The one pool of worker threads for CPU work, so the API and the window keep answering while hundreds of documents are
 * rendered or a big report is written. Two kinds of task, one worker program (worker.ts) for both:
 * - `runTask(name, input)` (main/task-table.ts): a value back (an outbox PDF or mail). At most `poolSize()` workers for these:
 *   KVITT_WORKERS, else one less than the cores (at least 1, at most 4), each at the OS priority of niceOf, each handed
 *   up to DEPTH tasks at once (run in turn) so it never waits for this thread between two.
 *   Where no worker can start (no worker file, KVITT_WORKERS=0) or a worker dies, these run in the calling thread.
 * - `streamTask(name, input, {onNote, signal})` (main/stream-table.ts): a file in chunks (reports), at most CREDIT chunks ahead of
 *   what the caller has taken, and small notes (progress) as they come. At most STREAMS at once, in workers of their own
 *   beside the value tasks', so a long export never holds up the outbox. A stream stopped half way ends its worker.
 * Workers start when needed; one idle after a stream, or beyond `poolSize()`, ends after 30 s (a worker's module graph
 * is 100+ MB from source; exports are rare, PDFs come in bursts).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type MessagePort, Worker } from 'node:worker_threads';
import { CHUNK_RELEASE, type ReleasableChunk } from '../ops/define.js';
import { OpError } from '../ops/errors.js';
import type { FromWorker, ToWorker, WorkerError } from './messages.js';
import { isOpCode } from '../ops/op-codes.js';

/**
 * The tasks by name, as the composition root declares them (main/task-table.ts, main/stream-table.ts merge their tables
 * into these): the pool imports no task, so no area it serves is imported by it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ValueTasks {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StreamTasks {}
type Fn = (...args: never[]) => unknown;
export type TaskName = keyof ValueTasks & string;
export type TaskInput<N extends TaskName> = ValueTasks[N] extends (input: infer I) => unknown ? I : never;
export type TaskOutput<N extends TaskName> = ValueTasks[N] extends Fn ? Awaited<ReturnType<ValueTasks[N]>> : never;
export type StreamName = keyof StreamTasks & string;
export type StreamInput<N extends StreamName> = StreamTasks[N] extends (input: infer I, note: never) => unknown ? I : never;
export type StreamNote<N extends StreamName> = StreamTasks[N] extends (input: never, note: (n: infer T) => void) => unknown ? T : never;

/** The value tasks this thread runs itself where no worker can: main/task-table.ts registers them when loaded. */
let registered: Record<string, (input: never) => unknown> = {};
export function registerTasks(table: Record<string, (input: never) => unknown>): void {
  registered = { ...registered, ...table };
}

/** Streaming tasks at once. */
const STREAMS = 2;
/**
 * Value tasks handed to one worker at once: the next waits in the worker's own queue, so the worker starts it as soon
 * as the last one is done instead of waiting for this thread to take the answer and send the next (the outbox's
 * worker sat idle between mails while this thread was busy with SMTP).
 */
const DEPTH = 2;
const busyWith = (s: Slot, kind: Kind) => s.jobs.length > 0 && s.jobs[0].kind === kind;
/** An idle worker's time to live (KVITT_WORKER_IDLE_MS for tests). */
const idleMs = () => Number(process.env.KVITT_WORKER_IDLE_MS) || 30_000;

type Kind = 'value' | 'stream';
interface Job {
  id: number;
  kind: Kind;
  name: string;
  input: unknown;
  slot: Slot | null;
  /** Gets the worker's messages of this job; the pool frees the slot after the last (value, end, error). */
  deliver(m: FromWorker): void;
  /** The worker stopped under it (a value task then runs here; a stream fails). */
  lost(): void;
}
interface Slot {
  worker: Worker;
  /** In hand: one stream, or up to DEPTH value tasks (the worker runs them in turn). */
  jobs: Job[];
  retired: boolean;
  idle?: NodeJS.Timeout;
}

const slots: Slot[] = [];
const queues: Record<Kind, Job[]> = { value: [], stream: [] };
let broken = false;
let nextId = 1;

function inThread(job: Job): void {
  Promise.resolve()
    .then(() => {
      const task = registered[job.name] as ((input: unknown) => unknown) | undefined;
      if (!task) throw new Error(`task ${job.name} is not registered (main/task-table.ts registers the tasks when it is loaded)`);
      return task(job.input);
    })
    .then((value) => job.deliver({ id: job.id, value }), (e: unknown) => job.deliver({ id: job.id, error: errorOf(e) }));
}

/**
 * Built: out/main/task-worker.js beside the main bundle (this code may sit in out/main/chunks/); from source: worker.ts.
 * Looked up once when found (it was an existsSync per task on the outbox's path).
 */
let foundWorkerFile: { url: URL; ts: boolean } | null = null;
function workerFile(): { url: URL; ts: boolean } | null {
  if (foundWorkerFile) return foundWorkerFile;
  try {
    for (const [name, ts] of [['./task-worker.js', false], ['../task-worker.js', false], ['./worker.ts', true]] as const) {
      const url = new URL(name, import.meta.url);
      if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return (foundWorkerFile = { url, ts });
    }
  } catch {
    // no file URL for this module: tasks run in this thread
  }
  return null;
}

/**
 * From source: a worker does not get the tsx loader of the main thread (tsx registers its hooks in the main thread
 * only), so the worker registers it itself (tsx's API, a dev dependency) before it loads worker.ts.
 */
function tsWorker(url: URL): (workerData: WorkerData) => Worker {
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return (workerData) => new Worker(code, { eval: true, workerData, transferList: Object.values(workerData.ports) });
}

/**
 * What a worker is told when it starts: its OS priority (nice value; the worker lowers its own thread's), and the
 * ports to what this thread shares with every worker (`registerWorkerPorts`; e.g. the EHF rule threads).
 */
export interface WorkerData {
  nice: number;
  ports: Record<string, MessagePort>;
}

/** Makes, for each worker the pool starts, the ports it is handed (main/app.ts: one per shared service, named). */
let makePorts: () => Record<string, MessagePort> = () => ({});
export function registerWorkerPorts(make: () => Record<string, MessagePort>): void {
  makePorts = make;
}

/**
 * Nice values of the workers, one per worker (Linux lowers the worker thread's own priority; elsewhere ignored).
 * KVITT_WORKER_NICE: a comma list (e.g. "0,19"; the last repeats); default 0. Measured (README, Performance → Sending):
 * at 10 the API's thread always wins (GET p99 while sending 0.4-1.6x idle) but on a machine busy with other programs
 * the renders starve (half the mails/s of nice 0), so the default stays 0, with one core left to the API (poolSize).
 */
function niceOf(i: number): number {
  const list = (process.env.KVITT_WORKER_NICE ?? '').split(',').filter((x) => x.trim() !== '').map(Number);
  if (!list.length) return 0;
  const n = list[Math.min(i, list.length - 1)];
  return Number.isFinite(n) ? Math.max(0, Math.min(19, n)) : 0;
}

/** The cores, asked once (a system call, and poolSize() is asked several times per task). */
const cores = availableParallelism();

function poolSize(): number {
  const configured = process.env.KVITT_WORKERS;
  if (configured !== undefined && configured !== '') return Math.max(0, Math.min(8, Number(configured) || 0));
  // One core stays for the API's thread: a worker on every core (even at a lower priority) was slower on 2 cores (README).
  return Math.max(1, Math.min(4, cores - 1));
}

/** Whether tasks go to worker threads (else value tasks run in this thread and streams are not offered). */
export function workersAvailable(): boolean {
  return !broken && poolSize() > 0 && workerFile() !== null;
}

const limit = (kind: Kind) => (kind === 'value' ? poolSize() : STREAMS);

function spawn(): Slot | null {
  const file = workerFile();
  if (!file) return null;
  const start = file.ts ? tsWorker(file.url) : (workerData: WorkerData) => new Worker(file.url, { workerData, transferList: Object.values(workerData.ports) });
  const slot: Slot = { worker: start({ nice: niceOf(slots.length), ports: makePorts() }), jobs: [], retired: false };
  slot.worker.unref();
  slot.worker.on('message', (m: FromWorker) => {
    const job = slot.jobs.find((j) => j.id === m.id);
    if (!job) return;
    if ('value' in m || 'end' in m || 'error' in m) free(slot, job);
    job.deliver(m);
  });
  slot.worker.on('error', () => !slot.retired && giveUp());
  slot.worker.on('exit', () => !slot.retired && giveUp());
  slots.push(slot);
  return slot;
}

/** Ends a worker on purpose (a stream stopped half way, idle too long): its exit is no failure. */
function retire(slot: Slot): void {
  slot.retired = true;
  clearTimeout(slot.idle);
  slots.splice(slots.indexOf(slot), 1);
  void slot.worker.terminate();
}

function free(slot: Slot, job: Job): void {
  const ranStream = job.kind === 'stream';
  job.slot = null;
  slot.jobs.splice(slot.jobs.indexOf(job), 1);
  if (!slot.jobs.length && (ranStream || slots.length > poolSize())) {
    slot.idle = setTimeout(() => !slot.jobs.length && retire(slot), idleMs());
    slot.idle.unref();
  }
  queueMicrotask(dispatch);
}

/** A worker died or could not start: what the workers had in hand, and every value task after, runs in this thread. */
function giveUp(): void {
  broken = true;
  const inHand = slots.splice(0).flatMap((s) => ((s.retired = true), void s.worker.terminate(), s.jobs));
  for (const job of [...inHand, ...queues.value.splice(0), ...queues.stream.splice(0)]) job.lost();
}

function dispatch(): void {
  for (const kind of ['value', 'stream'] as const) {
    while (queues[kind].length) {
      let slot: Slot | null = null;
      if (slots.filter((s) => busyWith(s, kind)).length < limit(kind)) {
        slot = slots.find((s) => !s.jobs.length) ?? null;
        try {
          slot ??= spawn();
        } catch {
          slot = null;
        }
        if (!slot) return giveUp();
      } else if (kind === 'value') {
        // Every worker busy: one with room in its queue takes the next (the least loaded first).
        slot = slots.filter((s) => busyWith(s, 'value') && s.jobs.length < DEPTH).sort((a, b) => a.jobs.length - b.jobs.length)[0] ?? null;
      }
      if (!slot) break;
      clearTimeout(slot.idle);
      const job = queues[kind].shift()!;
      slot.jobs.push(job);
      job.slot = slot;
      slot.worker.postMessage({ id: job.id, name: job.name, input: job.input, stream: kind === 'stream' } satisfies ToWorker);
    }
  }
}

function errorOf(e: unknown): WorkerError {
  if (e instanceof OpError) return { message: e.message, status: e.status, code: e.code, fields: e.fields, params: e.params };
  return { message: e instanceof Error ? e.message : String(e) };
}
/** The error a worker reported, as it was thrown there (an OpError keeps its code, hence its status, and fields). */
function thrown(e: WorkerError): Error {
  return e.code && isOpCode(e.code) ? new OpError(e.code, e.message, e.fields, e.params) : new Error(e.message);
}

/** Runs a task of main/task-table.ts in a worker thread (or here, where none can run); rejects with the task's error. */
export function runTask<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
  return new Promise<TaskOutput<N>>((resolve, reject) => {
    const job: Job = {
      id: nextId++,
      kind: 'value',
      name,
      input,
      slot: null,
      deliver: (m) => {
        if ('error' in m) reject(thrown(m.error));
        else if ('value' in m) resolve((m.value instanceof Uint8Array ? Buffer.from(m.value.buffer, m.value.byteOffset, m.value.byteLength) : m.value) as TaskOutput<N>);
      },
      lost: () => inThread(job),
    };
    if (!workersAvailable()) return inThread(job);
    queues.value.push(job);
    dispatch();
  });
}

/**
 * Runs a streaming task of main/stream-table.ts in a worker thread and yields its bytes as they come. `onNote` gets the task's
 * notes at once; `signal` stops it at once (ahead of chunks still waiting), throwing the signal's reason. Stopping the
 * iteration half way (return, throw, abort) ends the worker. Only where `workersAvailable()`.
 */
export async function* streamTask<N extends StreamName>(
  name: N,
  input: StreamInput<N>,
  opts: { onNote?: (note: StreamNote<N>) => void; signal?: AbortSignal } = {},
): AsyncGenerator<Buffer> {
  const queue: (FromWorker | { aborted: true })[] = [];
  let wake: (() => void) | null = null;
  const push = (m: FromWorker | { aborted: true }, first = false) => (first ? queue.unshift(m) : queue.push(m), wake?.());
  const job: Job = { id: nextId++, kind: 'stream', name, input, slot: null, deliver: push, lost: () => push({ id: 0, error: { message: 'the worker thread stopped' } }) };
  const onAbort = () => push({ aborted: true }, true);
  opts.signal?.addEventListener('abort', onAbort);
  let finished = false;
  try {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (!workersAvailable()) throw new Error('no worker threads for streaming tasks');
    queues.stream.push(job);
    dispatch();
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      wake = null;
      const m = queue.shift()!;
      if ('aborted' in m) throw opts.signal!.reason;
      if ('chunk' in m) {
        const memory = m.chunk.buffer as ArrayBuffer;
        const chunk: ReleasableChunk = Buffer.from(memory, m.chunk.byteOffset, m.chunk.byteLength);
        const worker = job.slot?.worker;
        // Written by the transport: the memory goes back to the worker for a later chunk (a no-op once it has ended).
        chunk[CHUNK_RELEASE] = () => {
          try {
            worker?.postMessage({ spare: memory } satisfies ToWorker, [memory]);
          } catch {
            // the worker has ended, or the memory was handed on already
          }
        };
        yield chunk;
        job.slot?.worker.postMessage({ id: job.id, more: true } satisfies ToWorker);
      } else if ('note' in m) opts.onNote?.(m.note as StreamNote<N>);
      else if ('end' in m) return void (finished = true);
      else if ('error' in m) throw ((finished = true), thrown(m.error));
    }
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    const waiting = queues.stream.indexOf(job);
    if (waiting >= 0) queues.stream.splice(waiting, 1);
    // Stopped half way: the worker may be deep in a query or a write; it is ended, not told.
    if (!finished && job.slot) {
      const slot = job.slot;
      job.slot = null;
      retire(slot);
      dispatch();
    }
  }
}

/** How many workers run now (0: none started, or tasks run in the calling thread). */
export function taskWorkers(): number {
  return slots.length;
}

/** Ends the workers (new ones start on the next task); value tasks in hand finish in this thread, streams fail. */
export async function stopTaskPool(): Promise<void> {
  const current = slots.splice(0);
  for (const s of current) (s.retired = true), clearTimeout(s.idle);
  const lost = [...current.flatMap((s) => s.jobs), ...queues.value.splice(0), ...queues.stream.splice(0)];
  broken = false;
  await Promise.all(current.map((s) => s.worker.terminate()));
  for (const job of lost) job.lost();
}
