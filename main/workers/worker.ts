/**
 * A worker thread of the pool (pool.ts), built as out/main/task-worker.js (electron.vite.config.ts); from source it runs
 * under the tsx loader. The worker's own composition root: it loads main/task-table.ts with its first value task and
 * main/stream-table.ts with its first stream (a worker that only makes a report never loads the PDF and mail code).
 * One stream, or value tasks one after the other (the pool may queue a few here); the messages are in messages.ts.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { tasks } from '../task-table.js';
import { CHUNK, CREDIT, type FromWorker, type ToWorker, type WorkerError } from './messages.js';

export type { FromWorker, ToWorker, WorkerError } from './messages.js';
type TaskName = keyof typeof tasks;

const port = parentPort!;

// A lower OS priority for this thread alone (Linux: setpriority on the thread's id, from /proc/thread-self), so the
// thread that answers the API gets the CPU first; where that cannot be done the worker runs as it is.
const nice = (workerData as { nice?: number } | null)?.nice ?? 0;
if (nice > 0 && process.platform === 'linux') {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // not allowed or no /proc: normal priority
  }
}
const post = (m: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

/** A Buffer may share a pooled ArrayBuffer: copied out once, then handed over without another copy. */
const own = (b: Uint8Array) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b));

function errorOf(e: unknown): WorkerError {
  const err = e as Partial<WorkerError> & Error;
  const coded = typeof err?.status === 'number' && typeof err.code === 'string';
  return coded ? { message: err.message, status: err.status, code: err.code, fields: err.fields, params: err.params } : { message: e instanceof Error ? e.message : String(e) };
}

let valueTasks: Promise<typeof import('../task-table.js')> | null = null;

async function runValue(id: number, name: TaskName, input: never): Promise<void> {
  const { tasks } = await (valueTasks ??= import('../task-table.js'));
  const task = tasks[name] as ((input: never) => unknown) | undefined;
  if (!task) throw new Error(`unknown task ${name}`);
  const value = await task(input);
  if (value instanceof Uint8Array) {
    const bytes = own(value);
    post({ id, value: bytes }, [bytes.buffer as ArrayBuffer]);
  } else if (value && typeof value === 'object' && Object.values(value).some((v) => v instanceof Uint8Array)) {
    // An object of byte arrays (an outbox mail and its PDF): each handed over, not copied.
    const out: Record<string, unknown> = { ...value };
    const transfer: ArrayBuffer[] = [];
    for (const [k, v] of Object.entries(out)) {
      if (!(v instanceof Uint8Array)) continue;
      const bytes = own(v);
      if (transfer.includes(bytes.buffer as ArrayBuffer)) continue;
      out[k] = bytes;
      transfer.push(bytes.buffer as ArrayBuffer);
    }
    post({ id, value: out }, transfer);
  } else post({ id, value });
}

let values: Promise<void> = Promise.resolve();
let credit = 0;
let more: (() => void) | null = null;

async function runStream(id: number, name: string, input: never): Promise<void> {
  // Loaded with the first stream: the reports' module graph is most of a worker's start, and the outbox's worker
  // (PDFs and mails) never needs it.
  const { streams } = await import('../stream-table.js');
  const task = streams[name as keyof typeof streams] as ((input: never, note: (n: unknown) => void) => AsyncIterable<Uint8Array>) | undefined;
  if (!task) throw new Error(`unknown streaming task ${name}`);
  credit = CREDIT;
  // The task's parts are copied into chunks of CHUNK bytes (a part is read before the task is asked for the next, so a
  // task may reuse its own buffer); a chunk's memory is one the caller handed back when it could (spare), else new.
  let out: Uint8Array | null = null;
  let used = 0;
  const send = async () => {
    while (credit <= 0) await new Promise<void>((r) => (more = r));
    credit--;
    const chunk = out!.subarray(0, used);
    out = null;
    used = 0;
    post({ id, chunk }, [chunk.buffer as ArrayBuffer]);
  };
  for await (const part of task(input, (note) => post({ id, note }))) {
    for (let at = 0; at < part.byteLength; ) {
      out ??= new Uint8Array(spare.pop() ?? new ArrayBuffer(CHUNK));
      const n = Math.min(part.byteLength - at, CHUNK - used);
      out.set(part.subarray(at, at + n), used);
      used += n;
      at += n;
      if (used === CHUNK) await send();
    }
  }
  if (used) await send();
  post({ id, end: true });
}

/** Chunks' memory handed back by the caller, for the next chunks (at most what is in flight, CREDIT + a few). */
const spare: ArrayBuffer[] = [];

port.on('message', (m: ToWorker) => {
  if ('spare' in m) {
    if (m.spare.byteLength === CHUNK && spare.length < CREDIT * 2) spare.push(m.spare);
    return;
  }
  if ('more' in m) {
    credit++;
    more?.();
    more = null;
    return;
  }
  const fail = (e: unknown) => post({ id: m.id, error: errorOf(e) });
  if (m.stream) runStream(m.id, m.name, m.input as never).catch(fail);
  // Value tasks in turn: the pool may send the next before this one is done (pool.ts DEPTH).
  else values = values.then(() => runValue(m.id, m.name as TaskName, m.input as never).catch(fail));
});
