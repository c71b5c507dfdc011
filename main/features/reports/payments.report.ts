/**
 * Payments received in the period (innbetalinger): each payment, payment reversal and refund by its date, the NOK
 * received (reversals and money paid back negative: the sum is money in minus money back, main/domain/claim.ts `paid`),
 * the bank fee, the invoice it settles with its KID and customer. Credit moved between invoices is no money and not here.
 */
import type { AppContext } from '../../context.js';
import { CASH_LEDGER_KINDS, cashNok } from '../invoices/index.js';
import { keyset } from './chunks.js';
import { defineReport, type ReportDef, type ReportParams } from './report.types.js';

export function paymentsQuery(ctx: AppContext, p: ReportParams) {
  let q = ctx.db
    .selectFrom('ledger_entries as le')
    .innerJoin('documents as d', 'd.id', 'le.document_id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .where('le.kind', 'in', CASH_LEDGER_KINDS);
  if (p.from) q = q.where('le.date', '>=', p.from);
  if (p.to) q = q.where('le.date', '<=', p.to);
  if (p.number !== undefined) q = q.where('d.kind', '=', 'invoice').where('d.number', '=', p.number);
  return q;
}

/** NOK received: the NOK amount of a foreign-currency payment, a refund at the invoice's rate, else the amount itself. */
export const receivedNok = cashNok;

const TYPE = {
  nb: { payment: 'Betaling', 'payment-reversal': 'Tilbakeført betaling', refund: 'Tilbakebetalt til kunde' },
  en: { payment: 'Payment', 'payment-reversal': 'Payment reversed', refund: 'Refunded to customer' },
} as const;

export const PAYMENT_COLUMNS: ReportDef['columns'] = [
  { key: 'date', nb: 'Betalingsdato', en: 'Payment date', type: 'date', preselected: true },
  { key: 'type', nb: 'Type', en: 'Type', type: 'text' },
  { key: 'invoiceNumber', nb: 'Fakturanr.', en: 'Invoice no.', type: 'number', preselected: true },
  { key: 'kid', nb: 'KID', en: 'KID', type: 'text', preselected: true },
  { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text', preselected: true },
  { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
  { key: 'currency', nb: 'Valuta', en: 'Currency', type: 'text' },
  { key: 'currencyAmount', nb: 'Beløp i valuta', en: 'Amount in currency', type: 'money', sum: false },
  { key: 'amount', nb: 'Innbetalt (netto etter tilbakebetalinger)', en: 'Received (net of refunds)', type: 'money', preselected: true },
  { key: 'bankFee', nb: 'Bankgebyr', en: 'Bank fee', type: 'money' },
];

export function paymentRows(ctx: AppContext, p: ReportParams, lang: 'nb' | 'en') {
  return keyset(
    (after, limit) => {
      let q = paymentsQuery(ctx, p).select(['le.id', 'le.date', 'le.kind', 'le.amount', 'le.bank_fee', 'd.number', 'd.kid', 'd.currency', 'r.customer_number', 'r.name']).select(receivedNok.as('nok'));
      if (after !== null) q = q.where('le.id', '>', after);
      return q.orderBy('le.id').limit(limit).execute();
    },
    (r) => r.id,
    (rows) =>
      rows.map((r) => ({
        date: r.date,
        type: TYPE[lang][r.kind as 'payment'] ?? r.kind,
        invoiceNumber: r.number,
        kid: r.kid,
        customerNumber: r.customer_number,
        name: r.name,
        currency: r.currency,
        currencyAmount: r.amount,
        amount: Number(r.nok),
        bankFee: r.bank_fee ?? 0,
      })),
  );
}

export const paymentsReport = defineReport({
  resource: 'payments',
  group: 'payments',
  title: { nb: 'Innbetalinger', en: 'Payments' },
  filename: 'innbetalinger',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['from', 'to'],
  columns: PAYMENT_COLUMNS,
  rows: (ctx, p, req) => paymentRows(ctx, p, req.lang),
});
