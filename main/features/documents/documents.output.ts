import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { IsoDate, Nullable, Link } from '../../ops/schemas.js';

/*
 * Read shapes (output schemas) every document kind shares: parties, delivery address, items, the international block and
 * the draft (2.4). Closed objects (no field the service does not answer); checked against real answers by
 * test/http/response-schemas.test.ts.
 */

/** An object that answers exactly these fields. */
export const Closed = <T extends TProperties>(props: T, opts: { description?: string } = {}) => Type.Object(props, { additionalProperties: false, ...opts });
const NullStr = Nullable(Type.String());
const NullDate = Nullable(IsoDate);
/** An amount in kroner with two decimals (the API's money; øre inside). */
export const Kr = Type.Number({ description: 'kroner, two decimals' });

/** S standard, Z zero-rated, E exempt, O outside VAT (originator not VAT registered). */
export const VatCategoryView = Type.Union([Type.Literal('S'), Type.Literal('Z'), Type.Literal('E'), Type.Literal('O')]);
export const DocumentKindView = Type.Union([Type.Literal('invoice'), Type.Literal('credit-note'), Type.Literal('offer'), Type.Literal('order-confirmation')]);

/** The address of a party; country is the country's name. */
export const PartyAddressView = Closed({
  address1: NullStr,
  address2: NullStr,
  zip: Type.String(),
  city: Type.String(),
  country: Type.String(),
});

/** The originator (seller) frozen on an issued document. */
export const OriginatorView = Closed({
  name: Type.String(),
  fax: NullStr,
  phone: NullStr,
  mobile: NullStr,
  web: NullStr,
  organisationNumber: NullStr,
  address: PartyAddressView,
});

/** The recipient: frozen on an issued document, as it is now on a draft. */
export const RecipientPartyView = Closed({
  number: Type.Integer(),
  customerNumber: NullStr,
  name: Type.String(),
  email: NullStr,
  mobile: NullStr,
  address: PartyAddressView,
  organisationNumber: NullStr,
  icd: Nullable(Type.String({ pattern: '^\\d{4}$' })),
});

export const DeliveryAddressView = Closed({ address: NullStr, zip: NullStr, city: NullStr, country: NullStr });

/** Documents in another currency than NOK (null for NOK). */
export const InternationalView = Nullable(Closed({ bic: NullStr, iban: NullStr, vatNumber: NullStr, exchangeRate: Type.Number() }));

/** A line as written (every item shape has these). */
const itemFields = {
  number: Type.Integer(),
  quantity: Type.Number(),
  productCode: NullStr,
  description: Type.String(),
  unitPrice: Kr,
  discount: Type.Number({ description: 'percent' }),
  taxRate: Type.Number({ description: 'percent' }),
};
/** A line of an issued document, with its amounts. */
export const ItemView = Closed({ ...itemFields, total: Kr, totalWithoutTax: Kr });
export const ItemsView = Type.Array(ItemView);

/** What the issued kinds share from ourReference on (invoice, credit note, offer, order confirmation). */
export const issuedFields = {
  orderNumber: NullStr,
  orderDate: NullDate,
  ourReference: NullStr,
  yourReference: NullStr,
  tax: Kr,
  total: Kr,
  invoiceText: NullStr,
  currency: Type.String(),
  deliveryAddress: Nullable(DeliveryAddressView),
  originator: OriginatorView,
  recipient: RecipientPartyView,
  items: ItemsView,
};

/** A draft as the lists answer it (2.4). */
const draftFields = {
  number: Type.Integer({ description: 'the draft number' }),
  credit: Type.Boolean(),
  creditedInvoiceNumber: Type.Optional(Nullable(Type.Integer({ description: 'credit-note drafts only' }))),
  orderNumber: NullStr,
  invoiceDate: NullDate,
  dueDate: NullDate,
  orderDate: NullDate,
  ourReference: NullStr,
  yourReference: NullStr,
  tax: Kr,
  total: Kr,
  invoiceText: NullStr,
  currency: Type.String(),
  deliveryDate: NullDate,
  deliveryAddress: Nullable(DeliveryAddressView),
  recipient: RecipientPartyView,
  international: InternationalView,
};
export const DraftListItemView = Closed({ ...draftFields, items: Type.Array(Closed(itemFields)) });
export type DraftListItemView = Static<typeof DraftListItemView>;

/** One draft, for the editor: the 2.4 shape plus kind, item unit/VAT category/exemption reason, and _links. */
export const DraftView = Closed({
  ...draftFields,
  items: Type.Array(Closed({ ...itemFields, unit: NullStr, vatCategory: VatCategoryView, exemptionReason: NullStr })),
  kind: DocumentKindView,
  expiryDate: Type.Optional(NullDate),
  _links: Closed({ self: Link, issue: Link, pdf: Link, recipient: Link }),
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
