import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable, Link } from '../../ops/schemas.js';
import { Closed, Kr } from '../documents/core.js';
import { FeeRefusedView } from './fee-refusal.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

/** A due invoice ready for a dunning, with what a reminder sent today would add (candidates.service.ts). */
export const DunningCandidateView = Closed({
  invoiceNumber: Type.Integer(),
  recipient: Closed({ number: Type.Integer(), name: Type.String(), email: Nullable(Type.String()) }),
  currency: Type.String(),
  invoiceDate: IsoDate,
  dueDate: IsoDate,
  daysOverdue: Type.Integer(),
  invoiceTotal: Kr,
  balance: Kr,
  dunnings: Type.Integer({ description: 'notices sent so far' }),
  lastDunning: Nullable(
    Closed({ number: Type.Integer(), dunningNumber: Type.Integer(), dunningDate: IsoDate, dueDate: IsoDate, debtCollectionNotice: Type.Boolean() }),
  ),
  dunningFee: Kr,
  feeRefusedReason: Nullable(Type.String()),
  feeRefused: Nullable(FeeRefusedView),
  interest: Nullable(Kr),
  interestRate: Nullable(Type.Number({ description: 'percent a year' })),
  interestProblem: Nullable(Type.String()),
  interestWarning: Nullable(Type.String({ description: 'set when days past the last known half-year are charged at the last known rate' })),
  total: Kr,
});
export type DunningCandidateView = Static<typeof DunningCandidateView>;

export const DunningView = Type.Object({
  number: Type.Number(),
  dunningNumber: Type.Number(),
  invoiceNumber: Type.Number(),
  dunningText: Nullable(Type.String()),
  dunningFee: Type.Number(),
  total: Type.Number(),
  interestRate: Type.Number(),
  interest: Type.Number(),
  dunningDate: Type.String(),
  dueDate: Type.String(),
  debtCollectionNotice: Type.Boolean(),
  invoiceBalance: Type.Number(),
  invoiceBalanceDate: Type.String(),
  _links: Type.Object({
    pdf: Link,
    invoiceDunnings: Type.Array(Type.Object({
      dunningNumber: Type.Number(),
      uri: Type.String(),
    })),
    self: Link,
    dunnedInvoice: Link,
    sendAgain: Link,
  }),
  feeRefusedReason: Type.Optional(Nullable(Type.String())),
  feeRefused: Type.Optional(Nullable(FeeRefusedView)),
  interestWarning: Type.Optional(Nullable(Type.String({ description: 'on creation: days past the last known half-year were charged at the last known rate' }))),
});
export type DunningView = Static<typeof DunningView>;

export const InterestRateView = Type.Object({
  from: Type.String(),
  rate: Type.Number(),
  _links: Type.Object({
    self: Link,
  }),
});
export type InterestRateView = Static<typeof InterestRateView>;

export const DunningRunView = Type.Object({
  date: Type.String(),
  created: Type.Number(),
  numbers: Type.Array(Type.Integer()),
  withFee: Type.Number(),
  sent: Type.Number(),
  skipped: Type.Array(Type.Object({ invoiceNumber: Type.Integer(), reason: Type.String() })),
});
export type DunningRunView = Static<typeof DunningRunView>;


/** Whether the rate table covers today (GET /dunnings/interest-rates/status). */
export const InterestRateStatusView = Closed({
  today: IsoDate,
  latest: Nullable(Closed({ from: IsoDate, rate: Type.Number() })),
  knownThrough: Nullable(IsoDate),
  warning: Nullable(Closed({ code: Type.Literal('INTEREST_RATE_UNKNOWN'), message: Type.String(), params: Closed({ from: IsoDate, rate: Type.String(), since: IsoDate }) })),
});
export type InterestRateStatusView = Static<typeof InterestRateStatusView>;
