/**
 * Account overview (kontoutskrift for the whole customer ledger): every movement in the period — invoices, credit notes,
 * payments, losses and reversals — of all customers, with debit, credit and running balance from the opening balance
 * before `from`. PDF: the same rows as a statement (at most MAX_STATEMENT_ROWS rows).
 */
import type { AppContext } from '../../context.js';
import { formatDate } from '../../render/format.js';
import { renderStatementPdf } from '../../render/pdf/statement-pdf.js';
import { MoneyTotals, type ReportRow } from '../../render/report/report-table.js';
import { FileResult } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { getSettings } from '../settings/index.js';
import { MOVEMENT_COLUMNS, movementRows } from './movements.sql.js';
import { reportTable } from './report-generate.js';
import { defineReport, type ReportColumn, type ReportRequest } from './report.types.js';

export const MAX_STATEMENT_ROWS = 5000;

async function statementPdf(ctx: AppContext, req: ReportRequest): Promise<FileResult> {
  const table = await reportTable(ctx, accountOverviewReport, req);
  const rows: ReportRow[] = [];
  const totals = new MoneyTotals(table.columns);
  for await (const chunk of table.rows()) {
    for (const r of chunk) {
      rows.push(r);
      totals.add(r);
    }
    if (rows.length > MAX_STATEMENT_ROWS) {
      throw validationError([fieldError('from', 'TOO_MANY_MOVEMENTS', { max: MAX_STATEMENT_ROWS })]);
    }
  }
  const settings = await getSettings(ctx);
  const p = req.params;
  const period = `${req.lang === 'nb' ? 'Periode' : 'Period'}: ${p.from ? formatDate(p.from) : '…'} – ${formatDate(p.to ?? ctx.clock.today())}`;
  const data = await renderStatementPdf({
    title: accountOverviewReport.title[req.lang],
    company: settings.company.name ?? '',
    period,
    columns: table.columns,
    rows,
    totals: Object.fromEntries(totals.entries()),
  });
  return new FileResult('application/pdf', 'kontooversikt.pdf', data);
}

export const accountOverviewReport = defineReport({
  resource: 'accountOverview',
  group: 'ledger',
  title: { nb: 'Kontooversikt', en: 'Account overview' },
  filename: 'kontooversikt',
  formats: ['XLS', 'CSV', 'JSON', 'PDF'],
  params: ['from', 'to'],
  columns: MOVEMENT_COLUMNS.map((c) => (c.key === 'customerNumber' || c.key === 'name' ? { ...c, preselected: true } : c)) as unknown as ReportColumn[],
  rows: (ctx, p, req) => movementRows(ctx, { from: p.from, to: p.to }, req.lang),
  pdf: statementPdf,
});
