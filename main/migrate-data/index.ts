/**
 * The migrate-data area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { runMigrateData } from './cli.js';
