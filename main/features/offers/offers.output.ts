import { OriginatorView, RecipientPartyView, ItemsView } from '../documents/documents.output.js';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const OfferView = Type.Object({
  number: Type.Number(),
  orderNumber: Type.Unknown(),
  invoiceDate: Type.String(),
  expiryDate: Type.String(),
  state: Type.String(),
  orderDate: Type.Unknown(),
  deliveryDate: Type.Unknown(),
  ourReference: Type.Unknown(),
  yourReference: Type.String(),
  tax: Type.Number(),
  total: Type.Number(),
  invoiceText: Type.String(),
  currency: Type.String(),
  deliveryAddress: Type.Unknown(),
  originator: OriginatorView,
  recipient: RecipientPartyView,
  items: ItemsView,
  international: Type.Unknown(),
  source: Type.Unknown(),
  successors: Type.Array(Type.Unknown()),
  _links: Type.Object({
    self: Link,
    pdf: Link,
    history: Link,
    orderConfirmation: Link,
    invoice: Link,
    recipient: Link,
  }),
});
export type OfferView = Static<typeof OfferView>;

export const OrderConfirmationView = Type.Object({
  number: Type.Number(),
  orderNumber: Type.Unknown(),
  invoiceDate: Type.String(),
  dueDate: Type.Unknown(),
  orderDate: Type.Unknown(),
  deliveryDate: Type.Unknown(),
  ourReference: Type.Unknown(),
  yourReference: Type.String(),
  tax: Type.Number(),
  total: Type.Number(),
  invoiceText: Nullable(Type.String()),
  currency: Type.String(),
  deliveryAddress: Type.Unknown(),
  originator: OriginatorView,
  recipient: RecipientPartyView,
  items: ItemsView,
  international: Type.Unknown(),
  source: Nullable(Type.Object({
    kind: Type.String(),
    number: Type.Number(),
    uri: Type.String(),
  })),
  successors: Type.Array(Type.Unknown()),
  _links: Type.Object({
    self: Link,
    pdf: Link,
    invoice: Link,
    recipient: Link,
  }),
});
export type OrderConfirmationView = Static<typeof OrderConfirmationView>;

