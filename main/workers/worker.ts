/**
 * A worker thread of the task pool (pool.ts): {id, name, input} in, {id, value} or {id, error} out. Built as
 * out/main/task-worker.js (electron.vite.config.ts); from source it runs under the tsx loader.
 */
import { parentPort } from 'node:worker_threads';
import { tasks, type TaskName } from './tasks.js';

const port = parentPort!;
port.on('message', async ({ id, name, input }: { id: number; name: TaskName; input: never }) => {
  try {
    const task = tasks[name] as ((input: never) => unknown) | undefined;
    if (!task) throw new Error(`unknown task ${name}`);
    const value = await task(input);
    if (value instanceof Uint8Array) {
      // A Buffer may share a pooled ArrayBuffer: copy it out once, then hand the copy over without another.
      const bytes = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : new Uint8Array(value);
      port.postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer]);
    } else {
      port.postMessage({ id, value });
    }
  } catch (e) {
    port.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
