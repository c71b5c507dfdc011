/**
 * The migrate-data area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { runMigrateData } from './cli.js';
