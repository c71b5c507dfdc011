import type { ItemOf, OpTree, OutputOf } from '../../api/op-types';

/** The service's shapes, as its operations answer them. */
export type Candidate = ItemOf<'dunnings.candidates'>;
/** A dunning as dunnings.get / dunnings.list answer it: the details only when asked for. */
export type DunningRead = OutputOf<'dunnings.get'>;
/** The fields of a dunning only `withDetails: true` brings (the service's schema marks them optional). */
type DetailKey = 'recipient' | 'currency' | 'feeRefusedReason' | 'feeRefused' | 'interestPeriod' | 'automatic' | 'interestNote' | 'invoiceState' | 'invoiceCurrentBalance';
/** A dunning read with `withDetails: true` (what the dunning screens ask for): the details are there. */
export type Dunning = DunningRead & { [K in DetailKey]-?: Exclude<DunningRead[K], undefined> };
/** Whether the service sent a dunning's details (it does when asked `withDetails: true`). */
export const hasDetails = (d: DunningRead): d is Dunning => d.recipient !== undefined;
/** The dunnings of a list asked `withDetails: true`. */
export const detailed = (items: DunningRead[]): Dunning[] => items.filter(hasDetails);
export type InterestRate = ItemOf<'dunnings.listInterestRates'>;
export type RunResult = OutputOf<'dunnings.run'>;

export const DUN_OPS = {
  create: 'dunnings.create',
  list: 'dunnings.list',
  get: 'dunnings.get',
  candidates: 'dunnings.candidates',
  run: 'dunnings.run',
  pdf: 'dunnings.pdf',
  send: 'dunnings.send',
  history: 'dunnings.history',
  rates: 'dunnings.listInterestRates',
  createRate: 'dunnings.createInterestRate',
  updateRate: 'dunnings.updateInterestRate',
  deleteRate: 'dunnings.deleteInterestRate',
  rateStatus: 'dunnings.interestRateStatus',
  closingInterest: 'dunnings.closingInterest',
  createInterestNote: 'dunnings.createInterestNote',
  waiveInterest: 'dunnings.waiveInterest',
} as const satisfies OpTree;

/** A shipment of a dunning as dunnings.history answers it. */
export type HistoryEntry = OutputOf<'dunnings.history'>[number];
