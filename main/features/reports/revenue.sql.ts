/**
 * Revenue: issued invoices less credit notes (credit notes negative), dated in the period, optionally by label (rule 1),
 * in NOK as each document computed it (net = total_nok - tax_nok; per VAT group the base converted to NOK and its VAT).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { toNok, vatOf } from '../../domain/totals.js';
import { keyset } from './chunks.js';
import type { ReportParams } from './report.types.js';

export function revenueDocs(db: Kysely<Database>, p: ReportParams) {
  let q = db
    .selectFrom('documents as d')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .where('d.number', 'is not', null)
    .where('d.kind', 'in', ['invoice', 'credit-note']);
  if (p.from) q = q.where('d.issue_date', '>=', p.from);
  if (p.to) q = q.where('d.issue_date', '<=', p.to);
  if (p.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', p.recipientNumber);
  if (p.labelNumber === -1) q = q.where(sql<boolean>`not exists (select 1 from recipient_labels rl where rl.recipient_number = d.recipient_number)`);
  else if (p.labelNumber !== undefined) {
    q = q.where(sql<boolean>`exists (select 1 from recipient_labels rl where rl.recipient_number = d.recipient_number and rl.label_number = ${p.labelNumber})`);
  }
  return q;
}

/** +1 for invoices, -1 for credit notes, as SQL. */
export const signed = (col: string) => sql<number>`(case when d.kind = 'credit-note' then -${sql.ref(col)} else ${sql.ref(col)} end)`;

export interface VatGroupNok {
  category: string;
  rate: number;
  base: number;
  vat: number;
}

/** Every document's VAT groups in NOK, signed, chunk by chunk (documents in id order). */
export function revenueGroups(ctx: AppContext, p: ReportParams) {
  return keyset(
    (after, limit) => {
      let q = revenueDocs(ctx.db, p).select(['d.id', 'd.kind', 'd.exchange_rate_micro']);
      if (after !== null) q = q.where('d.id', '>', after);
      return q.orderBy('d.id').limit(limit).execute();
    },
    (d) => d.id,
    async (docs) => {
      const lines = await ctx.db
        .selectFrom('document_lines as l')
        .where('l.document_id', 'in', docs.map((d) => d.id))
        .select(['l.document_id', 'l.vat_category', 'l.tax_rate', sql<number>`sum(l.net)`.as('base')])
        .groupBy(['l.document_id', 'l.vat_category', 'l.tax_rate'])
        .execute();
      const byId = new Map(docs.map((d) => [d.id, d]));
      return lines.map((l): VatGroupNok => {
        const d = byId.get(l.document_id)!;
        const sign = d.kind === 'credit-note' ? -1 : 1;
        const base = toNok(Number(l.base), d.exchange_rate_micro);
        return { category: l.vat_category, rate: l.tax_rate, base: sign * base, vat: sign * vatOf(base, l.tax_rate) };
      });
    },
    500,
  );
}
