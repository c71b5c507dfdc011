/**
 * Payments per product (payments/products) and what could not be attributed (payments/products/exceptions), for the
 * payments dated from..to (both required). Each payment (NOK received) is split over its invoice's lines in proportion
 * to the line totals, to the øre (largest remainder), and summed per product code. A line without a product code, or
 * an invoice whose lines total zero, cannot be attributed: that part is an exception with its reason. Rule 3: XLS holds
 * both reports on two sheets; JSON one per request. Products + exceptions = the payments report's total for the period.
 */
import type { AppContext } from '../../context.js';
import type { ReportRow, ReportTable } from '../../render/report/report-table.js';
import { keyset } from './chunks.js';
import { paymentsQuery, receivedNok } from './payments.report.js';
import { columnsAsAsked } from './report-generate.js';
import { defineReport, type Lang, type ReportColumn, type ReportParams, type ReportRequest } from './report.types.js';

const REASON = {
  nb: { noProduct: 'Fakturalinje uten varenummer', zero: 'Fakturaen har sum null' },
  en: { noProduct: 'Invoice line without product code', zero: 'The invoice totals zero' },
};

/** Splits `amount` over `weights` in proportion, parts adding up to `amount` exactly. */
export function splitProRata(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  const raw = weights.map((w) => (amount * w) / total);
  const parts = raw.map((r) => Math.trunc(r));
  let rest = amount - parts.reduce((a, p) => a + p, 0);
  const order = raw.map((r, i) => ({ i, frac: Math.abs(r - Math.trunc(r)) })).sort((a, b) => b.frac - a.frac);
  for (let k = 0; rest !== 0 && k < order.length; k++) {
    const step = Math.sign(rest);
    parts[order[k].i] += step;
    rest -= step;
  }
  return parts;
}

interface Attribution {
  products: Map<string, { description: string; amount: number; payments: number }>;
  exceptions: ReportRow[];
}

async function attribute(ctx: AppContext, p: ReportParams, lang: Lang): Promise<Attribution> {
  const products: Attribution['products'] = new Map();
  const exceptions: ReportRow[] = [];
  const chunks = keyset(
    (after, limit) => {
      let q = paymentsQuery(ctx, p).select(['le.id', 'le.date', 'le.document_id', 'd.number', 'r.name']).select(receivedNok.as('nok'));
      if (after !== null) q = q.where('le.id', '>', after);
      return q.orderBy('le.id').limit(limit).execute();
    },
    (r) => r.id,
    async (payments) => {
      const lines = await ctx.db.selectFrom('document_lines').select(['document_id', 'product_code', 'description', 'total']).where('document_id', 'in', [...new Set(payments.map((x) => x.document_id))]).orderBy('document_id').orderBy('line_no').execute();
      const byDoc = new Map<number, typeof lines>();
      for (const l of lines) byDoc.set(l.document_id, [...(byDoc.get(l.document_id) ?? []), l]);
      return payments.map((pay) => ({ pay, lines: byDoc.get(pay.document_id) ?? [] }));
    },
    500,
  );
  for await (const chunk of chunks) {
    for (const { pay, lines } of chunk) {
      const amount = Number(pay.nok);
      const exception = (part: number, reason: string) => exceptions.push({ date: pay.date, invoiceNumber: pay.number, name: pay.name, amount: part, reason });
      if (lines.reduce((a, l) => a + l.total, 0) === 0) {
        exception(amount, REASON[lang].zero);
        continue;
      }
      const parts = splitProRata(amount, lines.map((l) => l.total));
      let unattributed = 0;
      lines.forEach((l, i) => {
        if (!l.product_code) unattributed += parts[i];
        else {
          const s = products.get(l.product_code) ?? { description: l.description, amount: 0, payments: 0 };
          s.amount += parts[i];
          s.payments += 1;
          products.set(l.product_code, s);
        }
      });
      if (unattributed !== 0) exception(unattributed, REASON[lang].noProduct);
    }
  }
  return { products, exceptions };
}

const EXCEPTION_COLUMNS: ReportColumn[] = [
  { key: 'date', nb: 'Betalingsdato', en: 'Payment date', type: 'date', preselected: true },
  { key: 'invoiceNumber', nb: 'Fakturanr.', en: 'Invoice no.', type: 'number', preselected: true },
  { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
  { key: 'amount', nb: 'Beløp', en: 'Amount', type: 'money', preselected: true },
  { key: 'reason', nb: 'Grunn', en: 'Reason', type: 'text', preselected: true },
];

const common = { group: 'payments' as const, params: ['from', 'to'] as const, required: ['from', 'to'] as const, availableColumns: false };

export const paymentsProductsExceptionsReport = defineReport({
  ...common,
  resource: 'payments/products/exceptions',
  title: { nb: 'Innbetalinger uten vare', en: 'Payments not attributed' },
  filename: 'innbetalinger-unntak',
  formats: ['JSON'],
  columns: EXCEPTION_COLUMNS,
  async *rows(ctx, p, req) {
    yield (await attribute(ctx, p, req.lang)).exceptions;
  },
});

export const paymentsProductsReport = defineReport({
  ...common,
  resource: 'payments/products',
  title: { nb: 'Innbetalinger per vare', en: 'Payments per product' },
  filename: 'innbetalinger-per-vare',
  formats: ['JSON', 'XLS'],
  columns: [
    { key: 'productCode', nb: 'Varenr.', en: 'Product code', type: 'text', preselected: true },
    { key: 'description', nb: 'Beskrivelse', en: 'Description', type: 'text', preselected: true },
    { key: 'payments', nb: 'Antall betalinger', en: 'Payments', type: 'number', preselected: true },
    { key: 'amount', nb: 'Innbetalt', en: 'Received', type: 'money', preselected: true },
  ],
  async *rows(ctx, p, req) {
    const { products } = await attribute(ctx, p, req.lang);
    yield [...products.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([code, s]) => ({ productCode: code, description: s.description, payments: s.payments, amount: s.amount }));
  },
  async moreSheets(ctx, req: ReportRequest): Promise<ReportTable[]> {
    const exceptions = paymentsProductsExceptionsReport;
    const all = { ...req, columns: exceptions.columns.map((c) => c.key) };
    return [{ title: exceptions.title[req.lang], columns: columnsAsAsked(exceptions, all), rows: () => exceptions.rows(ctx, req.params, all) }];
  },
});
