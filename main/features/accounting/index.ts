/**
 * The accounting area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { saftFile, saftFileName, saftOrgNumber } from './saft.file.js';
export { type Term, termDates, vatSummary } from './vat-summary.js';
