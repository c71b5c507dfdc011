/**
 * Revenue reports (spec 4.8): overview (per VAT rate), period (per month) and customer (per customer). All count
 * invoices less credit notes dated in the period, in NOK, so each one's net total equals the invoices report's net.
 * Rows are aggregated in SQL (customer) or from per-document VAT groups read in chunks (overview); the per-month
 * figures are summed in SQL per issue date and folded into months here (dates stay portable: no SQL date functions).
 */
import { sql } from 'kysely';
import type { ReportRow } from '../../render/report/report-table.js';
import { chunked } from './chunks.js';
import { revenueDocs, revenueGroups, signed } from './revenue.sql.js';
import { defineReport, type ReportColumn, type ReportDef } from './report.types.js';

const AMOUNTS: ReportColumn[] = [
  { key: 'net', nb: 'Netto', en: 'Net', type: 'money', preselected: true },
  { key: 'vat', nb: 'MVA', en: 'VAT', type: 'money', preselected: true },
  { key: 'total', nb: 'Totalt', en: 'Total', type: 'money', preselected: true },
];
const COUNTS: ReportColumn[] = [
  { key: 'invoices', nb: 'Fakturaer', en: 'Invoices', type: 'number', preselected: true },
  { key: 'creditNotes', nb: 'Kreditnotaer', en: 'Credit notes', type: 'number', preselected: true },
];
const COMMON = { group: 'sales' as const, formats: ['XLS', 'CSV', 'JSON'] as ReportDef['formats'], params: ['labelNumber', 'from', 'to'] as const };
const CATEGORY: Record<string, { nb: string; en: string }> = {
  S: { nb: 'Standard', en: 'Standard' },
  Z: { nb: 'Fritatt (nullsats)', en: 'Zero rated' },
  E: { nb: 'Unntatt', en: 'Exempt' },
};

export const revenueOverviewReport = defineReport({
  ...COMMON,
  resource: 'revenue/overview',
  title: { nb: 'Omsetning – oversikt', en: 'Revenue – overview' },
  filename: 'omsetning-oversikt',
  columns: [
    { key: 'vatRate', nb: 'MVA-sats %', en: 'VAT rate %', type: 'number', preselected: true },
    { key: 'vatCategory', nb: 'MVA-kategori', en: 'VAT category', type: 'text', preselected: true },
    ...AMOUNTS,
  ],
  async *rows(ctx, p, req) {
    const sums = new Map<string, { category: string; rate: number; base: number; vat: number }>();
    for await (const chunk of revenueGroups(ctx, p)) {
      for (const g of chunk) {
        const key = `${g.category}:${g.rate}`;
        const s = sums.get(key) ?? { category: g.category, rate: g.rate, base: 0, vat: 0 };
        s.base += g.base;
        s.vat += g.vat;
        sums.set(key, s);
      }
    }
    const rows = [...sums.values()].sort((a, b) => b.rate - a.rate || a.category.localeCompare(b.category));
    yield rows.map((s) => ({ vatRate: s.rate / 100, vatCategory: CATEGORY[s.category]?.[req.lang] ?? s.category, net: s.base, vat: s.vat, total: s.base + s.vat }));
  },
});

export const revenuePeriodReport = defineReport({
  ...COMMON,
  resource: 'revenue/period',
  title: { nb: 'Omsetning per måned', en: 'Revenue per month' },
  filename: 'omsetning-per-maned',
  columns: [{ key: 'month', nb: 'Måned', en: 'Month', type: 'text', preselected: true }, ...COUNTS, ...AMOUNTS],
  async *rows(ctx, p) {
    const days = chunked(
      (limit, offset) =>
        revenueDocs(ctx.db, p)
          .select('d.issue_date')
          .select([
            sql<number>`sum(case when d.kind = 'invoice' then 1 else 0 end)`.as('invoices'),
            sql<number>`sum(case when d.kind = 'credit-note' then 1 else 0 end)`.as('credit_notes'),
            sql<number>`sum(${signed('d.total_nok')} - ${signed('d.tax_nok')})`.as('net'),
            sql<number>`sum(${signed('d.tax_nok')})`.as('vat'),
          ])
          .groupBy('d.issue_date')
          .orderBy('d.issue_date')
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) => rows,
    );
    let current: ReportRow | null = null;
    const out: ReportRow[] = [];
    for await (const chunk of days) {
      for (const d of chunk) {
        const month = d.issue_date!.slice(0, 7);
        if (!current || current.month !== month) {
          if (current) out.push(current);
          current = { month, invoices: 0, creditNotes: 0, net: 0, vat: 0, total: 0 };
        }
        current.invoices = (current.invoices as number) + Number(d.invoices);
        current.creditNotes = (current.creditNotes as number) + Number(d.credit_notes);
        current.net = (current.net as number) + Number(d.net);
        current.vat = (current.vat as number) + Number(d.vat);
        current.total = (current.net as number) + (current.vat as number);
      }
      if (out.length) yield out.splice(0);
    }
    if (current) out.push(current);
    if (out.length) yield out;
  },
});

export const revenueCustomerReport = defineReport({
  ...COMMON,
  resource: 'revenue/customer',
  title: { nb: 'Omsetning per kunde', en: 'Revenue per customer' },
  filename: 'omsetning-per-kunde',
  columns: [
    { key: 'recipientNumber', nb: 'Mottakernr.', en: 'Recipient no.', type: 'number' },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text', preselected: true },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'organisationNumber', nb: 'Org.nr.', en: 'Org. no.', type: 'text' },
    ...COUNTS,
    ...AMOUNTS,
  ],
  rows: (ctx, p) =>
    chunked(
      (limit, offset) =>
        revenueDocs(ctx.db, p)
          .select(['r.number', 'r.customer_number', 'r.name', 'r.org_number', 'r.sort_name'])
          .select([
            sql<number>`sum(case when d.kind = 'invoice' then 1 else 0 end)`.as('invoices'),
            sql<number>`sum(case when d.kind = 'credit-note' then 1 else 0 end)`.as('credit_notes'),
            sql<number>`sum(${signed('d.total_nok')} - ${signed('d.tax_nok')})`.as('net'),
            sql<number>`sum(${signed('d.tax_nok')})`.as('vat'),
          ])
          .groupBy(['r.number', 'r.customer_number', 'r.name', 'r.org_number', 'r.sort_name'])
          .orderBy('r.sort_name')
          .orderBy('r.number')
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) =>
        rows.map((r) => ({
          recipientNumber: r.number,
          customerNumber: r.customer_number,
          name: r.name,
          organisationNumber: r.org_number,
          invoices: Number(r.invoices),
          creditNotes: Number(r.credit_notes),
          net: Number(r.net),
          vat: Number(r.vat),
          total: Number(r.net) + Number(r.vat),
        })),
    ),
});
