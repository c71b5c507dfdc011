import type { CandidateView, RunResult } from '../../../../main/features/dunnings/candidates.service';
import type { DunningDetails, DunningView } from '../../../../main/features/dunnings/dunnings.schema';
import type { InterestRateView } from '../../../../main/features/dunnings/interest-rates.service';
import type { OpTree, OutputOf } from '../../api/op-types';

/** The service's own shapes (erased at build time). */
export type Candidate = CandidateView;
/** A dunning read with `withDetails: true` (what the dunning screens ask for): the details are there. */
export type Dunning = DunningView & DunningDetails;
/** A dunning as dunnings.get / dunnings.list answer it: the details only when asked for. */
export type DunningRead = DunningView & Partial<DunningDetails>;
/** Whether the service sent a dunning's details (it does when asked `withDetails: true`). */
export const hasDetails = (d: DunningRead): d is Dunning => d.recipient !== undefined;
/** The dunnings of a list asked `withDetails: true`. */
export const detailed = (items: DunningRead[]): Dunning[] => items.filter(hasDetails);
export type InterestRate = InterestRateView;
export type { RunResult };

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
