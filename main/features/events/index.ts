/**
 * The events area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { type EventInput, type SignupInput } from './events.schema.js';
export { createEvent, eventRow } from './events.service.js';
export { isPaid, participantsFrom } from './events.view.js';
export { cancelParticipant, confirmParticipant, getParticipant } from './participants.service.js';
export { signup } from './signup.service.js';
