/**
 * Late interest of a notice (docs/dunning-and-dates.md): on the principal as it stood each day (main/domain/interest-basis.ts),
 * from the day after the due date or after the last day an earlier notice charged (interest already claimed is never
 * charged again, and never bears interest), through the notice's date.
 */
import { principalSteps } from '../../domain/interest-basis.js';
import { addDays, interestOnBalances, rateTableEnd, type LateInterest, type RatePeriod } from '../../domain/late-interest.js';
import { fromScaled } from '../../domain/money.js';
import { errorMessage } from '../../ops/error-codes.js';
import type { BalanceHistory } from './interest-basis.service.js';

export function interestFor(history: BalanceHistory, dueDate: string, chargedThrough: string, today: string, rates: readonly RatePeriod[]): LateInterest {
  return interestOnBalances(principalSteps(history.total, dueDate, history.events), chargedThrough, today, rates);
}

export interface RateWarning {
  code: 'INTEREST_RATE_UNKNOWN';
  params: { from: string; rate: string; since: string };
  message: string;
}

/**
 * When `through` lies past the half-year the rate table covers, the warning that days after it are charged at the last
 * known rate (the official rate for a new half-year is published shortly before it starts; the user enters it); else null.
 */
export function rateWarning(rates: readonly RatePeriod[], through: string): RateWarning | null {
  const end = rateTableEnd(rates);
  if (end === null || through <= end) return null;
  const last = rates.reduce((m, r) => (r.from > m.from ? r : m));
  const params = { from: addDays(end, 1), rate: formatRate(last.rate), since: last.from };
  return { code: 'INTEREST_RATE_UNKNOWN', params, message: errorMessage('INTEREST_RATE_UNKNOWN', params) };
}

const formatRate = (hundredths: number) => String(fromScaled(hundredths, 2));
