/**
 * The claim of an issued invoice in SQL: the one place lists, overviews, reports, the customer ledger and documents take
 * their figures from (main/domain/claim.ts says what each part and figure is; docs/claims.md the same for users).
 * Portable SQL through Kysely (grouped sub-selects, coalesce, case, round). Queries using these join `documents as d`
 * (the invoice) and, for the current figures, `invoice_balances as b`.
 *
 * Two readings of the same definition:
 * - at a day (`invoicesWithClaimAt`, `balanceAt`): rebuilt from the dated rows (invoice, dunnings, ledger entries, credit notes); the reports
 *   with a `to` date and the customer ledger read this;
 * - now (`b.balance`): invoice_balances, kept in the same transaction as every row that moves the claim; lists, states,
 *   overviews and tiles read this. test/claims/claim-invariants.test.ts holds the two equal at today.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { CASH_KINDS } from '../../domain/claim.js';

/**
 * Issued invoices (`documents as d`, not credit notes) dated up to `day` (and of one customer, when asked), each joined
 * to the parts of its claim dated up to `day`, every part summed once per invoice: its reminders' fees and interest
 * (`dn_at`), its ledger entries (`le_at`: payments, reversals, refunds, transfers, losses, fee waivers, øre as they lower
 * the claim) and its credit notes (`cn_at`). One pass over each table for all invoices: a sub-select per invoice and part
 * read four index ranges per invoice, and again wherever the figure was used (the filter, the sums, each aged bucket).
 * `balanceAt` is the balance from these parts.
 */
export function invoicesWithClaimAt(db: Kysely<Database>, day: string, recipientNumber?: number) {
  const one = recipientNumber !== undefined;
  const ofCustomer = (col: 'dn.document_id' | 'le.document_id' | 'cn.credited_document_id') => sql<boolean>`${sql.ref(col)} in (select c.id from documents c where c.recipient_number = ${recipientNumber})`;
  let q = db
    .selectFrom('documents as d')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('dunnings as dn')
          .where('dn.dunning_date', '<=', day)
          .$if(one, (w) => w.where(ofCustomer('dn.document_id')))
          .groupBy('dn.document_id')
          .select(['dn.document_id', sql<number>`sum(dn.fee)`.as('fees'), sql<number>`sum(dn.interest)`.as('interest')])
          .as('dn_at'),
      (join) => join.onRef('dn_at.document_id', '=', 'd.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('ledger_entries as le')
          .where('le.date', '<=', day)
          .$if(one, (w) => w.where(ofCustomer('le.document_id')))
          .groupBy('le.document_id')
          .select(['le.document_id', sql<number>`sum(le.amount)`.as('amount')])
          .as('le_at'),
      (join) => join.onRef('le_at.document_id', '=', 'd.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('documents as cn')
          .where('cn.kind', '=', 'credit-note')
          .where('cn.number', 'is not', null)
          .where('cn.issue_date', '<=', day)
          .$if(one, (w) => w.where(ofCustomer('cn.credited_document_id')))
          .groupBy('cn.credited_document_id')
          .select(['cn.credited_document_id', sql<number>`sum(cn.total)`.as('credited')])
          .as('cn_at'),
      (join) => join.onRef('cn_at.credited_document_id', '=', 'd.id'),
    )
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'is not', null)
    .where('d.issue_date', '<=', day);
  if (recipientNumber !== undefined) q = q.where('d.recipient_number', '=', recipientNumber);
  return q;
}

/** The balance of invoice d at the end of the day of invoicesWithClaimAt (document currency øre): principal + fees + interest − ledger − credits. */
export const balanceAt: RawBuilder<number> = sql<number>`(d.total + coalesce(dn_at.fees, 0) + coalesce(dn_at.interest, 0) - coalesce(le_at.amount, 0) - coalesce(cn_at.credited, 0))`;

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
