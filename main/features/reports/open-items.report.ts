/** Open items (åpne poster): every invoice with an open claim at the end of `to`, in NOK, oldest first. */
import type { AppContext } from '../../context.js';
import { keyset } from './chunks.js';
import { openInvoicesAt } from './ledger.sql.js';
import { daysBetween } from './dates.js';
import { defineReport, type ReportParams } from './report.types.js';

export function openItemRows(ctx: AppContext, p: ReportParams) {
  const to = p.to!;
  return keyset(
    (after, limit) => {
      let q = openInvoicesAt(ctx.db, to)
        .innerJoin('recipients as r', 'r.number', 'o.recipient_number')
        .select(['o.id', 'o.number', 'o.issue_date', 'o.due_date', 'o.kid', 'o.currency', 'o.total_nok', 'o.open', 'o.open_nok', 'o.recipient_number', 'r.customer_number', 'r.name']);
      if (after !== null) q = q.where('o.id', '>', after);
      return q.orderBy('o.id').limit(limit).execute();
    },
    (r) => r.id,
    (rows) =>
      rows.map((r) => ({
        number: r.number,
        issueDate: r.issue_date,
        dueDate: r.due_date,
        daysPastDue: r.due_date ? Math.max(0, daysBetween(r.due_date, to)) : 0,
        recipientNumber: r.recipient_number,
        customerNumber: r.customer_number,
        name: r.name,
        kid: r.kid,
        currency: r.currency,
        currencyBalance: Number(r.open),
        total: r.total_nok,
        balance: Number(r.open_nok),
      })),
  );
}

export const openItemsReport = defineReport({
  resource: 'openItems',
  group: 'ledger',
  title: { nb: 'Åpne poster', en: 'Open items' },
  filename: 'apne-poster',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['to'],
  required: ['to'],
  columns: [
    { key: 'number', nb: 'Fakturanr.', en: 'Invoice no.', type: 'number', preselected: true },
    { key: 'issueDate', nb: 'Fakturadato', en: 'Invoice date', type: 'date', preselected: true },
    { key: 'dueDate', nb: 'Forfallsdato', en: 'Due date', type: 'date', preselected: true },
    { key: 'daysPastDue', nb: 'Dager over forfall', en: 'Days past due', type: 'number', preselected: true },
    { key: 'recipientNumber', nb: 'Mottakernr.', en: 'Recipient no.', type: 'number' },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text', preselected: true },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'kid', nb: 'KID', en: 'KID', type: 'text' },
    { key: 'currency', nb: 'Valuta', en: 'Currency', type: 'text' },
    { key: 'currencyBalance', nb: 'Utestående i valuta', en: 'Balance in currency', type: 'money', sum: false },
    { key: 'total', nb: 'Fakturabeløp', en: 'Invoice total', type: 'money', preselected: true },
    { key: 'balance', nb: 'Utestående', en: 'Balance', type: 'money', preselected: true },
  ],
  rows: (ctx, p) => openItemRows(ctx, p),
});
