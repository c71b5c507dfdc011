import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

/** Shared read-shape pieces: the address of a party, the originator and recipient blocks and the item lines of every document view. */
export const PartyAddressView = Type.Object({
  address1: Nullable(Type.String()),
  address2: Type.Unknown(),
  zip: Type.String(),
  city: Type.String(),
  country: Type.String(),
});

export const OriginatorView = Type.Object({
  name: Type.String(),
  fax: Type.Unknown(),
  phone: Type.Unknown(),
  mobile: Type.Unknown(),
  web: Type.Unknown(),
  organisationNumber: Type.String(),
  address: PartyAddressView,
});

export const RecipientPartyView = Type.Object({
  number: Type.Number(),
  customerNumber: Nullable(Type.String()),
  name: Type.String(),
  email: Nullable(Type.String()),
  mobile: Type.Unknown(),
  address: PartyAddressView,
  organisationNumber: Type.String(),
  icd: Type.String(),
});

export const ItemsView = Type.Array(Type.Object({
  number: Type.Number(),
  quantity: Type.Number(),
  productCode: Nullable(Type.String()),
  description: Type.String(),
  unitPrice: Type.Number(),
  discount: Type.Number(),
  taxRate: Type.Number(),
  total: Type.Number(),
  totalWithoutTax: Type.Number(),
}));

export const DraftView = Type.Object({
  number: Type.Number(),
  credit: Type.Boolean(),
  orderNumber: Nullable(Type.String()),
  invoiceDate: Type.Unknown(),
  dueDate: Type.Unknown(),
  orderDate: Nullable(Type.String()),
  ourReference: Type.Unknown(),
  yourReference: Type.String(),
  tax: Type.Number(),
  total: Type.Number(),
  invoiceText: Nullable(Type.String()),
  currency: Type.String(),
  deliveryDate: Type.Unknown(),
  deliveryAddress: Type.Unknown(),
  recipient: RecipientPartyView,
  items: Type.Array(Type.Object({
    number: Type.Number(),
    quantity: Type.Number(),
    productCode: Nullable(Type.String()),
    description: Type.String(),
    unitPrice: Type.Number(),
    discount: Type.Number(),
    taxRate: Type.Number(),
    unit: Type.Optional(Nullable(Type.String())),
    vatCategory: Type.Optional(Type.String()),
    exemptionReason: Type.Optional(Type.Unknown()),
  })),
  international: Type.Unknown(),
  kind: Type.Optional(Type.String()),
  _links: Type.Optional(Type.Object({
    self: Link,
    issue: Link,
    pdf: Link,
    recipient: Link,
  })),
  expiryDate: Type.Optional(Type.Unknown()),
});
export type DraftView = Static<typeof DraftView>;

export const ShipmentStatusView = Type.Union([Type.Literal('IN_PROGRESS'), Type.Literal('DELIVERED'), Type.Literal('NOT_DELIVERED')]);
/** A shipment queued when a document is issued or sent (sending/outbox.ts ShipmentView). */
export const ShipmentView = Type.Object({
  id: Type.Number(),
  method: Type.String(),
  recipientAddress: Type.String(),
  status: ShipmentStatusView,
});
/** A line of a document's sending history (spec 2.9; sending/history.ts HistoryEntry). */
export const HistoryEntryView = Type.Object({
  description: Type.String(),
  recipientAddress: Type.String({ description: 'empty for paper' }),
  date: Type.String({ description: 'YYYY-MM-DD HH:MM (local)' }),
  status: ShipmentStatusView,
});
export type HistoryEntryView = Static<typeof HistoryEntryView>;

/** The answer of an issue: kind and number (Location names the document), and the shipments queued with it. */
export const IssuedRef = Type.Object({
  shipments: Type.Optional(Type.Array(ShipmentView)),
  kind: Type.String(),
  number: Type.Number(),
});
export type IssuedRef = Static<typeof IssuedRef>;

