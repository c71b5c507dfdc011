/** The layout of each document kind (one file each). */
import type { DocumentView } from '../../document-view';
import { creditNoteLayout } from './credit-note';
import { invoiceLayout } from './invoice';
import type { KindLayout } from './kind-layout';
import { offerLayout } from './offer';
import { orderConfirmationLayout } from './order-confirmation';

export type { KindLayout } from './kind-layout';

export const KIND_LAYOUTS: Record<DocumentView['kind'], KindLayout> = {
  invoice: invoiceLayout,
  'credit-note': creditNoteLayout,
  offer: offerLayout,
  'order-confirmation': orderConfirmationLayout,
};
