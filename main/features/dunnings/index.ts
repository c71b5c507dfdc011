/**
 * The dunnings area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { startDailyDunnings } from './auto-run.js';
export { dunningSource } from './dunning.source.js';
