/**
 * Customer balances (saldoliste) at the end of `to`: per customer the number of open invoices and what they owe in NOK
 * (the sum of their open items at `to`), customers with a zero balance left out, in alphabetical order.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { chunked } from './chunks.js';
import { openInvoicesAt } from './ledger.sql.js';
import { defineReport } from './report.types.js';

export function balancesAt(ctx: AppContext, to: string) {
  return ctx.db
    .selectFrom(openInvoicesAt(ctx.db, to).selectAll('o').as('oi'))
    .innerJoin('recipients as r', 'r.number', 'oi.recipient_number')
    .select(['r.number', 'r.customer_number', 'r.name', 'r.org_number', 'r.sort_name'])
    .select([sql<number>`count(*)`.as('invoices'), sql<number>`sum(oi.open_nok)`.as('balance')])
    .groupBy(['r.number', 'r.customer_number', 'r.name', 'r.org_number', 'r.sort_name'])
    .having(sql`sum(oi.open_nok)`, '!=', 0);
}

export const balanceReport = defineReport({
  resource: 'recipients/balance',
  group: 'ledger',
  title: { nb: 'Kundesaldo', en: 'Customer balances' },
  filename: 'kundesaldo',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['to'],
  required: ['to'],
  columns: [
    { key: 'recipientNumber', nb: 'Mottakernr.', en: 'Recipient no.', type: 'number' },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text', preselected: true },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'organisationNumber', nb: 'Org.nr.', en: 'Org. no.', type: 'text' },
    { key: 'openInvoices', nb: 'Åpne fakturaer', en: 'Open invoices', type: 'number', preselected: true },
    { key: 'balance', nb: 'Saldo', en: 'Balance', type: 'money', preselected: true },
  ],
  rows: (ctx, p) =>
    chunked(
      (limit, offset) => balancesAt(ctx, p.to!).orderBy('r.sort_name').orderBy('r.number').limit(limit).offset(offset).execute(),
      (rows) =>
        rows.map((r) => ({
          recipientNumber: r.number,
          customerNumber: r.customer_number,
          name: r.name,
          organisationNumber: r.org_number,
          openInvoices: Number(r.invoices),
          balance: Number(r.balance),
        })),
    ),
});
