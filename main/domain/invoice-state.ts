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
