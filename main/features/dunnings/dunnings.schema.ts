import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, OptDate, Paging } from '../../ops/schemas.js';
import { DeliveryOptions } from '../sending/index.js';
import type { FeeRefused } from './fee-refusal.js';

/** POST /dunnings/ (the original service's shape, spec 4.4 / issue 11). */
export const DunningInput = Type.Object(
  {
    invoiceNumber: Type.Integer({ minimum: 1 }),
    debtCollectionNotice: Type.Optional(Type.Boolean({ description: 'an inkassovarsel (deadline at least 14 days; never sent as EHF)' })),
    dunningFee: Type.Optional(Type.Boolean({ description: 'charge the fee from Settings when the law allows it (default true)' })),
    interest: Type.Optional(Type.Boolean({ description: 'charge late-payment interest through the dunning date (default true)' })),
    dunningText: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    dueDate: Type.Optional(IsoDate),
    shipment: Type.Optional(DeliveryOptions),
  },
  { additionalProperties: false },
);
export type DunningInput = Static<typeof DunningInput>;

export const DunningListQuery = Type.Object(
  {
    invoiceNumber: Type.Optional(Type.Integer({ minimum: 1 })),
    recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
    from: OptDate,
    to: OptDate,
    withDetails: Type.Optional(Type.Boolean({ description: 'adds recipient, currency, fee reason, interest period and invoice state' })),
    ...Paging,
  },
  { additionalProperties: false },
);
export type DunningListQuery = Static<typeof DunningListQuery>;

export const DunningGetQuery = Type.Object({ withDetails: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

export const CandidateQuery = Type.Object(
  {
    recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
    debtCollectionNotice: Type.Optional(Type.Boolean({ description: 'price the candidates as inkassovarsler' })),
    ...Paging,
  },
  { additionalProperties: false },
);
export type CandidateQuery = Static<typeof CandidateQuery>;

export const InterestRateInput = Type.Object(
  {
    from: IsoDate,
    rate: Type.Number({ minimum: 0, maximum: 100, description: 'percent a year, at most 2 decimals' }),
  },
  { additionalProperties: false },
);
export type InterestRateInput = Static<typeof InterestRateInput>;

export const InterestRateParam = Type.Object({ from: IsoDate });

/** The 2.7 dunning. Money in kroner (the invoice's currency); rates in percent. */
export interface DunningView {
  number: number;
  dunningNumber: number;
  invoiceNumber: number;
  dunningText: string | null;
  dunningFee: number;
  total: number;
  interestRate: number;
  interest: number;
  dunningDate: string;
  dueDate: string;
  debtCollectionNotice: boolean;
  invoiceBalance: number;
  invoiceBalanceDate: string;
  _links: {
    pdf: { uri: string };
    invoiceDunnings: { dunningNumber: number; uri: string }[];
    self: { uri: string };
    dunnedInvoice: { uri: string };
    sendAgain: { uri: string };
  };
}

/** What `withDetails=true` adds (Kvitt extension, for the desktop app). */
export interface DunningDetails {
  recipient: { number: number; name: string };
  currency: string;
  feeRefusedReason: string | null;
  feeRefused: FeeRefused | null;
  interestPeriod: { from: string; to: string; principal: number; parts: { from: string; to: string; days: number; rate: number; principal: number; interest: number }[] } | null;
  automatic: boolean;
  /** A closing interest note (rentenota) on an invoice paid in full late. */
  interestNote: boolean;
  invoiceState: 'not-due' | 'due' | 'paid' | 'lost';
  invoiceCurrentBalance: number;
}
