/**
 * The claim of an invoice and what a new dunning adds to it. Shared by POST /dunnings/, the candidates list and the
 * automatic run, so all three price a notice the same way.
 *
 * invoice_balances.balance is the whole claim: principal + fees + interest - payments - credits - losses. Payments
 * settle costs first, then interest, then the principal (the order of inkassoloven § 17 / dekningsloven), so the open
 * parts follow from the totals without bookkeeping per payment.
 */
import { fieldError, type FieldError } from '../../ops/errors.js';
import type { Insertable } from 'kysely';
import type { DunningsTable } from '../../../db/schema.js';
import { openParts } from '../../domain/claim.js';
import { feeAllowed } from '../../domain/dunning-fees.js';
import { type LateInterest, type RatePeriod } from '../../domain/late-interest.js';
import { interestFor } from './interest.js';
import type { BalanceHistory } from './interest-basis.service.js';
import type { Settings } from '../settings/index.js';
import { feeRefusedText, refusedByLaw, type FeeRefused } from './fee-refusal.js';

export interface ClaimRow {
  id: number;
  number: number;
  recipient_number: number;
  due_date: string | null;
  currency: string;
  balance: number;
  paid_total: number;
  fees_total: number;
  interest_total: number;
  lost: number;
}

export interface PriorDunning {
  document_id: number;
  number: number;
  dunning_number: number;
  dunning_date: string;
  due_date: string;
  debt_collection_notice: number;
  fee: number;
  interest_to: string | null;
}

/** Why an invoice cannot be dunned today, or null. */
export function claimProblem(c: ClaimRow | undefined, today: string, field: string): FieldError | null {
  if (!c) return fieldError(field, 'NOT_AN_ISSUED_INVOICE');
  if (c.lost) return fieldError(field, 'LOST', { number: c.number });
  if (c.balance <= 0) return fieldError(field, 'NO_OPEN_BALANCE', { number: c.number });
  if (c.due_date === null || c.due_date >= today) return fieldError(field, 'NOT_DUE', c.due_date === null ? { number: c.number } : { number: c.number, due: c.due_date });
  return null;
}

export interface PlanOptions {
  debtCollectionNotice: boolean;
  dunningFee: boolean;
  interest: boolean;
  dueDate: string;
}

export interface Plan {
  fee: number;
  feeRefused: FeeRefused | null;
  interest: LateInterest;
  interestFrom: string;
  principal: number;
  followsDeadline: string;
}

const maxDate = (dates: (string | null)[]) => dates.reduce<string>((m, d) => (d !== null && d > m ? d : m), '');

/** What a notice sent `today` adds to the claim. Throws MissingRateError when a charged day has no rate. */
export function planDunning(
  c: ClaimRow,
  prior: readonly PriorDunning[],
  o: PlanOptions,
  today: string,
  s: Settings['dunning'],
  rates: readonly RatePeriod[],
  history: BalanceHistory,
): Plan {
  const due = c.due_date!;
  let fee = 0;
  let feeRefused: FeeRefused | null = null;
  if (o.dunningFee) {
    const amount = (o.debtCollectionNotice ? s.debtCollectionNoticeFee : s.reminderFee) * 100;
    const answer = feeAllowed({
      invoiceDueDate: due,
      dunningDate: today,
      dueDate: o.dueDate,
      debtCollectionNotice: o.debtCollectionNotice,
      earlierFees: prior.filter((p) => p.fee > 0).map((p) => ({ dunningDate: p.dunning_date, dueDate: p.due_date, debtCollectionNotice: p.debt_collection_notice === 1 })),
    });
    if (!answer.allowed) feeRefused = refusedByLaw(answer);
    else if (c.currency !== 'NOK') feeRefused = { code: 'FEE_NOT_IN_NOK', params: { invoiceNumber: c.number, currency: c.currency } };
    else if (amount === 0) feeRefused = { code: 'FEE_SET_TO_ZERO', params: {} };
    else fee = amount;
  }
  // Interest (./interest.ts) runs on the principal day by day, from where the last notice's interest ended.
  const interestFrom = maxDate([due, ...prior.map((p) => p.interest_to)]);
  const principal = openParts(c).principal;
  const interest = o.interest ? interestFor(history, due, interestFrom, today, rates) : { interest: 0, days: 0, rate: null, parts: [] };
  return { fee, feeRefused, interest, interestFrom, principal, followsDeadline: maxDate([due, ...prior.map((p) => p.due_date)]) };
}

/** The row of a new dunning. */
export function dunningRow(
  c: ClaimRow,
  priorCount: number,
  plan: Plan,
  o: PlanOptions & { dunningText: string | null; automatic: boolean },
  number: number,
  today: string,
  createdAt: string,
): Insertable<DunningsTable> {
  const charged = plan.interest.days > 0;
  return {
    number,
    document_id: c.id,
    dunning_number: priorCount + 1,
    recipient_number: c.recipient_number,
    dunning_date: today,
    due_date: o.dueDate,
    follows_deadline: plan.followsDeadline,
    debt_collection_notice: o.debtCollectionNotice ? 1 : 0,
    dunning_text: o.dunningText,
    currency: c.currency,
    invoice_balance: c.balance,
    invoice_balance_date: today,
    fee: plan.fee,
    fee_refused_reason: feeRefusedText(plan.feeRefused),
    fee_refused_code: plan.feeRefused?.code ?? null,
    fee_refused_params: plan.feeRefused ? JSON.stringify(plan.feeRefused.params) : null,
    interest: plan.interest.interest,
    interest_rate: o.interest ? plan.interest.rate : null,
    interest_principal: plan.principal,
    interest_from: charged ? plan.interest.parts[0].from : null,
    interest_to: charged ? today : null,
    interest_parts: JSON.stringify(plan.interest.parts),
    automatic: o.automatic ? 1 : 0,
    created_at: createdAt,
  };
}
