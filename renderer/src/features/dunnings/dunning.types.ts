import type { CandidateView, RunResult } from '../../../../main/features/dunnings/candidates.service';
import type { DunningDetails, DunningView } from '../../../../main/features/dunnings/dunnings.schema';
import type { InterestRateView } from '../../../../main/features/dunnings/interest-rates.service';

/** The service's own shapes (erased at build time). */
export type Candidate = CandidateView;
export type Dunning = DunningView & DunningDetails;
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
} as const;

export interface HistoryEntry {
  description: string;
  recipientAddress: string;
  date: string;
  status: 'IN_PROGRESS' | 'DELIVERED' | 'NOT_DELIVERED';
}
