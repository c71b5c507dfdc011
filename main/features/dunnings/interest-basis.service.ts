/**
 * Loads what late interest needs to follow an invoice's balance day by day (main/domain/interest-basis.ts): the invoice
 * total, its credit notes, its ledger entries and the costs of its notices. A fixed number of queries per 500 invoices.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { BalanceEvent } from '../../domain/interest-basis.js';

export interface BalanceHistory {
  total: number;
  events: BalanceEvent[];
}

const CHUNK = 500;

export async function balanceHistories(db: Kysely<Database>, documentIds: number[]): Promise<Map<number, BalanceHistory>> {
  const out = new Map<number, BalanceHistory>();
  for (let i = 0; i < documentIds.length; i += CHUNK) {
    const ids = documentIds.slice(i, i + CHUNK);
    const [docs, credits, ledger, notices] = await Promise.all([
      db.selectFrom('documents').select(['id', 'total']).where('id', 'in', ids).execute(),
      db
        .selectFrom('documents')
        .select(['credited_document_id', 'issue_date', 'total'])
        .where('kind', '=', 'credit-note')
        .where('number', 'is not', null)
        .where('credited_document_id', 'in', ids)
        .execute(),
      db.selectFrom('ledger_entries').select(['document_id', 'date', 'amount']).where('document_id', 'in', ids).execute(),
      db.selectFrom('dunnings').select(['document_id', 'dunning_date', 'fee', 'interest']).where('document_id', 'in', ids).execute(),
    ]);
    for (const d of docs) out.set(d.id, { total: d.total, events: [] });
    for (const c of credits) out.get(c.credited_document_id!)?.events.push({ date: c.issue_date!, kind: 'credit', amount: Math.abs(c.total) });
    for (const l of ledger) out.get(l.document_id)?.events.push({ date: l.date, kind: 'money', amount: l.amount });
    for (const n of notices) out.get(n.document_id)?.events.push({ date: n.dunning_date, kind: 'cost', amount: n.fee + n.interest });
  }
  return out;
}
