/**
 * Currency report: invoices in another currency than NOK with their exchange rate, amounts in the currency and in NOK,
 * what was paid (in the currency, and the NOK actually received) and the realised gain or loss: NOK received less the
 * paid amount at the invoice's rate (positive = gain).
 */
import { sql } from 'kysely';
import { keyset } from './chunks.js';
import { nokAt } from './movements.sql.js';
import { defineReport } from './report.types.js';

export const currencyReport = defineReport({
  resource: 'currency',
  group: 'payments',
  title: { nb: 'Valuta', en: 'Currency' },
  filename: 'valuta',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['recipientNumber', 'from', 'to'],
  columns: [
    { key: 'number', nb: 'Fakturanr.', en: 'Invoice no.', type: 'number', preselected: true },
    { key: 'issueDate', nb: 'Fakturadato', en: 'Invoice date', type: 'date', preselected: true },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text' },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'currency', nb: 'Valuta', en: 'Currency', type: 'text', preselected: true },
    { key: 'exchangeRate', nb: 'Kurs', en: 'Rate', type: 'number', preselected: true },
    { key: 'currencyTotal', nb: 'Beløp i valuta', en: 'Amount in currency', type: 'money', preselected: true, sum: false },
    { key: 'totalNok', nb: 'Beløp NOK', en: 'Amount NOK', type: 'money', preselected: true },
    { key: 'paidCurrency', nb: 'Betalt i valuta', en: 'Paid in currency', type: 'money', sum: false },
    { key: 'paidNok', nb: 'Mottatt NOK', en: 'Received NOK', type: 'money', preselected: true },
    { key: 'paidAtRate', nb: 'Betalt til fakturakurs NOK', en: 'Paid at invoice rate NOK', type: 'money' },
    { key: 'gainLoss', nb: 'Realisert agio/disagio', en: 'Realised gain/loss', type: 'money', preselected: true },
    { key: 'balanceCurrency', nb: 'Utestående i valuta', en: 'Balance in currency', type: 'money', sum: false },
  ],
  rows: (ctx, p) =>
    keyset(
      (after, limit) => {
        let q = ctx.db
          .selectFrom('documents as d')
          .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
          .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
          .where('d.kind', '=', 'invoice')
          .where('d.number', 'is not', null)
          .where('d.currency', '!=', 'NOK')
          .select(['d.id', 'd.number', 'd.issue_date', 'd.currency', 'd.exchange_rate_micro', 'd.total', 'd.total_nok', 'b.balance', 'r.customer_number', 'r.name'])
          .select([
            sql<number>`coalesce((select sum(le.amount) from ledger_entries le where le.document_id = d.id and le.kind in ('payment', 'payment-reversal')), 0)`.as('paid'),
            sql<number>`coalesce((select sum(le.currency_amount) from ledger_entries le where le.document_id = d.id and le.kind in ('payment', 'payment-reversal')), 0)`.as('paid_nok'),
          ]);
        if (p.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', p.recipientNumber);
        if (p.from) q = q.where('d.issue_date', '>=', p.from);
        if (p.to) q = q.where('d.issue_date', '<=', p.to);
        if (after !== null) q = q.where('d.id', '>', after);
        return q.orderBy('d.id').limit(limit).execute();
      },
      (d) => d.id,
      (rows) =>
        rows.map((d) => {
          const atRate = nokAt(Number(d.paid), d.exchange_rate_micro);
          return {
            number: d.number,
            issueDate: d.issue_date,
            customerNumber: d.customer_number,
            name: d.name,
            currency: d.currency,
            exchangeRate: d.exchange_rate_micro / 1_000_000,
            currencyTotal: d.total,
            totalNok: d.total_nok,
            paidCurrency: Number(d.paid),
            paidNok: Number(d.paid_nok),
            paidAtRate: atRate,
            gainLoss: Number(d.paid_nok) - atRate,
            balanceCurrency: d.balance,
          };
        }),
    ),
});
