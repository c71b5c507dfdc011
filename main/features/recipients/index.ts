/**
 * The recipients area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { type RecipientInput } from './recipients.schema.js';
export { createRecipientRows, createRecipients, type RecipientView, streamRecipients } from './recipients.service.js';
