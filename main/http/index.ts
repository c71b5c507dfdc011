/**
 * The http area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { buildHttpServer } from './server.js';
