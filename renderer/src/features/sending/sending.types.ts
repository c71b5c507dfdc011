/** The service's shapes (erased at build time). */
export type { HistoryEntry, ShipmentView } from '../../../../main/features/sending/outbox';
export type { OutboxEntry } from '../../../../main/features/sending/outbox.service';
export type { ShipmentMethods, MethodName } from '../../../../main/features/sending/shipment-methods';
export type { AttemptResult } from '../../../../main/features/sending/sender';
export type { TestMailResult } from '../../../../main/features/sending/test-mail';
import type { OpName } from '../../api/op-types';

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
