import type { DocKind, DocumentData } from '../documents/document.types';

export type ChainKind = 'offer' | 'order-confirmation';

export interface ChainRef {
  kind: DocKind;
  number: number | null;
  draftNumber?: number | null;
  uri: string;
}

/** An issued offer or order confirmation with its chain. */
export interface ChainDocument extends DocumentData {
  state?: 'open' | 'expired' | 'converted';
  source?: ChainRef | null;
  successors?: ChainRef[];
}

/** The GUI route of a document in the chain. */
export function chainRoute(ref: ChainRef): string {
  if (ref.number === null) {
    if (ref.kind === 'offer') return `/offers/drafts/${ref.draftNumber}`;
    if (ref.kind === 'order-confirmation') return `/offers/order-confirmations/drafts/${ref.draftNumber}`;
    return `/invoices/drafts/${ref.draftNumber}`;
  }
  if (ref.kind === 'offer') return `/offers/${ref.number}`;
  if (ref.kind === 'order-confirmation') return `/offers/order-confirmations/${ref.number}`;
  if (ref.kind === 'credit-note') return `/invoices/credit-notes/${ref.number}`;
  return `/invoices/${ref.number}`;
}
