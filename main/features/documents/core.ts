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
export { internationalOf, internationalShape, type International, type InternationalSource } from './international.js';
export { originatorSnapshot, recipientSnapshot } from './party.js';
export { deliveryAddressShape, draftItemDetail, draftItemShape, itemShape, originatorShape, recipientShape, type Snapshot } from './read-shapes.js';
export { verifyContentHash } from './content-hash.js';
export { DOCUMENT_KINDS, type DocumentKind, draftPath, issuedPath, KIND_LABEL } from './document-kinds.js';
export { type DocRow, draftRow, issuedRow, type LineRow, linesOf, type NewLineRow, numbersOf, totalsColumns } from './document-rows.js';
export { buildView, buildViews } from './document-view.builder.js';
export { Closed, DocumentKindView, DraftListItemView, DraftView, HistoryEntryView, InternationalView, IssuedRef, Kr, NullDate, NullStr, partiesFields, PartyAddressView, ShipmentMethodView, ShipmentStatusView, ShipmentView, textFields } from './documents.output.js';
export { CreditNoteInput, CreditTransferInput, DraftInput, DraftListQuery, InvoiceListQuery, ItemInput, LIMITS, LostInput, PaymentInput, RefundInput, SumsQuery } from './documents.schema.js';
export { createDraft, deleteDraft, insertDraft, INVOICE_KINDS, kindsServedWith, updateDraft } from './documents.service.js';
export { addDays, checkDraft, type CheckedDraft, computeLines, lineFromItem, MAX_DUE_DAYS } from './draft-input.js';
export { ehfOf, FILE_STEM, pdfOf } from './files.service.js';
export { creditableLeft, type Issued, issueDraft, issueNew, type IssueOptions } from './issue.service.js';
export { takeSeriesNumbers } from './numbering.js';
export { checkEhf, ehfRuleParams, runEhfChecksWith } from './ehf-check.js';
