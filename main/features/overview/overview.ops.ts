import { defineOp, listResult, pageRequest } from '../../ops/define.js';
import { FieldErrors } from '../../ops/errors.js';
import { listOverviewDocuments, streamOverviewDocuments } from './overview-documents.service.js';
import { DocumentsQuery, parseDocumentsQuery, parseRange, parseYear, RangeQuery, SummaryQuery, YearQuery } from './overview.schema.js';
import { invoiceOverview } from './overview.service.js';
import { invoiceSummary, ledgerBalance, revenueGraph } from './sales-ledger.service.js';
import { InvoiceOverviewView, OverviewDocumentView, RevenueGraphView, InvoiceSummaryView, BalanceView } from './overview.output.js';
import { ListOf } from '../../ops/output.js';

/** Spec 4.3: the overviews. Figures are SQL aggregates at today (ctx.clock); amounts in NOK with two decimals. */
export const overviewOps = [
  defineOp({
    name: 'overview.invoices',
    output: InvoiceOverviewView,
    method: 'GET',
    path: '/overview/invoices',
    summary:
      'Overview groups (2.6): years with documents and the groups Fakturaer, Tilbud, Ordrebekreftelser with count, total (NOK) and a link to the list of exactly those documents; year omitted/null = the last year with invoices, a number, or all',
    query: YearQuery,
    run: ({ query }, ctx) => {
      const errors = new FieldErrors();
      const year = parseYear(query.year, errors);
      errors.throwIfAny();
      return invoiceOverview(ctx, year);
    },
  }),
  defineOp({
    name: 'overview.documents',
    output: ListOf(OverviewDocumentView),
    method: 'GET',
    path: '/overview/invoices/documents',
    summary:
      'Overview list (2.5) of invoices, credit notes and their drafts: state/states (draft, notDue, due, paid, lost; an issued credit note is paid), type/types (ordinary, credit), year (as /overview/invoices); newest first; paged with perPage/page',
    query: DocumentsQuery,
    run: ({ query }, ctx) => {
      const f = parseDocumentsQuery(query);
      return listResult(
        query,
        (limit, offset) => listOverviewDocuments(ctx, f, limit, offset),
        () => streamOverviewDocuments(ctx, f),
      );
    },
  }),
  defineOp({
    name: 'overview.revenueGraph',
    output: RevenueGraphView,
    method: 'GET',
    path: '/overview/sales-ledger/graph/revenue',
    summary:
      'Revenue per calendar month of from..to (default today − 6 months .. today): labels (Norwegian month names, with the year when the range spans years), revenueWithoutVat (net invoiced less credited, by date), paid (received), lost (written off); NOK',
    query: RangeQuery,
    // One bar per month: five years is what a graph can show.
    maxPeriodYears: 5,
    run: ({ query }, ctx) => revenueGraph(ctx, parseRange(query, ctx.clock.today())),
  }),
  defineOp({
    name: 'overview.summary',
    output: InvoiceSummaryView,
    method: 'GET',
    path: '/overview/invoices/summary',
    summary:
      'Counts at today of invoices dated from..to (default today − 6 months .. today): notDue, due, paid, and creditNotes; the same as X-Total-Count of /invoices/not-due, /due, /paid and /invoices/credit-notes for that range; perPage/page accepted',
    query: SummaryQuery,
    run: ({ query }, ctx) => {
      pageRequest(query);
      return invoiceSummary(ctx, parseRange(query, ctx.clock.today()));
    },
  }),
  defineOp({
    name: 'overview.balance',
    output: BalanceView,
    method: 'GET',
    path: '/overview/sales-ledger/balance',
    summary: 'The sales ledger balance: the sum of every open invoice balance at today, NOK (other currencies at the invoice rate)',
    run: (_input, ctx) => ledgerBalance(ctx),
  }),
];
