import { created, defineOp, listResult, noContent } from '../../ops/define.js';
import { NumberParam, PagingQuery } from '../../ops/schemas.js';
import { CreatedOf, ListOf, NoContentOf } from '../../ops/output.js';
import { OccurrenceInvoiceView, RecurringInput, RecurringListItemView, RecurringListQuery, RecurringView, RunResultView } from './recurring.schema.js';
import { createSeries, endSeries, getSeries, listSeries, pauseSeries, resumeSeries, seriesInvoices, updateSeries } from './recurring.service.js';
import { confirmSeries, runRecurring } from './recurring.run.js';

export const recurringOps = [
  defineOp({
    name: 'recurring.create',
    method: 'POST',
    path: '/recurring/',
    summary: 'Save a recurring invoice (interval WEEK|MONTH|YEAR every 1..24, start, end date or count, the invoice lines and texts with {periode}); 201 + Location',
    body: RecurringInput,
    output: CreatedOf(RecurringView),
    run: async ({ body }, ctx) => {
      const number = await createSeries(ctx, body);
      return created(`/recurring/${number}`, await getSeries(ctx, number));
    },
  }),
  defineOp({
    name: 'recurring.list',
    method: 'GET',
    path: '/recurring/',
    summary: 'Recurring invoices, newest first, with next date, amount, customer and status; recipientNumber, active; paged with perPage/page',
    query: RecurringListQuery,
    output: ListOf(RecurringListItemView),
    run: ({ query }, ctx) => listResult(query, (limit, offset) => listSeries(ctx, query, limit, offset)),
  }),
  defineOp({
    name: 'recurring.run',
    method: 'POST',
    path: '/recurring/run',
    summary: 'Issue every occurrence due up to today (at most 3 missed ones per series; the rest wait for confirmation); answers what was issued and skipped',
    output: RunResultView,
    run: (_input, ctx) => runRecurring(ctx),
  }),
  defineOp({
    name: 'recurring.get',
    method: 'GET',
    path: '/recurring/{number}',
    summary: 'One recurring invoice with nextDate, issuedCount, lastInvoice and its latest invoices',
    params: NumberParam,
    output: RecurringView,
    run: ({ params }, ctx) => getSeries(ctx, params.number),
  }),
  defineOp({
    name: 'recurring.update',
    method: 'PUT',
    path: '/recurring/{number}',
    summary: 'Change a recurring invoice from its next occurrence on (issued invoices never change)',
    params: NumberParam,
    body: RecurringInput,
    output: RecurringView,
    run: async ({ params, body }, ctx) => {
      await updateSeries(ctx, params.number, body);
      return getSeries(ctx, params.number);
    },
  }),
  defineOp({
    name: 'recurring.delete',
    method: 'DELETE',
    path: '/recurring/{number}',
    summary: 'End a recurring invoice (the invoices issued from it stay)',
    params: NumberParam,
    output: NoContentOf(),
    run: async ({ params }, ctx) => {
      await endSeries(ctx, params.number);
      return noContent();
    },
  }),
  defineOp({
    name: 'recurring.pause',
    method: 'POST',
    path: '/recurring/{number}/pause',
    summary: 'Pause a recurring invoice',
    params: NumberParam,
    output: RecurringView,
    run: async ({ params }, ctx) => {
      await pauseSeries(ctx, params.number);
      return getSeries(ctx, params.number);
    },
  }),
  defineOp({
    name: 'recurring.resume',
    method: 'POST',
    path: '/recurring/{number}/resume',
    summary: 'Resume a paused or stopped recurring invoice from today on',
    params: NumberParam,
    output: RecurringView,
    run: async ({ params }, ctx) => {
      await resumeSeries(ctx, params.number);
      return getSeries(ctx, params.number);
    },
  }),
  defineOp({
    name: 'recurring.confirm',
    method: 'POST',
    path: '/recurring/{number}/confirm',
    summary: 'Issue the missed occurrences that wait for confirmation, in order',
    params: NumberParam,
    output: RunResultView,
    run: ({ params }, ctx) => confirmSeries(ctx, params.number),
  }),
  defineOp({
    name: 'recurring.invoices',
    method: 'GET',
    path: '/recurring/{number}/invoices',
    summary: 'The invoices issued from a recurring invoice, newest first; paged with perPage/page',
    params: NumberParam,
    query: PagingQuery,
    output: ListOf(OccurrenceInvoiceView),
    run: ({ params, query }, ctx) => listResult(query, (limit, offset) => seriesInvoices(ctx, params.number, limit, offset)),
  }),
];
