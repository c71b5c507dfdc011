/**
 * The principal late interest runs on, day by day (forsinkelsesrenteloven § 2: interest on the overdue amount; no interest
 * on interest or fees). Replays an invoice's history in date order:
 * - a credit note lowers the principal (and the most it can ever be again);
 * - money received (a payment, a credit moved in) covers the costs claimed so far (fees and interest of earlier notices)
 *   first, then the principal (dekningsloven / inkassoloven § 17); interest that has accrued but was never claimed on a
 *   notice is not a cost yet, so it is not covered;
 * - money going back (a refund, a reversed payment, a credit moved out) raises the principal up to that most, the rest
 *   reopens costs;
 * - a notice's fee and interest become costs on its date.
 * An event changes the principal from the day after its date: the day of a payment still carries the old balance
 * (interest runs through the payment date). On one date, money and credits come before a notice's costs.
 */
import { addDays, type PrincipalStep } from './late-interest.js';

export interface BalanceEvent {
  date: string;
  kind: 'credit' | 'money' | 'cost';
  /** Øre: credit and cost positive; money positive in, negative out. */
  amount: number;
}

const ORDER = { credit: 0, money: 1, cost: 2 } as const;

/** The principal from each day on, starting the day after `dueDate` with `total`. */
export function principalSteps(total: number, dueDate: string, events: readonly BalanceEvent[]): PrincipalStep[] {
  const sorted = [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : ORDER[a.kind] - ORDER[b.kind]));
  let principal = total;
  let cap = total;
  let costs = 0;
  const steps: PrincipalStep[] = [{ from: addDays(dueDate, 1), principal }];
  for (const e of sorted) {
    if (e.kind === 'credit') {
      principal -= e.amount;
      cap -= e.amount;
    } else if (e.kind === 'cost') {
      costs += e.amount;
    } else if (e.amount >= 0) {
      const toCosts = Math.min(Math.max(costs, 0), e.amount);
      costs -= toCosts;
      principal -= e.amount - toCosts;
    } else {
      const back = -e.amount;
      const toPrincipal = Math.min(back, Math.max(0, cap - principal));
      principal += toPrincipal;
      costs += back - toPrincipal;
    }
    const from = addDays(e.date, 1);
    const last = steps[steps.length - 1];
    if (from <= last.from) last.principal = principal;
    else if (last.principal !== principal) steps.push({ from, principal });
  }
  return steps;
}
