import { Closed, DocumentKindView, InternationalView, NullDate, NullStr, partiesFields, ShipmentView, textFields } from '../documents/core.js';
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable, Link } from '../../ops/schemas.js';

/*
 * Read shapes (output schemas) of offers and order confirmations (offers.service.ts chainShapes): the 2.2 fields that
 * apply, the document's date as invoiceDate, and the chain (source, successors). Checked against real answers by
 * test/http/response-schemas.test.ts.
 */

/** What a document was made from (null when nothing, or a draft). */
const SourceRef = Nullable(Closed({ kind: DocumentKindView, number: Type.Integer(), uri: Type.String() }));
/** What was made from it: issued (number) or a draft (draftNumber). */
const SuccessorRef = Closed({ kind: DocumentKindView, number: Nullable(Type.Integer()), draftNumber: Nullable(Type.Integer()), uri: Type.String() });

const head = { number: Type.Integer(), orderNumber: NullStr, invoiceDate: IsoDate };
const body = {
  orderDate: NullDate,
  deliveryDate: NullDate,
  ...textFields,
  ...partiesFields,
  international: InternationalView,
  source: SourceRef,
  successors: Type.Array(SuccessorRef),
};

const offerFields = {
  ...head,
  expiryDate: IsoDate,
  state: Type.Union([Type.Literal('open'), Type.Literal('expired'), Type.Literal('converted')]),
  ...body,
  _links: Closed({ self: Link, pdf: Link, history: Link, orderConfirmation: Link, invoice: Link, recipient: Link }),
};
export const OfferView = Closed(offerFields);
export type OfferView = Static<typeof OfferView>;

const orderConfirmationFields = {
  ...head,
  dueDate: NullDate,
  ...body,
  _links: Closed({ self: Link, pdf: Link, invoice: Link, recipient: Link }),
};
export const OrderConfirmationView = Closed(orderConfirmationFields);
export type OrderConfirmationView = Static<typeof OrderConfirmationView>;

/** The answer of an issue: the issued document, and the shipments queued with it. */
const shipments = { shipments: Type.Optional(Type.Array(ShipmentView)) };
export const IssuedOfferView = Closed({ ...offerFields, ...shipments });
export const IssuedOrderConfirmationView = Closed({ ...orderConfirmationFields, ...shipments });
