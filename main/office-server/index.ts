/**
 * The office-server area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { certificateMatches, type Connection, connectionHandlers, readConnection, remoteStartUrl, remoteUrlCheck } from './connection.js';
export { startPublicListener } from './public-listener.js';
export { startServing } from './serve.js';
