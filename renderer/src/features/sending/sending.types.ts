/** The service's shapes (erased at build time). */
export type { HistoryEntry, ShipmentView } from '../../../../main/features/sending/outbox';
export type { OutboxEntry } from '../../../../main/features/sending/outbox.service';
export type { ShipmentMethods, MethodName } from '../../../../main/features/sending/shipment-methods';
export type { AttemptResult } from '../../../../main/features/sending/sender';
export type { TestMailResult } from '../../../../main/features/sending/test-mail';

export type SentType = 'invoice' | 'credit-note' | 'offer' | 'order-confirmation';

/** Operation names per document type (main/features/sending/sending.ops.ts). */
export const SEND_OP: Record<SentType, string> = {
  invoice: 'sending.sendInvoice',
  'credit-note': 'sending.sendCreditNote',
  offer: 'sending.sendOffer',
  'order-confirmation': 'sending.sendOrderConfirmation',
};
export const HISTORY_OP: Record<SentType, string> = {
  invoice: 'sending.invoiceHistory',
  'credit-note': 'sending.creditNoteHistory',
  offer: 'offers.history',
  'order-confirmation': 'sending.orderConfirmationHistory',
};

/** The sending settings as settings.get shows them (password write-only). */
export interface SendingView {
  smtp: { host: string; port: number; security: 'NONE' | 'STARTTLS' | 'TLS'; user: string; passwordSet: boolean };
  fromAddress: string;
  fromName: string;
  replyTo: string;
  smsGatewayUrl: string;
}
