/**
 * A pool of worker threads for CPU work (PDF rendering for the outbox; reports may add theirs in tasks.ts), so the
 * API and the window keep answering while hundreds of documents are rendered. `runTask(name, input)` queues a task;
 * each worker takes one at a time. Size: KVITT_WORKERS, else one less than the cores (at least 1, at most 4).
 * Where no worker can start (no worker file, KVITT_WORKERS=0) or a worker dies, tasks run in the calling thread.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { tasks, type TaskInput, type TaskName, type TaskOutput } from './tasks.js';

interface Job {
  id: number;
  name: TaskName;
  input: unknown;
  resolve(v: unknown): void;
  reject(e: Error): void;
}
interface Slot {
  worker: Worker;
  job: Job | null;
}

let slots: Slot[] | null = null;
let broken = false;
let nextId = 1;
const queue: Job[] = [];

function inThread(job: Job): void {
  Promise.resolve()
    .then(() => (tasks[job.name] as (input: unknown) => unknown)(job.input))
    .then(job.resolve, (e: unknown) => job.reject(e instanceof Error ? e : new Error(String(e))));
}

/** Built: out/main/task-worker.js beside the main bundle; from source (tsx, tests): worker.ts in this folder. */
function workerFile(): { url: URL; ts: boolean } | null {
  try {
    for (const [name, ts] of [['./task-worker.js', false], ['./worker.ts', true]] as const) {
      const url = new URL(name, import.meta.url);
      if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return { url, ts };
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
function tsWorker(url: URL): () => Worker {
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return () => new Worker(code, { eval: true });
}

function poolSize(): number {
  const configured = process.env.KVITT_WORKERS;
  if (configured !== undefined && configured !== '') return Math.max(0, Math.min(8, Number(configured) || 0));
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** A worker died or could not start: what it had in hand, and everything after, runs in this thread. */
function giveUp(): void {
  broken = true;
  const pending = [...(slots ?? []).flatMap((s) => (s.job ? [s.job] : [])), ...queue.splice(0)];
  for (const s of slots ?? []) void s.worker.terminate();
  slots = null;
  for (const job of pending) inThread(job);
}

function startSlots(): Slot[] | null {
  if (slots || broken) return slots;
  const size = poolSize();
  const file = size > 0 ? workerFile() : null;
  if (!file) {
    broken = true;
    return null;
  }
  try {
    const start = file.ts ? tsWorker(file.url) : () => new Worker(file.url);
    slots = Array.from({ length: size }, () => {
      const slot: Slot = { worker: start(), job: null };
      slot.worker.unref();
      slot.worker.on('message', (m: { id: number; value?: unknown; bytes?: Uint8Array; error?: string }) => {
        const job = slot.job;
        if (!job || job.id !== m.id) return;
        slot.job = null;
        if (m.error !== undefined) job.reject(new Error(m.error));
        else job.resolve(m.bytes ? Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength) : m.value);
        dispatch();
      });
      slot.worker.on('error', giveUp);
      slot.worker.on('exit', () => slots?.includes(slot) && giveUp());
      return slot;
    });
  } catch {
    giveUp();
  }
  return slots;
}

function dispatch(): void {
  if (!slots) return;
  for (const slot of slots) {
    if (slot.job || !queue.length) continue;
    const job = queue.shift()!;
    slot.job = job;
    slot.worker.postMessage({ id: job.id, name: job.name, input: job.input });
  }
}

/** Runs a task of tasks.ts in a worker thread (or here, where none can run); rejects with the task's error. */
export function runTask<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
  return new Promise<TaskOutput<N>>((resolve, reject) => {
    const job: Job = { id: nextId++, name, input, resolve: resolve as (v: unknown) => void, reject };
    if (!startSlots()) return inThread(job);
    queue.push(job);
    dispatch();
  });
}

/** How many workers run (0: tasks run in the calling thread). */
export function taskWorkers(): number {
  return startSlots()?.length ?? 0;
}

/** Ends the workers (a new pool starts on the next task); tasks in hand finish in this thread. */
export async function stopTaskPool(): Promise<void> {
  const current = slots ?? [];
  const pending = [...current.flatMap((s) => (s.job ? [s.job] : [])), ...queue.splice(0)];
  slots = null;
  broken = false;
  await Promise.all(current.map((s) => s.worker.terminate()));
  for (const job of pending) inThread(job);
}
