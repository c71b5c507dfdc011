// Starts report-worker.ts from source (tests, `tsx main/headless.ts`): registers the TypeScript loader in this worker
// thread first. The built app starts out/main/report-worker.js directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
