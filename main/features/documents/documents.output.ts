import { Type, type Static } from '@sinclair/typebox';
import { Closed, IsoDate, IsoDateTimeMinute, Nullable, Link } from '../../ops/schemas.js';

/*
 * Read shapes (output schemas) every document kind shares: parties, delivery address, items, the international block and
 * the draft (2.4). Closed objects (no field the service does not answer); checked against real answers by
 * test/http/response-schemas.test.ts.
 */

/** An object that answers exactly these fields (ops/schemas.ts; re-exported for this area's users). */
export { Closed };
export const NullStr = Nullable(Type.String());
export const NullDate = Nullable(IsoDate);
/** An amount with at most two decimals, in NOK or the document's currency as the field says (øre inside). */
export const Kr = Type.Number({ description: 'an amount with two decimals (kroner, or the currency the document or field names)' });

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
  organisationNumber: Type.String({ description: 'issuing requires it' }),
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
export const ItemView = Closed({
  ...itemFields,
  total: Type.Number({ description: "kr: the line's net plus its own VAT rounded to the øre. The document's VAT is computed once per rate on the sum of the nets, so line totals may differ from the document total by up to an øre per line; the nets plus the document's tax always equal its total (docs/claims.md)" }),
  totalWithoutTax: Kr,
});
export const ItemsView = Type.Array(ItemView);

/** The references, sums, text and currency, in this order in every document shape. */
export const textFields = {
  ourReference: NullStr,
  yourReference: NullStr,
  tax: Kr,
  total: Kr,
  invoiceText: NullStr,
  currency: Type.String(),
};
/** The delivery address, parties and lines frozen on an issued document. */
export const partiesFields = {
  deliveryAddress: Nullable(DeliveryAddressView),
  originator: OriginatorView,
  recipient: RecipientPartyView,
  items: ItemsView,
};

/** A draft as the lists answer it (2.4). */
const draftFields = {
  number: Type.Integer({ description: 'the draft number' }),
  credit: Type.Boolean(),
  creditedInvoiceNumber: Type.Optional(Type.Integer({ description: 'credit-note drafts only' })),
  orderNumber: NullStr,
  invoiceDate: NullDate,
  dueDate: NullDate,
  orderDate: NullDate,
  ...textFields,
  deliveryDate: NullDate,
  deliveryAddress: partiesFields.deliveryAddress,
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
export const ShipmentMethodView = Type.Union([Type.Literal('email'), Type.Literal('paper'), Type.Literal('ehf'), Type.Literal('sms')]);
/** A shipment queued when a document is issued or sent (sending/outbox.ts ShipmentView). */
export const ShipmentView = Closed({
  id: Type.Integer(),
  method: ShipmentMethodView,
  recipientAddress: Type.String({ description: 'empty for paper' }),
  status: ShipmentStatusView,
});
/** A line of a document's sending history (spec 2.9; sending/history.ts HistoryEntry). */
export const HistoryEntryView = Closed({
  description: Type.String(),
  recipientAddress: Type.String({ description: 'empty for paper' }),
  date: IsoDateTimeMinute,
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
