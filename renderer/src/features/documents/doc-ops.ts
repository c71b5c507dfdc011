/**
 * Operation names of the documents area, in one place, checked by tsc against the table (main/op-table.ts): a renamed
 * or removed operation breaks the renderer's build here. Each kind's drafts, issue and files.
 */
import type { FileOpName, OpName, OpTree } from '../../api/op-types';
import type { DocKind } from './document.types';

export interface DraftOps {
  create: OpName;
  get: OpName;
  update: OpName;
  remove: OpName;
  issue: OpName;
  pdf: FileOpName | null;
  /** Read the issued document. */
  getIssued: OpName;
  issuedPdf: FileOpName;
}

export const DRAFT_OPS = {
  invoice: {
    create: 'invoices.createDraft',
    get: 'invoices.getDraft',
    update: 'invoices.updateDraft',
    remove: 'invoices.deleteDraft',
    issue: 'invoices.issueDraft',
    pdf: 'invoices.draftPdf',
    getIssued: 'invoices.get',
    issuedPdf: 'invoices.pdf',
  },
  'credit-note': {
    create: 'invoices.createDraft',
    get: 'invoices.getDraft',
    update: 'invoices.updateDraft',
    remove: 'invoices.deleteDraft',
    issue: 'invoices.issueDraft',
    pdf: 'invoices.draftPdf',
    getIssued: 'invoices.getCreditNote',
    issuedPdf: 'invoices.creditNotePdf',
  },
  offer: {
    create: 'offers.createDraft',
    get: 'offers.getDraft',
    update: 'offers.updateDraft',
    remove: 'offers.deleteDraft',
    issue: 'offers.issueDraft',
    pdf: 'offers.draftPdf',
    getIssued: 'offers.get',
    issuedPdf: 'offers.pdf',
  },
  'order-confirmation': {
    create: 'orderConfirmations.createDraft',
    get: 'orderConfirmations.getDraft',
    update: 'orderConfirmations.updateDraft',
    remove: 'orderConfirmations.deleteDraft',
    issue: 'orderConfirmations.issueDraft',
    pdf: 'orderConfirmations.draftPdf',
    getIssued: 'orderConfirmations.get',
    issuedPdf: 'orderConfirmations.pdf',
  },
} as const satisfies Record<DocKind, DraftOps>;

export const OPS = {
  previewPdf: 'documents.previewPdf',
  invoices: {
    list: 'invoices.list',
    listDrafts: 'invoices.listDrafts',
    listNotDue: 'invoices.listNotDue',
    listDue: 'invoices.listDue',
    listPaid: 'invoices.listPaid',
    listLost: 'invoices.listLost',
    listCreditNotes: 'invoices.listCreditNotes',
    sums: 'invoices.sums',
    get: 'invoices.get',
    ehf: 'invoices.ehf',
    pdf: 'invoices.pdf',
    addPayment: 'invoices.registerPayment',
    listPayments: 'invoices.listPayments',
    reversePayment: 'invoices.reversePayment',
    markLost: 'invoices.markLost',
    reverseLost: 'invoices.reverseLost',
    credit: 'invoices.creditNote',
    creditPreview: 'invoices.creditNotePreview',
    refund: 'invoices.registerRefund',
    transferCredit: 'invoices.transferCredit',
  },
  creditNotes: { get: 'invoices.getCreditNote', pdf: 'invoices.creditNotePdf', ehf: 'invoices.creditNoteEhf' },
  offers: {
    list: 'offers.list',
    listDrafts: 'offers.listDrafts',
    get: 'offers.get',
    pdf: 'offers.pdf',
    toOrderConfirmation: 'offers.orderConfirmation',
    toInvoice: 'offers.invoice',
  },
  orderConfirmations: {
    list: 'orderConfirmations.list',
    listDrafts: 'orderConfirmations.listDrafts',
    get: 'orderConfirmations.get',
    pdf: 'orderConfirmations.pdf',
    toInvoice: 'orderConfirmations.invoice',
  },
  products: { list: 'products.list', get: 'products.get', create: 'products.create', update: 'products.update', remove: 'products.delete' },
  recipients: { list: 'recipients.list', get: 'recipients.get' },
} as const satisfies OpTree;
