/**
 * Search and sort of the invoice lists, in SQL (the lists stay paged in the database at 100,000 invoices).
 * `q` matches the invoice number, the KID, the customer (name, customer number, org number, e-mail through the
 * recipients' search text) and an amount (total or open balance, "1 234,50" or "1234.50"). Sorting is by any column
 * of the list, ties broken by number so pages never overlap.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Eb = ExpressionBuilder<Database & { d: Database['documents']; b: Database['invoice_balances'] }, 'd' | 'b'>;
/** Credit notes have no balance row: the same search without it. */
type DocEb = ExpressionBuilder<Database & { d: Database['documents'] }, 'd'>;

export const INVOICE_SORTS = ['number', 'customer', 'date', 'due', 'total', 'balance'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type SortDir = 'asc' | 'desc';

/** An amount as a Norwegian or plain decimal ("1 234,50", "1234.5", "-500") in øre, or null when q is not one. */
export function amountOre(q: string): number | null {
  const s = q.replace(/[\s\u00a0]/g, '').replace(/kr$/i, '');
  const m = /^(-?)(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s);
  if (!m) return null;
  const ore = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -ore : ore;
}

export function searchWhere(eb: Eb, q: string, withBalance = true) {
  const text = q.trim().toLocaleLowerCase('nb-NO');
  const like = `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  const customers = eb.selectFrom('recipients').select('recipients.number').where(sql<boolean>`search_text like ${like} escape '\\'`);
  const ors = [eb('d.recipient_number', 'in', customers)];
  const digits = text.replace(/\s/g, '');
  if (/^\d{1,25}$/.test(digits)) {
    if (digits.length <= 12) ors.push(eb('d.number', '=', Number(digits)));
    ors.push(eb('d.kid', '=', digits));
  }
  const ore = amountOre(text);
  if (ore !== null) ors.push(eb('d.total', '=', ore));
  if (ore !== null && withBalance) ors.push(eb('b.balance', '=', ore));
  return eb.or(ors);
}

/** The search of a list without balances (credit notes): number, customer, amount. */
export const docSearchWhere = (eb: DocEb, q: string) => searchWhere(eb as unknown as Eb, q, false);

/** The ORDER BY expression of a sort column. */
export function sortExpression(sort: InvoiceSort) {
  switch (sort) {
    case 'number':
      return sql`d.number`;
    case 'customer':
      return sql`(select r.sort_name from recipients r where r.number = d.recipient_number)`;
    case 'date':
      return sql`d.issue_date`;
    case 'due':
      return sql`d.due_date`;
    case 'total':
      return sql`d.total_nok`;
    case 'balance':
      return sql`b.balance`;
  }
}
