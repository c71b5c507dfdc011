/**
 * The document core's one entry: what every document kind (invoices, credit notes, offers, order confirmations, and
 * later kinds) builds on. Other areas import from here, not from the files behind it.
 *
 * - rows and kinds: the documents/document_lines rows, reading them in bulk, the API paths of each kind;
 * - drafts: the draft body (schema), checking it into rows, writing, updating and deleting drafts;
 * - issuing: numbering, snapshots, totals, content hash; every writer joins the caller's transaction (inTx);
 * - reading: the shared read shapes (parties, items, delivery address, international block) and the document view
 *   the PDF and EHF writers take.
 */
export { DOCUMENT_KINDS, draftPath, issuedPath, KIND_LABEL, type DocumentKind } from './document-kinds.js';
export { draftRow, issuedRow, linesOf, numbersOf, totalsColumns, type DocRow, type LineRow, type NewLineRow } from './document-rows.js';
export { DraftInput, DraftListQuery, ItemInput, LIMITS } from './documents.schema.js';
export { createDraft, deleteDraft, insertDraft, INVOICE_KINDS, kindsServedWith, updateDraft } from './documents.service.js';
export { addDays, checkDraft, computeLines, lineFromItem, type CheckedDraft } from './draft-input.js';
export { creditableLeft, issueDraft, issueNew, type IssueOptions, type Issued } from './issue.service.js';
export { takeSeriesNumbers } from './numbering.js';
export { verifyContentHash } from './content-hash.js';
export { internationalOf, internationalShape, type International, type InternationalSource } from './international.js';
export { originatorSnapshot, recipientSnapshot } from './party.js';
export { deliveryAddressShape, draftItemDetail, draftItemShape, itemShape, originatorShape, recipientShape, type Snapshot } from './read-shapes.js';
export { buildView, buildViews } from './document-view.builder.js';
