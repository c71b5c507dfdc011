/**
 * Invoices report: issued invoices and credit notes (credit notes with negative amounts, so sums are net of credits) with
 * net, VAT per rate, total, paid, balance and KID. Amounts in NOK (foreign-currency documents at their own rate; the
 * document currency total is its own column). `paid`: true/PAID (settled in full), false/UNPAID (open balance, due or
 * not), LOST (written off); with `paid` or an invoice number filter only invoices are listed. PDF and EHF: see
 * invoices.files.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { ReportRow } from '../../render/report/report-table.js';
import { stateWhere } from '../invoices/invoice-state.sql.js';
import { keyset } from './chunks.js';
import { inNok } from './ledger.sql.js';
import { toNok, vatOf } from '../../domain/totals.js';
import type { ReportDef, ReportParams } from './report.types.js';
import { invoicesEhf, invoicesPdf } from './invoices.files.js';

const VAT_RATES = [2500, 1500, 1200] as const;

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

/** VAT per rate in NOK of a chunk of documents, as the document computed it (main/domain/totals.ts): per VAT group the
 *  base converted to NOK, then its VAT; so the rates add up to the document's VAT to the øre. */
async function vatByRate(db: Kysely<Database>, docs: { id: number; exchange_rate_micro: number }[]) {
  const rows = await db
    .selectFrom('document_lines as l')
    .where('l.document_id', 'in', docs.map((d) => d.id))
    .select(['l.document_id', 'l.tax_rate', 'l.vat_category', sql<number>`sum(l.net)`.as('base')])
    .groupBy(['l.document_id', 'l.tax_rate', 'l.vat_category'])
    .execute();
  const rate = new Map(docs.map((d) => [d.id, d.exchange_rate_micro]));
  const out = new Map<number, Map<number, number>>();
  for (const r of rows) {
    let m = out.get(r.document_id);
    if (!m) out.set(r.document_id, (m = new Map()));
    m.set(r.tax_rate, (m.get(r.tax_rate) ?? 0) + vatOf(toNok(Number(r.base), rate.get(r.document_id)!), r.tax_rate));
  }
  return out;
}

const KIND = { nb: { invoice: 'Faktura', 'credit-note': 'Kreditnota' }, en: { invoice: 'Invoice', 'credit-note': 'Credit note' } };

export const invoicesReport: ReportDef = {
  resource: 'invoices',
  group: 'sales',
  title: { nb: 'Fakturaer', en: 'Invoices' },
  filename: 'fakturaer',
  formats: ['XLS', 'CSV', 'JSON', 'PDF', 'EHF'],
  params: ['recipientNumber', 'invoiceNumber', 'from', 'to', 'invoiceNumberFrom', 'invoiceNumberTo', 'productCode', 'paid'],
  columns: [
    { key: 'number', nb: 'Nummer', en: 'Number', type: 'number', preselected: true },
    { key: 'type', nb: 'Type', en: 'Type', type: 'text', preselected: true },
    { key: 'issueDate', nb: 'Fakturadato', en: 'Invoice date', type: 'date', preselected: true },
    { key: 'dueDate', nb: 'Forfallsdato', en: 'Due date', type: 'date', preselected: true },
    { key: 'recipientNumber', nb: 'Mottakernr.', en: 'Recipient no.', type: 'number' },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text' },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'organisationNumber', nb: 'Org.nr.', en: 'Org. no.', type: 'text' },
    { key: 'net', nb: 'Netto', en: 'Net', type: 'money', preselected: true },
    { key: 'vat25', nb: 'MVA 25 %', en: 'VAT 25%', type: 'money' },
    { key: 'vat15', nb: 'MVA 15 %', en: 'VAT 15%', type: 'money' },
    { key: 'vat12', nb: 'MVA 12 %', en: 'VAT 12%', type: 'money' },
    { key: 'vat', nb: 'MVA', en: 'VAT', type: 'money', preselected: true },
    { key: 'total', nb: 'Totalt', en: 'Total', type: 'money', preselected: true },
    { key: 'paid', nb: 'Betalt', en: 'Paid', type: 'money', preselected: true },
    { key: 'balance', nb: 'Utestående', en: 'Balance', type: 'money', preselected: true },
    { key: 'kid', nb: 'KID', en: 'KID', type: 'text', preselected: true },
    { key: 'currency', nb: 'Valuta', en: 'Currency', type: 'text' },
    { key: 'currencyTotal', nb: 'Totalt i valuta', en: 'Total in currency', type: 'money', sum: false },
    { key: 'orderNumber', nb: 'Ordrenr.', en: 'Order no.', type: 'text' },
    { key: 'yourReference', nb: 'Deres ref.', en: 'Your ref.', type: 'text' },
    { key: 'ourReference', nb: 'Vår ref.', en: 'Our ref.', type: 'text' },
  ],
  rows(ctx, p, req) {
    const kinds = KIND[req.lang];
    return keyset(
      (after, limit) => {
        let q = invoiceRowsQuery(ctx.db, p)
          .select(['d.id', 'd.kind', 'd.number', 'd.issue_date', 'd.due_date', 'd.recipient_number', 'r.customer_number', 'r.name', 'r.org_number'])
          .select(['d.total', 'd.exchange_rate_micro', 'd.tax_nok', 'd.total_nok', 'd.kid', 'd.currency', 'd.order_number', 'd.your_reference', 'd.our_reference'])
          .select([inNok(sql<number>`coalesce(b.paid_total, 0)`).as('paid'), inNok(sql<number>`coalesce(b.balance, 0)`).as('balance')]);
        if (after !== null) q = q.where('d.id', '>', after);
        return q.orderBy('d.id').limit(limit).execute();
      },
      (r) => r.id,
      async (rows): Promise<ReportRow[]> => {
        const wantsVat = req.columns.some((c) => c.startsWith('vat') && c !== 'vat');
        const vat = wantsVat ? await vatByRate(ctx.db, rows) : new Map<number, Map<number, number>>();
        return rows.map((r) => {
          const sign = r.kind === 'credit-note' ? -1 : 1;
          const rates = vat.get(r.id);
          return {
            number: r.number,
            type: kinds[r.kind as 'invoice'] ?? r.kind,
            issueDate: r.issue_date,
            dueDate: r.due_date,
            recipientNumber: r.recipient_number,
            customerNumber: r.customer_number,
            name: r.name,
            organisationNumber: r.org_number,
            net: sign * (r.total_nok - r.tax_nok),
            vat25: sign * (rates?.get(VAT_RATES[0]) ?? 0),
            vat15: sign * (rates?.get(VAT_RATES[1]) ?? 0),
            vat12: sign * (rates?.get(VAT_RATES[2]) ?? 0),
            vat: sign * r.tax_nok,
            total: sign * r.total_nok,
            paid: r.kind === 'invoice' ? Number(r.paid) : 0,
            balance: r.kind === 'invoice' ? Number(r.balance) : 0,
            kid: r.kid,
            currency: r.currency,
            currencyTotal: sign * r.total,
            orderNumber: r.order_number,
            yourReference: r.your_reference,
            ourReference: r.our_reference,
          };
        });
      },
    );
  },
  pdf: invoicesPdf,
  ehf: invoicesEhf,
};
