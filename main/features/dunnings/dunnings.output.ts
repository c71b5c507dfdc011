import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const DunningCandidateView = Type.Object({
  invoiceNumber: Type.Number(),
  recipient: Type.Object({
    number: Type.Number(),
    name: Type.String(),
    email: Nullable(Type.String()),
  }),
  currency: Type.String(),
  invoiceDate: Type.String(),
  dueDate: Type.String(),
  daysOverdue: Type.Number(),
  invoiceTotal: Type.Number(),
  balance: Type.Number(),
  dunnings: Type.Number(),
  lastDunning: Type.Unknown(),
  dunningFee: Type.Number(),
  feeRefusedReason: Type.Unknown(),
  interest: Type.Number(),
  interestRate: Type.Number(),
  interestProblem: Type.Unknown(),
  total: Type.Number(),
});
export type DunningCandidateView = Static<typeof DunningCandidateView>;

export const DunningView = Type.Object({
  number: Type.Number(),
  dunningNumber: Type.Number(),
  invoiceNumber: Type.Number(),
  dunningText: Type.Unknown(),
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
  feeRefusedReason: Type.Optional(Type.Unknown()),
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
  numbers: Type.Array(Type.Unknown()),
  withFee: Type.Number(),
  sent: Type.Number(),
  skipped: Type.Array(Type.Unknown()),
});
export type DunningRunView = Static<typeof DunningRunView>;

