import { OriginatorView, RecipientPartyView, ItemsView } from '../documents/documents.output.js';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const InvoiceView = Type.Object({
  number: Type.Number(),
  credit: Type.Boolean(),
  orderNumber: Type.Unknown(),
  invoiceDate: Type.String(),
  dueDate: Type.String(),
  orderDate: Type.Unknown(),
  reminderDate: Type.Unknown(),
  deliveryDate: Type.String(),
  ourReference: Type.Unknown(),
  yourReference: Type.String(),
  kid: Nullable(Type.String()),
  tax: Type.Number(),
  total: Type.Number(),
  invoiceText: Nullable(Type.String()),
  accountNumber: Type.String(),
  currency: Type.String(),
  deliveryAddress: Type.Unknown(),
  originator: OriginatorView,
  recipient: RecipientPartyView,
  items: ItemsView,
  international: Type.Unknown(),
  currentBalance: Type.Number(),
  _links: Type.Object({
    self: Type.Optional(Link),
    pdf: Type.Optional(Link),
    ehf: Type.Optional(Link),
    payments: Type.Optional(Link),
    creditNote: Type.Optional(Link),
    recipient: Type.Optional(Link),
  }),
  state: Type.Optional(Type.String()),
  stateDetail: Type.Optional(Type.Object({
    label: Type.String(),
    partlyPaid: Type.Boolean(),
    partlyCredited: Type.Boolean(),
    fullyCredited: Type.Boolean(),
    paid: Type.Number(),
    credited: Type.Number(),
    writtenOff: Type.Number(),
    toRefund: Type.Number(),
  })),
});
export type InvoiceView = Static<typeof InvoiceView>;

export const InvoiceSumsView = Type.Object({
  count: Type.Number(),
  total: Type.Number(),
  balance: Type.Number(),
  toRefund: Type.Number(),
});
export type InvoiceSumsView = Static<typeof InvoiceSumsView>;

export const IntegrityView = Type.Object({
  kind: Type.String(),
  number: Nullable(Type.Number()),
  issuedAt: Nullable(Type.String()),
  algorithm: Type.String(),
  contentHash: Nullable(Type.String()),
  unchanged: Type.Boolean(),
});
export type IntegrityView = Static<typeof IntegrityView>;

export const LedgerEntryView = Type.Object({
  id: Type.Number(),
  kind: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
  currencyAmount: Type.Unknown(),
  bankFee: Type.Unknown(),
  reason: Nullable(Type.String()),
  reverses: Nullable(Type.Number()),
  reversedBy: Type.Unknown(),
  _links: Type.Object({
    self: Link,
    reverse: Type.Optional(Link),
  }),
  otherInvoice: Type.Optional(Nullable(Type.Number())),
});
export type LedgerEntryView = Static<typeof LedgerEntryView>;

export const CreditNotePreviewView = Type.Object({
  invoiceNumber: Type.Number(),
  currency: Type.String(),
  amount: Type.Number(),
  tax: Type.Number(),
  balanceBefore: Type.Number(),
  balanceAfter: Type.Number(),
  toRefund: Type.Number(),
  creditableLeft: Type.Number(),
  items: Type.Array(Type.Object({
    description: Type.String(),
    taxRate: Type.Number(),
    net: Type.Number(),
    total: Type.Number(),
  })),
});
export type CreditNotePreviewView = Static<typeof CreditNotePreviewView>;

export const CreditNoteView = Type.Object({
  number: Type.Number(),
  creditedInvoiceNumber: Nullable(Type.Number()),
  orderNumber: Type.Unknown(),
  invoiceDate: Type.String(),
  orderDate: Type.Unknown(),
  reminderDate: Type.Unknown(),
  deliveryDate: Type.String(),
  ourReference: Type.Unknown(),
  yourReference: Type.String(),
  kid: Type.Unknown(),
  tax: Type.Number(),
  total: Type.Number(),
  invoiceText: Type.String(),
  accountNumber: Type.String(),
  currency: Type.String(),
  deliveryAddress: Type.Unknown(),
  originator: OriginatorView,
  recipient: RecipientPartyView,
  items: ItemsView,
  currentBalance: Type.Number(),
  _links: Type.Object({
    self: Type.Optional(Link),
    pdf: Type.Optional(Link),
    ehf: Type.Optional(Link),
    creditedInvoice: Type.Optional(Link),
    recipient: Type.Optional(Link),
  }),
});
export type CreditNoteView = Static<typeof CreditNoteView>;

