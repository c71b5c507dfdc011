/**
 * The recipients area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { type RecipientInput } from './recipients.schema.js';
export { createRecipientRows, createRecipients, type RecipientView, streamRecipients } from './recipients.service.js';
