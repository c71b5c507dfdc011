import type { ItemOf, OpName, OutputOf } from '../../api/op-types';

/** The service's shapes, as its operations answer them (the typed client's view of the operation table). */
export type HistoryEntry = ItemOf<'sending.invoiceHistory'>;
export type ShipmentView = ItemOf<'sending.sendInvoice'>;
export type OutboxEntry = ItemOf<'sending.listOutbox'>;
export type ShipmentMethods = OutputOf<'sending.methodsForRecipient'>;
export type MethodName = ShipmentMethods['available'][number];
export type AttemptResult = ItemOf<'sending.flush'>;
export type TestMailResult = OutputOf<'sending.testEmail'>;

export type SentType = 'invoice' | 'credit-note' | 'offer' | 'order-confirmation';

/** Operation names per document type (main/features/sending/sending.ops.ts). */
export const SEND_OP = {
  invoice: 'sending.sendInvoice',
  'credit-note': 'sending.sendCreditNote',
  offer: 'sending.sendOffer',
  'order-confirmation': 'sending.sendOrderConfirmation',
} as const satisfies Record<SentType, OpName>;
export const HISTORY_OP = {
  invoice: 'sending.invoiceHistory',
  'credit-note': 'sending.creditNoteHistory',
  offer: 'offers.history',
  'order-confirmation': 'sending.orderConfirmationHistory',
} as const satisfies Record<SentType, OpName>;

/** The sending settings as settings.get shows them (password write-only). */
export interface SendingView {
  smtp: { host: string; port: number; security: 'NONE' | 'STARTTLS' | 'TLS'; user: string; passwordSet: boolean };
  fromAddress: string;
  fromName: string;
  replyTo: string;
  smsGatewayUrl: string;
}
