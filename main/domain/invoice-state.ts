/** Invoice states (spec section 3), derived at "today": never stored, so they move with the clock. */
export type InvoiceState = 'not-due' | 'due' | 'paid' | 'lost';
export const INVOICE_STATES: readonly InvoiceState[] = ['not-due', 'due', 'paid', 'lost'];

/**
 * lost: written off (its own state, listed under neither due nor not due);
 * paid: balance <= 0; not due: balance > 0 and dueDate >= today; due: balance > 0 and dueDate < today.
 */
export function invoiceState(balanceOre: number, dueDate: string | null, lost: boolean, today: string): InvoiceState {
  if (lost) return 'lost';
  if (balanceOre <= 0) return 'paid';
  if (dueDate === null || dueDate >= today) return 'not-due';
  return 'due';
}

/** What an invoice's badge says: its state, or `credited` for a paid-state invoice credited in full. */
export type InvoiceStatusLabel = InvoiceState | 'credited';

export interface InvoiceStatusFacts {
  balance: number;
  total: number;
  paidTotal: number;
  creditedTotal: number;
  lostTotal: number;
  lost: boolean;
  dueDate: string | null;
}

/**
 * The one status of an invoice, shown alike in the list, on the invoice page and in the API (`state` + `stateDetail`):
 * the state (spec filter), the label of the badge, and what qualifies it: partly paid (next to not due / due), credited
 * in part or in full, and what the customer has to get back (a negative balance). Amounts in øre.
 */
export function invoiceStatus(f: InvoiceStatusFacts, today: string) {
  const state = invoiceState(f.balance, f.dueDate, f.lost, today);
  const fullyCredited = f.creditedTotal > 0 && f.creditedTotal >= f.total;
  const label: InvoiceStatusLabel = state === 'paid' && fullyCredited ? 'credited' : state;
  return {
    state,
    label,
    partlyPaid: (state === 'not-due' || state === 'due') && f.paidTotal > 0,
    partlyCredited: f.creditedTotal > 0 && !fullyCredited,
    fullyCredited,
    paidOre: f.paidTotal,
    creditedOre: f.creditedTotal,
    lostOre: f.lostTotal,
    toRefundOre: Math.max(0, -f.balance),
  };
}
export type InvoiceStatus = ReturnType<typeof invoiceStatus>;
