/**
 * The users area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { type Actor, asActor, LEGACY_OWNER } from './actor.js';
export { actorForKeyHash, keyHash } from './users.service.js';
export { randomSecret } from './secrets.js';
export { endSessionByToken, endSessionsOf, sessionActor, startSession } from './sessions.service.js';
