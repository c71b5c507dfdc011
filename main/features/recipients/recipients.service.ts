/**
 * The recipients service, the area's entry: what other areas and the operations use, from the files that hold it —
 * checking an input (recipients.check.ts), writing (recipients.write.ts), one recipient's view (recipients.read.ts) and
 * the list with its search (recipients.search.ts).
 */
export { FIELDS_MEMO, searchText } from './recipients.check.js';
export { createRecipientRows, createRecipients, deleteRecipient, updateRecipient } from './recipients.write.js';
export { getRecipient, getRecipientRow, type RecipientListItem, type RecipientView } from './recipients.read.js';
export { listRecipients, recipientNumbers, searchPatterns, streamRecipients, type RecipientFilter } from './recipients.search.js';
