/**
 * Offers and order confirmations issued in the period (by date), with the customer, NOK amounts and what became of them
 * (the order confirmation or invoice made from it, if any).
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { keyset } from './chunks.js';
import { defineReport, type ReportColumn, type ReportDef, type ReportParams } from './report.types.js';

type Kind = 'offer' | 'order-confirmation';

function rowsOf(ctx: AppContext, kind: Kind, p: ReportParams) {
  return keyset(
    (after, limit) => {
      let q = ctx.db
        .selectFrom('documents as d')
        .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
        .where('d.kind', '=', kind)
        .where('d.number', 'is not', null)
        .select(['d.id', 'd.number', 'd.issue_date', 'd.expiry_date', 'd.delivery_date', 'd.currency', 'd.total', 'd.tax_nok', 'd.total_nok', 'd.your_reference', 'd.our_reference', 'r.customer_number', 'r.name'])
        .select(sql<number | null>`(select min(x.number) from documents x where x.source_document_id = d.id and x.number is not null)`.as('followed_by'));
      if (p.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', p.recipientNumber);
      if (p.from) q = q.where('d.issue_date', '>=', p.from);
      if (p.to) q = q.where('d.issue_date', '<=', p.to);
      if (after !== null) q = q.where('d.id', '>', after);
      return q.orderBy('d.id').limit(limit).execute();
    },
    (d) => d.id,
    (rows) =>
      rows.map((d) => ({
        number: d.number,
        issueDate: d.issue_date,
        expiryDate: d.expiry_date,
        deliveryDate: d.delivery_date,
        customerNumber: d.customer_number,
        name: d.name,
        net: d.total_nok - d.tax_nok,
        vat: d.tax_nok,
        total: d.total_nok,
        currency: d.currency,
        currencyTotal: d.total,
        followedBy: d.followed_by,
        yourReference: d.your_reference,
        ourReference: d.our_reference,
      })),
  );
}

function columns(kind: Kind): ReportColumn[] {
  return [
    { key: 'number', nb: 'Nummer', en: 'Number', type: 'number', preselected: true },
    { key: 'issueDate', nb: 'Dato', en: 'Date', type: 'date', preselected: true },
    kind === 'offer'
      ? { key: 'expiryDate', nb: 'Gyldig til', en: 'Valid until', type: 'date', preselected: true }
      : { key: 'deliveryDate', nb: 'Leveringsdato', en: 'Delivery date', type: 'date', preselected: true },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text' },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'net', nb: 'Netto', en: 'Net', type: 'money', preselected: true },
    { key: 'vat', nb: 'MVA', en: 'VAT', type: 'money' },
    { key: 'total', nb: 'Totalt', en: 'Total', type: 'money', preselected: true },
    { key: 'currency', nb: 'Valuta', en: 'Currency', type: 'text' },
    { key: 'currencyTotal', nb: 'Totalt i valuta', en: 'Total in currency', type: 'money', sum: false },
    kind === 'offer'
      ? { key: 'followedBy', nb: 'Ordrebekreftelse/faktura nr.', en: 'Order confirmation/invoice no.', type: 'number', preselected: true }
      : { key: 'followedBy', nb: 'Fakturanr.', en: 'Invoice no.', type: 'number', preselected: true },
    { key: 'yourReference', nb: 'Deres ref.', en: 'Your ref.', type: 'text' },
    { key: 'ourReference', nb: 'Vår ref.', en: 'Our ref.', type: 'text' },
  ];
}

const common = { group: 'sales' as const, formats: ['XLS', 'CSV', 'JSON'] as ReportDef['formats'], params: ['recipientNumber', 'from', 'to'] as const };

export const offersReport = defineReport({
  ...common,
  resource: 'offers',
  title: { nb: 'Tilbud', en: 'Offers' },
  filename: 'tilbud',
  columns: columns('offer'),
  rows: (ctx, p) => rowsOf(ctx, 'offer', p),
});

export const orderConfirmationsReport = defineReport({
  ...common,
  resource: 'orderConfirmations',
  title: { nb: 'Ordrebekreftelser', en: 'Order confirmations' },
  filename: 'ordrebekreftelser',
  columns: columns('order-confirmation'),
  rows: (ctx, p) => rowsOf(ctx, 'order-confirmation', p),
});
