/**
 * The users area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { type Actor, asActor, LEGACY_OWNER } from './actor.js';
export { actorForKeyHash, keyHash } from './users.service.js';
export { randomSecret } from './secrets.js';
export { endSessionByToken, endSessionsOf, sessionActor, startSession } from './sessions.service.js';
