import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from '../../ops/schemas.js';
import { Closed, Kr } from '../documents/core.js';
import { DeliveryOptions } from '../sending/index.js';

/** POST /dunnings/interest-notes: claim the interest an invoice paid late accrued. */
export const ClosingInterestClaimInput = Type.Object(
  {
    invoiceNumber: Type.Integer({ minimum: 1 }),
    dueDate: Type.Optional(IsoDate),
    dunningText: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    shipment: Type.Optional(DeliveryOptions),
  },
  { additionalProperties: false },
);
export type ClosingInterestClaimInput = Static<typeof ClosingInterestClaimInput>;

/** POST /dunnings/interest-waivers: waive it. */
export const ClosingInterestWaiveInput = Type.Object(
  { invoiceNumber: Type.Integer({ minimum: 1 }), reason: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])) },
  { additionalProperties: false },
);
export type ClosingInterestWaiveInput = Static<typeof ClosingInterestWaiveInput>;

export const ClosingInterestView = Closed({
  invoiceNumber: Type.Integer(),
  state: Type.Union([Type.Literal('open'), Type.Literal('claimed'), Type.Literal('waived'), Type.Literal('none'), Type.Literal('not-paid')], {
    description: 'open: paid in full late, interest accrued and not yet claimed or waived; none: nothing accrued; not-paid: still owed (dun it)',
  }),
  interest: Kr,
  period: Nullable(Closed({ from: IsoDate, to: IsoDate })),
  parts: Type.Array(Closed({ from: IsoDate, to: IsoDate, days: Type.Integer(), rate: Type.Number(), principal: Kr, interest: Kr })),
  interestNote: Nullable(Closed({ number: Type.Integer(), uri: Type.String() })),
  waivedReason: Nullable(Type.String()),
  interestWarning: Nullable(Type.String()),
});
export type ClosingInterestView = Static<typeof ClosingInterestView>;
