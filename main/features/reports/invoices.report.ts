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
import type { CellValue, ReportRow } from '../../render/report/report-table.js';
import { keyset } from './chunks.js';
import { inNok } from './ledger.sql.js';
import { toNok, vatOf } from '../../domain/totals.js';
import { defineReport, type ReportParams } from './report.types.js';
import { invoicesEhf, invoicesPdf } from './invoices.files.js';
import { invoiceRowsQuery } from './invoices.rows.js';

const VAT_RATES = [2500, 1500, 1200] as const;


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

type SqlColumn = `d.${string}` | `r.${string}` | 'paid' | 'balance';
type SqlRow = { id: number; kind: string; exchange_rate_micro: number } & Record<string, any>;
interface Ctx {
  r: SqlRow;
  sign: number;
  rates: Map<number, number> | undefined;
  kinds: Record<string, string>;
}
/** Per column: the SQL columns it needs and how its value comes from a row. */
interface Col {
  sql: SqlColumn[];
  vat?: boolean;
  get(x: Ctx): CellValue;
}
const COLUMN: Record<string, Col> = {
  number: { sql: ['d.number'], get: (x: Ctx) => x.r.number },
  type: { sql: [], get: (x: Ctx) => x.kinds[x.r.kind] ?? x.r.kind },
  issueDate: { sql: ['d.issue_date'], get: (x: Ctx) => x.r.issue_date },
  dueDate: { sql: ['d.due_date'], get: (x: Ctx) => x.r.due_date },
  recipientNumber: { sql: ['d.recipient_number'], get: (x: Ctx) => x.r.recipient_number },
  customerNumber: { sql: ['r.customer_number'], get: (x: Ctx) => x.r.customer_number },
  name: { sql: ['r.name'], get: (x: Ctx) => x.r.name },
  organisationNumber: { sql: ['r.org_number'], get: (x: Ctx) => x.r.org_number },
  net: { sql: ['d.total_nok', 'd.tax_nok'], get: (x: Ctx) => x.sign * (x.r.total_nok - x.r.tax_nok) },
  vat25: { sql: ['d.exchange_rate_micro'], vat: true, get: (x: Ctx) => x.sign * (x.rates?.get(VAT_RATES[0]) ?? 0) },
  vat15: { sql: ['d.exchange_rate_micro'], vat: true, get: (x: Ctx) => x.sign * (x.rates?.get(VAT_RATES[1]) ?? 0) },
  vat12: { sql: ['d.exchange_rate_micro'], vat: true, get: (x: Ctx) => x.sign * (x.rates?.get(VAT_RATES[2]) ?? 0) },
  vat: { sql: ['d.tax_nok'], get: (x: Ctx) => x.sign * x.r.tax_nok },
  total: { sql: ['d.total_nok'], get: (x: Ctx) => x.sign * x.r.total_nok },
  paid: { sql: ['paid'], get: (x: Ctx) => (x.r.kind === 'invoice' ? Number(x.r.paid) : 0) },
  balance: { sql: ['balance'], get: (x: Ctx) => (x.r.kind === 'invoice' ? Number(x.r.balance) : 0) },
  kid: { sql: ['d.kid'], get: (x: Ctx) => x.r.kid },
  currency: { sql: ['d.currency'], get: (x: Ctx) => x.r.currency },
  currencyTotal: { sql: ['d.total'], get: (x: Ctx) => x.sign * x.r.total },
  orderNumber: { sql: ['d.order_number'], get: (x: Ctx) => x.r.order_number },
  yourReference: { sql: ['d.your_reference'], get: (x: Ctx) => x.r.your_reference },
  ourReference: { sql: ['d.our_reference'], get: (x: Ctx) => x.r.our_reference },
};

const KIND = { nb: { invoice: 'Faktura', 'credit-note': 'Kreditnota' }, en: { invoice: 'Invoice', 'credit-note': 'Credit note' } };

export const invoicesReport = defineReport({
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
  async count(ctx, p) {
    const r = await invoiceRowsQuery(ctx.db, p).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  },
  rows(ctx, p, req) {
    const kinds = KIND[req.lang];
    // Only what the asked columns need is selected, and each row gets only the asked keys, each from its accessor.
    const cols = req.columns.map((key) => [key, COLUMN[key]] as const);
    const selects = [...new Set(['d.id', 'd.kind', ...cols.flatMap(([, c]) => c.sql)])] as SqlColumn[];
    const wantsVat = cols.some(([, c]) => c.vat);
    const amounts = cols.some(([, c]) => c.sql.includes('paid') || c.sql.includes('balance'));
    return keyset(
      (after, limit) => {
        let q = invoiceRowsQuery(ctx.db, p).select(selects.filter((c) => c !== 'paid' && c !== 'balance') as 'd.id'[]);
        if (amounts) q = q.select([inNok(sql<number>`coalesce(b.paid_total, 0)`).as('paid'), inNok(sql<number>`coalesce(b.balance, 0)`).as('balance') /* claim.sql.ts balanceNok: incl. reminder fees and interest */]) as typeof q;
        if (after !== null) q = q.where('d.id', '>', after);
        return q.orderBy('d.id').limit(limit).execute() as Promise<SqlRow[]>;
      },
      (r) => r.id,
      async (rows): Promise<ReportRow[]> => {
        const vat = wantsVat ? await vatByRate(ctx.db, rows) : null;
        const out: ReportRow[] = new Array(rows.length);
        for (let i = 0; i < rows.length; i++) {
          const r = rows[i];
          const x: Ctx = { r, sign: r.kind === 'credit-note' ? -1 : 1, rates: vat?.get(r.id), kinds };
          const row: ReportRow = {};
          for (const [key, c] of cols) row[key] = c.get(x);
          out[i] = row;
        }
        return out;
      },
    );
  },
  pdf: invoicesPdf,
  ehf: invoicesEhf,
});
