/**
 * The dunnings area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { startDailyDunnings } from './auto-run.js';
export { dunningSource } from './dunning.source.js';
