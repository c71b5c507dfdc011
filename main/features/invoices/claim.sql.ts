/**
 * The claim of an issued invoice in SQL: the one place lists, overviews, reports, the customer ledger and documents take
 * their figures from (main/domain/claim.ts says what each part and figure is; docs/claims.md the same for users).
 * Portable SQL through Kysely (correlated sub-selects, coalesce, case, round). Queries using these join `documents as d`
 * (the invoice) and, for the current figures, `invoice_balances as b`.
 *
 * Two readings of the same definition:
 * - at a day (`balanceAt`): rebuilt from the dated rows (invoice, dunnings, ledger entries, credit notes); the reports
 *   with a `to` date and the customer ledger read this;
 * - now (`b.balance`): invoice_balances, kept in the same transaction as every row that moves the claim; lists, states,
 *   overviews and tiles read this. test/claims/claim-invariants.test.ts holds the two equal at today.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { CASH_KINDS } from '../../domain/claim.js';

const dayCond = (col: string, day: string | undefined) => (day === undefined ? sql`` : sql` and ${sql.ref(col)} <= ${day}`);

/** Every ledger entry of invoice d dated up to `day` (payments, reversals, refunds, transfers, losses, fee waivers), øre as they lower the claim. */
export const ledgerUpTo = (day?: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(le.amount) from ledger_entries le where le.document_id = d.id${dayCond('le.date', day)}), 0)`;

/** Reminder fees charged on invoice d's dunnings dated up to `day`. */
export const feesUpTo = (day?: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(dn.fee) from dunnings dn where dn.document_id = d.id${dayCond('dn.dunning_date', day)}), 0)`;

/** Late interest charged on invoice d's dunnings dated up to `day`. */
export const interestUpTo = (day?: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(dn.interest) from dunnings dn where dn.document_id = d.id${dayCond('dn.dunning_date', day)}), 0)`;

/** Øre credited by credit notes issued up to `day`, for invoice d. */
export const creditedUpTo = (day?: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(cn.total) from documents cn where cn.kind = 'credit-note' and cn.number is not null and cn.credited_document_id = d.id${dayCond('cn.issue_date', day)}), 0)`;

/** The balance of invoice d at the end of `day` (document currency øre): principal + fees + interest − ledger − credits. */
export const balanceAt = (day: string): RawBuilder<number> =>
  sql<number>`(d.total + ${feesUpTo(day)} + ${interestUpTo(day)} - ${ledgerUpTo(day)} - ${creditedUpTo(day)})`;

/** An amount of invoice d's currency in NOK øre at the invoice's exchange rate, rounded once per invoice. */
export const inNok = (amount: Expression<number> | RawBuilder<number>): RawBuilder<number> =>
  sql<number>`(case when d.currency = 'NOK' then ${amount} else round(${amount} * d.exchange_rate_micro / 1000000.0) end)`;

/** Now: what the customer owes on invoice d (b.balance), its positive part and what they have to get back, in NOK øre. */
export const balanceNok: RawBuilder<number> = inNok(sql<number>`b.balance`);
export const outstandingNok: RawBuilder<number> = sql<number>`(case when b.balance > 0 then ${balanceNok} else 0 end)`;
export const toRefundNok: RawBuilder<number> = sql<number>`(case when b.balance < 0 then ${inNok(sql<number>`-b.balance`)} else 0 end)`;

/** Ledger kinds of money that moved between the customer and us: payments, their reversals, refunds. */
export const CASH_LEDGER_KINDS = [...CASH_KINDS];

/**
 * NOK of a cash ledger entry `le` (join `documents as d` on le.document_id): a foreign payment as received in NOK, a
 * refund (stored in the invoice's currency, negative) at the invoice's rate.
 */
export const cashNokOf = (le: string): RawBuilder<number> =>
  sql<number>`coalesce(${sql.ref(`${le}.currency_amount`)}, ${inNok(sql<number>`${sql.ref(`${le}.amount`)}`)})`;
export const cashNok = cashNokOf('le');

/** An invoice credited in full on which nothing is paid: counted as credited, not as paid. */
export const creditedInFull = sql<boolean>`(b.credited_total > 0 and b.credited_total >= d.total and b.paid_total <= 0)`;

/**
 * Invoice d takes a payment (join `invoice_balances as b`): something is owed on it now and it is not written off. Paid,
 * credited and overpaid invoices (balance ≤ 0) and lost ones are not open. The bank import and its suggestions read this.
 */
export const isOpen = sql<boolean>`(b.lost = 0 and b.balance > 0)`;
