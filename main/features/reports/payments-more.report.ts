/**
 * Payments per day (payments/overview) and the payments of one invoice (payments/details/{number}); both JSON only
 * (spec 4.8). NOK received as in the payments report.
 */
import { sql } from 'kysely';
import { notFound } from '../../ops/errors.js';
import { chunked } from './chunks.js';
import { PAYMENT_COLUMNS, paymentRows, paymentsQuery, receivedNok } from './payments.report.js';
import { defineReport } from './report.types.js';

export const paymentsOverviewReport = defineReport({
  resource: 'payments/overview',
  group: 'payments',
  title: { nb: 'Innbetalinger per dag', en: 'Payments per day' },
  filename: 'innbetalinger-per-dag',
  formats: ['JSON'],
  params: ['from', 'to'],
  columns: [
    { key: 'date', nb: 'Dato', en: 'Date', type: 'date', preselected: true },
    { key: 'payments', nb: 'Antall', en: 'Count', type: 'number', preselected: true },
    { key: 'amount', nb: 'Innbetalt', en: 'Received', type: 'money', preselected: true },
    { key: 'bankFee', nb: 'Bankgebyr', en: 'Bank fee', type: 'money' },
  ],
  rows: (ctx, p) =>
    chunked(
      (limit, offset) =>
        paymentsQuery(ctx, p)
          .select(['le.date', sql<number>`count(*)`.as('n'), sql<number>`sum(${receivedNok})`.as('amount'), sql<number>`coalesce(sum(le.bank_fee), 0)`.as('fee')])
          .groupBy('le.date')
          .orderBy('le.date')
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) => rows.map((r) => ({ date: r.date, payments: Number(r.n), amount: Number(r.amount), bankFee: Number(r.fee) })),
    ),
});

export const paymentDetailsReport = defineReport({
  resource: 'payments/details/{number}',
  group: 'payments',
  title: { nb: 'Innbetalinger på faktura', en: 'Payments of an invoice' },
  filename: 'innbetalinger-faktura',
  formats: ['JSON'],
  params: [],
  columns: PAYMENT_COLUMNS,
  async check(ctx, p) {
    const inv = await ctx.db.selectFrom('documents').select('id').where('kind', '=', 'invoice').where('number', '=', p.number!).executeTakeFirst();
    if (!inv) throw notFound('invoice', { number: p.number! });
  },
  rows: (ctx, p, req) => paymentRows(ctx, { number: p.number }, req.lang),
});
