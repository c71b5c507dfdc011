/**
 * Late interest of a notice (docs/dunning-and-dates.md): on the principal as it stood each day (main/domain/interest-basis.ts),
 * from the day after the due date or after the last day an earlier notice charged (interest already claimed is never
 * charged again, and never bears interest), through the notice's date.
 */
import { principalSteps } from '../../domain/interest-basis.js';
import { interestOnBalances, type LateInterest, type RatePeriod } from '../../domain/late-interest.js';
import type { BalanceHistory } from './interest-basis.service.js';

export function interestFor(history: BalanceHistory, dueDate: string, chargedThrough: string, today: string, rates: readonly RatePeriod[]): LateInterest {
  return interestOnBalances(principalSteps(history.total, dueDate, history.events), chargedThrough, today, rates);
}
