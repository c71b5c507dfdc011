/**
 * The recurring area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { startRecurringRuns } from './recurring.run.js';
