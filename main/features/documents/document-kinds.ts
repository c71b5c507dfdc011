import type { DocumentKind } from '../../render/document-view.js';

export type { DocumentKind };
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['invoice', 'credit-note', 'offer', 'order-confirmation'];

/** Where each kind lives in the API, for Location headers and links. */
export function issuedPath(kind: DocumentKind, number: number): string {
  switch (kind) {
    case 'invoice':
      return `/invoices/${number}`;
    case 'credit-note':
      return `/invoices/credit-notes/${number}`;
    case 'offer':
      return `/offer/${number}`;
    case 'order-confirmation':
      return `/order-confirmation/${number}`;
  }
}

export function draftPath(kind: DocumentKind, draftNumber: number): string {
  switch (kind) {
    case 'invoice':
    case 'credit-note':
      return `/invoices/drafts/${draftNumber}`;
    case 'offer':
      return `/offer/drafts/${draftNumber}`;
    case 'order-confirmation':
      return `/order-confirmation/drafts/${draftNumber}`;
  }
}

export const KIND_LABEL: Record<DocumentKind, string> = {
  invoice: 'Invoice',
  'credit-note': 'Credit note',
  offer: 'Offer',
  'order-confirmation': 'Order confirmation',
};
