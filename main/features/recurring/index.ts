/**
 * The recurring area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { startRecurringRuns } from './recurring.run.js';
