/**
 * Revenue detail: every line of the invoices and credit notes of the period (credit notes negative) with product,
 * quantity and NOK amounts. Per VAT group of a document the NOK figures are the document's own (base converted once,
 * then VAT); rounding differences go to the group's largest line, so lines add up to the revenue overview to the øre.
 */
import { toNok, vatOf } from '../../domain/totals.js';
import type { ReportRow } from '../../render/report/report-table.js';
import { keyset } from './chunks.js';
import { revenueDocs } from './revenue.sql.js';
import { defineReport } from './report.types.js';

const TYPE = { nb: { invoice: 'Faktura', 'credit-note': 'Kreditnota' }, en: { invoice: 'Invoice', 'credit-note': 'Credit note' } } as const;

export const revenueDetailReport = defineReport({
  resource: 'revenue/detail',
  group: 'sales',
  title: { nb: 'Omsetning – detaljer', en: 'Revenue – detail' },
  filename: 'omsetning-detaljer',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['labelNumber', 'from', 'to'],
  columns: [
    { key: 'issueDate', nb: 'Dato', en: 'Date', type: 'date', preselected: true },
    { key: 'type', nb: 'Type', en: 'Type', type: 'text', preselected: true },
    { key: 'number', nb: 'Nummer', en: 'Number', type: 'number', preselected: true },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text' },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'productCode', nb: 'Varenr.', en: 'Product code', type: 'text', preselected: true },
    { key: 'description', nb: 'Beskrivelse', en: 'Description', type: 'text', preselected: true },
    { key: 'quantity', nb: 'Antall', en: 'Quantity', type: 'number', preselected: true },
    { key: 'unit', nb: 'Enhet', en: 'Unit', type: 'text' },
    { key: 'currency', nb: 'Valuta', en: 'Currency', type: 'text' },
    { key: 'unitPrice', nb: 'Enhetspris (valuta)', en: 'Unit price (currency)', type: 'money', sum: false },
    { key: 'vatRate', nb: 'MVA-sats %', en: 'VAT rate %', type: 'number' },
    { key: 'net', nb: 'Netto', en: 'Net', type: 'money', preselected: true },
    { key: 'vat', nb: 'MVA', en: 'VAT', type: 'money', preselected: true },
    { key: 'total', nb: 'Totalt', en: 'Total', type: 'money', preselected: true },
  ],
  rows(ctx, p, req) {
    return keyset(
      (after, limit) => {
        let q = revenueDocs(ctx.db, p).select(['d.id', 'd.kind', 'd.number', 'd.issue_date', 'd.currency', 'd.exchange_rate_micro', 'r.customer_number', 'r.name']);
        if (after !== null) q = q.where('d.id', '>', after);
        return q.orderBy('d.id').limit(limit).execute();
      },
      (d) => d.id,
      async (docs) => {
        const lines = await ctx.db.selectFrom('document_lines').selectAll().where('document_id', 'in', docs.map((d) => d.id)).orderBy('document_id').orderBy('line_no').execute();
        const byDoc = new Map(docs.map((d) => [d.id, d]));
        const out: ReportRow[] = [];
        let groupRows = new Map<string, ReportRow[]>();
        let groupBase = new Map<string, number>();
        let current = -1;
        const settle = () => {
          const d = byDoc.get(current);
          if (!d) return;
          for (const [key, rows] of groupRows) {
            const rate = Number(key.split(':')[1]);
            const baseNok = toNok(groupBase.get(key)!, d.exchange_rate_micro);
            const vatNok = vatOf(baseNok, rate);
            const sign = d.kind === 'credit-note' ? -1 : 1;
            let largest = rows[0];
            let net = 0;
            let vat = 0;
            for (const r of rows) {
              net += r.net as number;
              vat += r.vat as number;
              if (Math.abs(r.net as number) > Math.abs(largest.net as number)) largest = r;
            }
            largest.net = (largest.net as number) + sign * baseNok - net;
            largest.vat = (largest.vat as number) + sign * vatNok - vat;
            for (const r of rows) r.total = (r.net as number) + (r.vat as number);
          }
          groupRows = new Map();
          groupBase = new Map();
        };
        for (const l of lines) {
          if (l.document_id !== current) {
            settle();
            current = l.document_id;
          }
          const d = byDoc.get(l.document_id)!;
          const sign = d.kind === 'credit-note' ? -1 : 1;
          const lineNok = toNok(l.net, d.exchange_rate_micro);
          const row: ReportRow = {
            issueDate: d.issue_date,
            type: TYPE[req.lang][d.kind as 'invoice'] ?? d.kind,
            number: d.number,
            customerNumber: d.customer_number,
            name: d.name,
            productCode: l.product_code,
            description: l.description,
            quantity: (sign * l.quantity_milli) / 1000,
            unit: l.unit,
            currency: d.currency,
            unitPrice: l.unit_price,
            vatRate: l.tax_rate / 100,
            net: sign * lineNok,
            vat: sign * vatOf(lineNok, l.tax_rate),
            total: 0,
          };
          const key = `${l.vat_category}:${l.tax_rate}`;
          groupRows.set(key, [...(groupRows.get(key) ?? []), row]);
          groupBase.set(key, (groupBase.get(key) ?? 0) + l.net);
          out.push(row);
        }
        settle();
        return out;
      },
      200,
    );
  },
});
