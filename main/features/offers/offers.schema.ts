import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Paging } from '../../ops/schemas.js';

/** The two kinds of this area: offers (tilbud) and order confirmations (ordrebekreftelser). */
export type ChainKind = 'offer' | 'order-confirmation';

/** GET /offer/ and GET /order-confirmation/: filters as the offers report (spec 4.8), paged as design.md section 4. */
export const OfferListQuery = Type.Object({
  recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Document date range (offer date / order confirmation date), inclusive. */
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  /** State at today (the overview's links use it): open, expired (offers only: past expiryDate), converted (made into a next document). */
  state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('expired'), Type.Literal('converted')])),
  ...Paging,
});
export type OfferListQuery = Static<typeof OfferListQuery>;

/**
 * Optional body of the conversions (POST /offer/{n}/order-confirmation, POST /offer/{n}/invoice,
 * POST /order-confirmation/{n}/invoice). Without it the new document is dated at issue (today) and takes everything
 * else from the document it is made from.
 */
export const ConvertInput = Type.Object(
  {
    /** Date of the new document (order confirmation date; invoice date of the invoice draft). */
    invoiceDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    /** Invoice drafts: the due date (default: invoice date + the recipient's credit days, set when issued). */
    dueDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    deliveryDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ConvertInput = Static<typeof ConvertInput>;
