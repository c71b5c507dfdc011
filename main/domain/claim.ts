/**
 * What an invoice's claim consists of, and which figure includes which (docs/claims.md has the same table for users).
 * Pure rules, amounts in øre of the invoice's currency. The SQL form of the same definition, which every list, report,
 * overview and document reads, is main/features/invoices/claim.sql.ts; the two are held equal by test/claims.
 *
 * Parts of the claim (signs as they move the balance):
 *   + principal      the invoice total incl. VAT (documents.total)
 *   + fees           reminder and debt-collection-notice fees charged on dunnings (dunnings.fee)
 *   + interest       late interest charged on dunnings (dunnings.interest)
 *   − payments       money received (ledger `payment`, less `payment-reversal`)
 *   + refunds        money paid back to the customer (ledger `refund`, stored negative)
 *   ± transfers      a credit moved to / from another invoice of the customer (`credit-transfer-out` / `-in`)
 *   − credited       issued credit notes against the invoice
 *   − written off    losses (`loss`, less `loss-reversal`)
 *   − fees waived    unpaid fees cancelled when the invoice is written off (`fee-cancellation`)
 *   ± rounding       the øre a credit note of "the rest" misses by VAT rounding (`rounding`, øreavrunding), counted
 *                    with `credited` in the figures
 *
 * Figures:
 *   balance               what the customer owes now: every part above. Negative = the customer has money to get back.
 *   outstanding           the balance when positive, else 0 (what lists, tiles and "Utestående" add up).
 *   toRefund              minus the balance when negative, else 0 (never netted against outstanding in lists).
 *   paid                  money in minus money back, allocated to this invoice: payments − reversals − refunds ± transfers.
 *   principalOutstanding  the part of the balance that is principal: payments settle fees first, then interest, then
 *                         the principal (inkassoloven § 17, dekningsloven); the base for late interest.
 */

export interface ClaimParts {
  principal: number;
  fees: number;
  interest: number;
  /** Money in minus money back on this invoice (payments − reversals − refunds + transfers in − transfers out). */
  paid: number;
  credited: number;
  /** Losses less their reversals. */
  writtenOff: number;
  /** Fees waived at a write-off. */
  feesWaived: number;
}

export interface ClaimFigures {
  balance: number;
  outstanding: number;
  toRefund: number;
  paid: number;
  feesOpen: number;
  interestOpen: number;
  principalOutstanding: number;
}

/** The figures of a claim from its parts: the one arithmetic the SQL in claim.sql.ts repeats. */
export function claimFigures(p: ClaimParts): ClaimFigures {
  const balance = p.principal + p.fees + p.interest - p.paid - p.credited - p.writtenOff - p.feesWaived;
  const { fees: feesOpen, interest: interestOpen, principal } = settled(balance, p.paid, p.fees - p.feesWaived, p.interest);
  return {
    balance,
    outstanding: Math.max(0, balance),
    toRefund: Math.max(0, -balance),
    paid: p.paid,
    feesOpen,
    interestOpen,
    principalOutstanding: principal,
  };
}

/** Money received settles the charges first (fees, then interest), then the principal: what of each is still open. */
function settled(balance: number, paidIn: number, feesCharged: number, interest: number) {
  const paid = Math.max(0, paidIn);
  const open = Math.max(0, balance);
  const fees = Math.min(Math.max(0, feesCharged - paid), open);
  const rest = Math.min(Math.max(0, interest - Math.max(0, paid - feesCharged)), open - fees);
  return { fees, interest: rest, principal: balance - fees - rest };
}

/**
 * The open fees, interest and principal (øre) of an invoice's stored claim (its `invoice_balances` row: `fees_total` is
 * already less the fees waived): the same settle order as claimFigures.
 */
export function openParts(c: { balance: number; paid_total: number; fees_total: number; interest_total: number }) {
  return settled(c.balance, c.paid_total, c.fees_total, c.interest_total);
}

/** Ledger kinds as they count in the claim. */
export const PAID_KINDS = ['payment', 'payment-reversal', 'refund', 'credit-transfer-in', 'credit-transfer-out'] as const;
/** Money that actually moved between the customer and us (payments report, "Betalt denne måneden"): transfers excluded. */
export const CASH_KINDS = ['payment', 'payment-reversal', 'refund'] as const;
export const WRITE_OFF_KINDS = ['loss', 'loss-reversal'] as const;
export const FEE_WAIVER_KIND = 'fee-cancellation';

/**
 * Line totals. Each line's `total` (incl. VAT) is its net plus its own VAT rounded to the øre; the invoice's VAT is
 * computed per rate on the sum of the nets (as the PDF, EHF and the VAT report show it), so the lines' totals may
 * differ from the invoice total by an øre per line. The invoice total is what is owed; the lines are information.
 */
export const LINE_TOTAL_RULE = 'line net + VAT of the line, rounded per line; invoice VAT per rate on the sum of nets';
