/**
 * The invoices area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { balanceAt, balanceNok, invoicesWithClaimAt, CASH_LEDGER_KINDS, cashNok, cashNokOf, creditedInFull, inNok, isOpen, outstandingNok } from './claim.sql.js';
export { creditInvoice } from './credit-notes.service.js';
export { listDrafts, streamDrafts } from './invoice-lists.js';
export { stateWhere } from './invoice-state.sql.js';
export { draftShapes } from './invoices.read.js';
export { getDraft, invoiceWithBalance } from './invoices.service.js';
export { markLost, registerPayment, reversePayment } from './payments.service.js';
