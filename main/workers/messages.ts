/**
 * What the pool (pool.ts) and a worker thread (worker.ts) say to each other. Neither knows the tasks: the composition
 * root names them (main/task-table.ts, main/stream-table.ts).
 * - a task: {id, name, input} in, {id, value} or {id, error} out;
 * - a streaming task: {id, name, input, stream: true} in; {id, note} as the task sends them, {id, chunk} never more
 *   than CREDIT ahead of the {id, more} the pool sends back for each chunk taken, then {id, end} or {id, error}. A
 *   chunk is CHUNK bytes of the file (the last may be shorter) in an ArrayBuffer handed over; once the caller has written
 *   it, {spare} hands that ArrayBuffer back and the worker writes a later chunk into it (streams make no garbage).
 */
import type { FieldError } from '../ops/errors.js';

/** Chunks a worker may send ahead of the caller. */
export const CREDIT = 4;
/** Bytes of a streamed chunk. */
export const CHUNK = 64 * 1024;

export type ToWorker = { id: number; name: string; input: unknown; stream: boolean } | { id: number; more: true } | { spare: ArrayBuffer };
export interface WorkerError {
  message: string;
  status?: number;
  code?: string;
  fields?: FieldError[];
  params?: Record<string, string | number>;
}
export type FromWorker =
  | { id: number; value: unknown }
  | { id: number; chunk: Uint8Array }
  | { id: number; note: unknown }
  | { id: number; end: true }
  | { id: number; error: WorkerError };
