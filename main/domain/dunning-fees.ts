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

export type FeeAnswer = { allowed: true } | { allowed: false; code: FeeRefusal; reason: string };

const refuse = (code: FeeRefusal, reason: string): FeeAnswer => ({ allowed: false, code, reason });

export function feeAllowed(q: FeeQuestion): FeeAnswer {
  const after = daysBetween(q.invoiceDueDate, q.dunningDate);
  if (after < FEE_MIN_DAYS_AFTER_DUE) {
    return refuse(
      'TOO_SOON_AFTER_DUE_DATE',
      `a fee needs the notice to be sent at least ${FEE_MIN_DAYS_AFTER_DUE} days after the due date ${q.invoiceDueDate}; it is ${after}`,
    );
  }
  const deadline = daysBetween(q.dunningDate, q.dueDate);
  if (deadline < FEE_MIN_DEADLINE_DAYS) {
    return refuse('DEADLINE_TOO_SHORT', `a fee needs a new deadline of at least ${FEE_MIN_DEADLINE_DAYS} days; ${q.dueDate} gives ${deadline}`);
  }
  if (q.earlierFees.length >= MAX_FEE_NOTICES) {
    return refuse('TWO_FEES_CHARGED', `at most ${MAX_FEE_NOTICES} notices of a claim may carry a fee, and ${q.earlierFees.length} already do`);
  }
  if (q.earlierFees.some((f) => f.debtCollectionNotice)) {
    return refuse('AFTER_DEBT_COLLECTION_NOTICE', 'a fee was already charged on an inkassovarsel; no further notice may carry a fee');
  }
  const last = [...q.earlierFees].sort((a, b) => (a.dueDate < b.dueDate ? 1 : -1))[0];
  if (last && q.dunningDate <= last.dueDate) {
    return refuse('EARLIER_DEADLINE_NOT_PASSED', `a fee on a second notice only after the first notice's deadline ${last.dueDate} has passed`);
  }
  return { allowed: true };
}
