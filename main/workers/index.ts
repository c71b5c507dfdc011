/**
 * The workers area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { registerTasks, registerWorkerPorts, runTask, streamTask, workersAvailable } from './pool.js';
