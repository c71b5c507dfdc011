/**
 * When a dunning may carry a fee (inkassoloven § 10, inkassoforskriften ch. 1; domain-norway.md section 4). Reminders may be
 * sent as often as wanted; only the fee is limited:
 * - the notice is sent at least 14 days after the due date, and gives a new deadline of at least 14 days;
 * - at most two fee-bearing notices per claim: two reminders, or a reminder and then an inkassovarsel;
 * - a fee on the second only when the debtor missed the deadline of the first (the notice is sent after that deadline).
 */
import { daysBetween } from './late-interest.js';

export const FEE_MIN_DAYS_AFTER_DUE = 14;
export const FEE_MIN_DEADLINE_DAYS = 14;
export const MAX_FEE_NOTICES = 2;

/** An earlier notice of the same claim that carried a fee. */
export interface FeeNotice {
  dunningDate: string;
  dueDate: string;
  debtCollectionNotice: boolean;
}

export interface FeeQuestion {
  /** The invoice's due date. */
  invoiceDueDate: string;
  /** The date the notice is sent. */
  dunningDate: string;
  /** The notice's new deadline. */
  dueDate: string;
  debtCollectionNotice: boolean;
  /** Earlier fee-bearing notices of the claim (fee-less ones do not count). */
  earlierFees: readonly FeeNotice[];
}

export type FeeRefusal =
  | 'TOO_SOON_AFTER_DUE_DATE'
  | 'DEADLINE_TOO_SHORT'
  | 'TWO_FEES_CHARGED'
  | 'AFTER_DEBT_COLLECTION_NOTICE'
  | 'EARLIER_DEADLINE_NOT_PASSED';

/** Why a fee is refused, with the figures of the rule (the catalogue's FEE_<code> words it: main/ops/error-codes.ts). */
export type FeeRefusalParams = {
  TOO_SOON_AFTER_DUE_DATE: { days: number; dueDate: string; after: number };
  DEADLINE_TOO_SHORT: { days: number; deadline: string; given: number };
  TWO_FEES_CHARGED: { max: number; count: number };
  AFTER_DEBT_COLLECTION_NOTICE: Record<string, never>;
  EARLIER_DEADLINE_NOT_PASSED: { deadline: string };
};

export type FeeAnswer = { allowed: true } | { [C in FeeRefusal]: { allowed: false; code: C; params: FeeRefusalParams[C] } }[FeeRefusal];

export function feeAllowed(q: FeeQuestion): FeeAnswer {
  const after = daysBetween(q.invoiceDueDate, q.dunningDate);
  if (after < FEE_MIN_DAYS_AFTER_DUE) {
    return { allowed: false, code: 'TOO_SOON_AFTER_DUE_DATE', params: { days: FEE_MIN_DAYS_AFTER_DUE, dueDate: q.invoiceDueDate, after } };
  }
  const deadline = daysBetween(q.dunningDate, q.dueDate);
  if (deadline < FEE_MIN_DEADLINE_DAYS) {
    return { allowed: false, code: 'DEADLINE_TOO_SHORT', params: { days: FEE_MIN_DEADLINE_DAYS, deadline: q.dueDate, given: deadline } };
  }
  if (q.earlierFees.length >= MAX_FEE_NOTICES) {
    return { allowed: false, code: 'TWO_FEES_CHARGED', params: { max: MAX_FEE_NOTICES, count: q.earlierFees.length } };
  }
  if (q.earlierFees.some((f) => f.debtCollectionNotice)) return { allowed: false, code: 'AFTER_DEBT_COLLECTION_NOTICE', params: {} };
  const last = [...q.earlierFees].sort((a, b) => (a.dueDate < b.dueDate ? 1 : -1))[0];
  if (last && q.dunningDate <= last.dueDate) return { allowed: false, code: 'EARLIER_DEADLINE_NOT_PASSED', params: { deadline: last.dueDate } };
  return { allowed: true };
}
