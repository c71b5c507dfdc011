/**
 * The documents the invoices report lists (issued invoices and credit notes, or only invoices when a payment state or an
 * invoice number is asked for), filtered by the report's parameters: one query for the report's rows and for its PDF
 * and EHF files (invoices.files.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { stateWhere } from '../invoices/index.js';
import type { ReportParams } from './report.types.js';

export function invoiceRowsQuery(db: Kysely<Database>, p: ReportParams) {
  const onlyInvoices = p.paid !== undefined || p.invoiceNumber !== undefined || p.invoiceNumberFrom !== undefined || p.invoiceNumberTo !== undefined;
  let q = db
    .selectFrom('documents as d')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .leftJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .where('d.number', 'is not', null)
    // The kinds as an expression, not a bare column test: a bare `kind IN (…)` makes the planner take the (kind, number)
    // index and sort every remaining document for each keyset chunk (quadratic); this way the primary key walks the range.
    .where(sql<boolean>`(case when d.kind in (${sql.join(onlyInvoices ? ['invoice'] : ['invoice', 'credit-note'])}) then 1 else 0 end) = 1`);
  if (p.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', p.recipientNumber);
  if (p.from) q = q.where('d.issue_date', '>=', p.from);
  if (p.to) q = q.where('d.issue_date', '<=', p.to);
  if (p.invoiceNumber !== undefined) q = q.where('d.number', '=', p.invoiceNumber);
  if (p.invoiceNumberFrom !== undefined) q = q.where('d.number', '>=', p.invoiceNumberFrom);
  if (p.invoiceNumberTo !== undefined) q = q.where('d.number', '<=', p.invoiceNumberTo);
  if (p.productCode) {
    const code = p.productCode;
    q = q.where(({ exists, selectFrom }) => exists(selectFrom('document_lines as l').select('l.line_no').whereRef('l.document_id', '=', 'd.id').where('l.product_code', '=', code)));
  }
  if (p.paid) {
    const paid = p.paid;
    q = q.where((eb) => {
      const e = eb as unknown as Parameters<typeof stateWhere>[0];
      if (paid === 'PAID') return stateWhere(e, 'paid', '');
      if (paid === 'LOST') return stateWhere(e, 'lost', '');
      return eb.and([eb('b.lost', '=', 0), eb('b.balance', '>', 0)]); // due or not due: stateWhere's two open states
    });
  }
  return q;
}
