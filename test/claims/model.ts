/**
 * The invariant suite's own book of every invoice (øre), kept from what the test did and what the API answered for the
 * amounts Kvitt decides (a dunning's fee and interest, a credit note's total). Written again here, not imported from
 * main/domain/claim.ts, so the suite checks the definition rather than repeating it.
 */
export interface ModelInvoice {
  number: number;
  recipient: number;
  currency: string;
  rateMicro: number; // NOK per unit × 1e6 (1e6 for NOK)
  issueDate: string;
  dueDate: string;
  total: number;
  fees: number;
  interest: number;
  paid: number; // money in minus money back, transfers included
  credited: number;
  writtenOff: number;
  feesWaived: number;
  lost: boolean;
  lastLoss: number;
  payments: { id: number; settles: number; nok: number; reversed: boolean }[];
  partlyCredited: boolean;
  dunnings: number[];
  lastDunningDay: string | null;
}

export const balanceOf = (m: ModelInvoice) => m.total + m.fees + m.interest - m.paid - m.credited - m.writtenOff - m.feesWaived;

/** SQL round(x * rate / 1e6): half away from zero. */
export const nok = (m: ModelInvoice, ore: number) => {
  if (m.currency === 'NOK') return ore;
  const v = (ore * m.rateMicro) / 1_000_000;
  return v < 0 ? -Math.round(-v) : Math.round(v);
};

/** Unpaid fees (payments settle fees first, then interest, then principal). */
export function feesOpen(m: ModelInvoice) {
  const charged = m.fees - m.feesWaived;
  return Math.min(Math.max(0, charged - Math.max(0, m.paid)), Math.max(0, balanceOf(m)));
}

export type State = 'not-due' | 'due' | 'paid' | 'lost';
export function stateOf(m: ModelInvoice, today: string): State {
  if (m.lost) return 'lost';
  if (balanceOf(m) <= 0) return 'paid';
  return m.dueDate >= today ? 'not-due' : 'due';
}
export const creditedInFull = (m: ModelInvoice) => m.credited > 0 && m.credited >= m.total && m.paid <= 0;

/** Totals over invoices, NOK øre. */
export function totals(all: Iterable<ModelInvoice>, today: string) {
  const t = { balance: 0, outstanding: 0, toRefund: 0, due: 0, notDue: 0, dueCount: 0, notDueCount: 0, paidCount: 0, creditedCount: 0, lostCount: 0, count: 0, nonZero: 0 };
  for (const m of all) {
    const b = nok(m, balanceOf(m));
    t.count += 1;
    t.balance += b;
    if (b > 0) t.outstanding += b;
    if (balanceOf(m) < 0) t.toRefund += nok(m, -balanceOf(m));
    if (balanceOf(m) !== 0) t.nonZero += 1;
    const s = stateOf(m, today);
    if (s === 'due') (t.due += b), (t.dueCount += 1);
    if (s === 'not-due') (t.notDue += b), (t.notDueCount += 1);
    if (s === 'paid') creditedInFull(m) ? (t.creditedCount += 1) : (t.paidCount += 1);
    if (s === 'lost') t.lostCount += 1;
  }
  return t;
}

export const kr = (ore: number) => ore / 100;
export const ore = (kr: number) => Math.round(kr * 100);
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
