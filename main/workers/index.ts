/**
 * The workers area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { registerTasks, runTask, streamTask, workersAvailable } from './pool.js';
