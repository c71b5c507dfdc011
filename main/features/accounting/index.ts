/**
 * The accounting area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { saftFile, saftFileName, saftOrgNumber } from './saft.file.js';
export { type Term, termDates, vatSummary } from './vat-summary.js';
