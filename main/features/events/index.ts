/**
 * The events area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { type EventInput, type SignupInput } from './events.schema.js';
export { createEvent, eventRow } from './events.service.js';
export { isPaid, participantsFrom } from './events.view.js';
export { cancelParticipant, confirmParticipant, getParticipant } from './participants.service.js';
export { signup } from './signup.service.js';
