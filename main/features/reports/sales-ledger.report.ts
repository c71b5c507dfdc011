/**
 * A customer's sales ledger (kundereskontro) for recipient {number}: opening balance before `from`, then every invoice,
 * credit note, payment and loss in the period with debit, credit and running balance. The last balance is what the
 * customer owed at the end of `to` (the customer's line in recipients/balance).
 */
import { notFound } from '../../ops/errors.js';
import { MOVEMENT_COLUMNS, movementRows } from './movements.sql.js';
import { defineReport, type ReportColumn } from './report.types.js';

export const salesLedgerReport = defineReport({
  resource: 'recipients/{number}/salesledger',
  group: 'ledger',
  title: { nb: 'Kundereskontro', en: 'Sales ledger' },
  filename: 'kundereskontro',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['from', 'to'],
  columns: MOVEMENT_COLUMNS.filter((c) => !['recipientNumber', 'customerNumber', 'name'].includes(c.key)) as unknown as ReportColumn[],
  async check(ctx, p) {
    const r = await ctx.db.selectFrom('recipients').select('number').where('number', '=', p.number!).executeTakeFirst();
    if (!r) throw notFound('recipient', { number: p.number! });
  },
  rows: (ctx, p, req) => movementRows(ctx, { recipientNumber: p.number, from: p.from, to: p.to }, req.lang),
});
