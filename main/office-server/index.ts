/**
 * The office-server area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { certificateMatches, type Connection, connectionHandlers, readConnection, remoteStartUrl, remoteUrlCheck } from './connection.js';
export { startPublicListener } from './public-listener.js';
export { startServing } from './serve.js';
