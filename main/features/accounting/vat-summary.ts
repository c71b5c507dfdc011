/**
 * The VAT return's figures for a term (MVA-melding, issue 27): per standard tax code the base and the output VAT in NOK
 * of the invoices and credit notes issued in the term (credit notes negative), computed exactly as each document and
 * the SAF-T file compute them (VAT per category and rate on the sum of the nets, in NOK from the NOK base:
 * main/domain/totals.ts; the code by category, rate and the buyer's country on the issued document:
 * main/domain/accounting.ts taxCodeOf). Documents read in keyset chunks; only the per-code sums are kept.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { taxCodeOf } from '../../domain/accounting.js';
import { toNok, vatOf } from '../../domain/totals.js';
import { TAX_CODES } from '../../domain/accounting.js';

export type Term = number | 'year';

/** The first and last day of a term: 1 = January–February … 6 = November–December, or the whole year. */
export function termDates(year: number, term: Term): { from: string; to: string } {
  if (term === 'year') return { from: `${year}-01-01`, to: `${year}-12-31` };
  const m1 = (term - 1) * 2 + 1;
  const m2 = m1 + 1;
  const last = new Date(Date.UTC(year, m2, 0)).getUTCDate();
  return { from: `${year}-${String(m1).padStart(2, '0')}-01`, to: `${year}-${String(m2).padStart(2, '0')}-${last}` };
}

export interface VatCodeSum {
  code: string;
  base: number;
  vat: number;
}

function page(db: Kysely<Database>, from: string, to: string, k: { date: string; id: number } | null) {
  return db
    .selectFrom('documents as d')
    .where('d.number', 'is not', null)
    .where('d.kind', 'in', ['invoice', 'credit-note'])
    .where('d.issue_date', '>=', from)
    .where('d.issue_date', '<=', to)
    .where(k ? sql<boolean>`(d.issue_date > ${k.date} or (d.issue_date = ${k.date} and d.id > ${k.id}))` : sql<boolean>`1 = 1`)
    .select(['d.id', 'd.kind', 'd.issue_date', 'd.exchange_rate_micro', 'd.recipient_snapshot'])
    .orderBy('d.issue_date')
    .orderBy('d.id')
    .limit(1000)
    .execute();
}

export async function vatSummary(db: Kysely<Database>, from: string, to: string): Promise<VatCodeSum[]> {
  const sums = new Map<string, VatCodeSum>();
  let key: { date: string; id: number } | null = null;
  for (;;) {
    const docs = await page(db, from, to, key);
    if (!docs.length) break;
    const groups = await db
      .selectFrom('document_lines as l')
      .where('l.document_id', 'in', docs.map((d) => d.id))
      .select(['l.document_id', 'l.vat_category', 'l.tax_rate', sql<number>`sum(l.net)`.as('base')])
      .groupBy(['l.document_id', 'l.vat_category', 'l.tax_rate'])
      .execute();
    const byDoc = new Map<number, typeof groups>();
    for (const g of groups) byDoc.set(g.document_id, [...(byDoc.get(g.document_id) ?? []), g]);
    for (const d of docs) {
      let country = 'NO';
      try {
        country = (JSON.parse(d.recipient_snapshot) as { country?: string }).country || 'NO';
      } catch {
        /* domestic */
      }
      const sign = d.kind === 'invoice' ? 1 : -1;
      for (const g of byDoc.get(d.id) ?? []) {
        const code = taxCodeOf(g.vat_category, Number(g.tax_rate), country);
        const baseNok = toNok(Number(g.base), Number(d.exchange_rate_micro));
        const vat = TAX_CODES[code].vat ? vatOf(baseNok, Number(g.tax_rate)) : 0;
        const s = sums.get(code) ?? { code, base: 0, vat: 0 };
        s.base += sign * baseNok;
        s.vat += sign * vat;
        sums.set(code, s);
      }
    }
    if (docs.length < 1000) break;
    const last = docs[docs.length - 1];
    key = { date: last.issue_date!, id: last.id };
    await new Promise<void>((r) => setImmediate(r));
  }
  return [...sums.values()].filter((s) => s.base !== 0 || s.vat !== 0).sort((a, b) => Number(a.code) - Number(b.code));
}
