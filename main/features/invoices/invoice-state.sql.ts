/**
 * The invoice states (main/domain/invoice-state.ts) as SQL conditions, for every query that filters issued invoices by
 * state: the invoice lists, the overviews, dunning candidates and reports use this one definition, never a copy.
 * The query must join `documents as d` and `invoice_balances as b`. States are computed at `today`, never stored.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { InvoiceState } from '../../domain/invoice-state.js';

type InvoiceRowsEb = ExpressionBuilder<Database & { d: Database['documents']; b: Database['invoice_balances'] }, 'd' | 'b'>;

export function stateWhere(eb: InvoiceRowsEb, state: InvoiceState, today: string) {
  switch (state) {
    case 'lost':
      return eb('b.lost', '=', 1);
    case 'paid':
      return eb.and([eb('b.lost', '=', 0), eb('b.balance', '<=', 0)]);
    case 'not-due':
      // No due date counts as not due, as in the pure rule (test/invoices/invoice-state-agrees.test.ts).
      return eb.and([eb('b.lost', '=', 0), eb('b.balance', '>', 0), eb.or([eb('d.due_date', '>=', today), eb('d.due_date', 'is', null)])]);
    case 'due':
      return eb.and([eb('b.lost', '=', 0), eb('b.balance', '>', 0), eb('d.due_date', '<', today)]);
  }
}
