import { defineOp, listResult } from '../../ops/define.js';
import { NumberParam } from '../../ops/schemas.js';
import type { InvoiceState } from '../../domain/invoice-state.js';
import { InvoiceListQuery, SumsQuery } from '../documents/core.js';
import { listCreditNotes, listInvoices, listSums, streamCreditNotes, streamInvoices, type SumsState } from './invoice-lists.js';
import { documentIntegrity, getCreditNote, getCreditNoteRow, getInvoice, invoiceWithBalance } from './invoices.service.js';
import { InvoiceView, InvoiceListItemView, InvoiceSumsView, IntegrityView, CreditNoteView, CreditNoteListItemView } from './invoices.output.js';
import { ListOf } from '../../ops/output.js';

function stateList<N extends string>(name: N, path: string, state: InvoiceState | undefined, summary: string) {
  return defineOp({
    name,
    output: ListOf(InvoiceListItemView),
    method: 'GET',
    path,
    summary,
    query: InvoiceListQuery,
    run: ({ query }, ctx) => {
      const f = { ...query, state };
      return listResult(
        query,
        (limit, offset) => listInvoices(ctx, f, limit, offset),
        () => streamInvoices(ctx, f),
      );
    },
  });
}

export const invoiceOps = [
  stateList('invoices.list', '/invoices/', undefined, 'Issued invoices (2.2), descending by number; recipientNumber, from/to (invoice date); paged with perPage/page'),
  stateList('invoices.listNotDue', '/invoices/not-due', 'not-due', 'Unpaid invoices not yet due (balance > 0, due date >= today), descending'),
  stateList('invoices.listDue', '/invoices/due', 'due', 'Unpaid invoices past due (balance > 0, due date < today), descending'),
  stateList('invoices.listPaid', '/invoices/paid', 'paid', 'Paid invoices (balance <= 0), descending'),
  stateList('invoices.listLost', '/invoices/lost', 'lost', 'Invoices written off as lost, descending'),
  defineOp({
    name: 'invoices.sums',
    output: InvoiceSumsView,
    method: 'GET',
    path: '/invoices/sums',
    summary: 'Count, total and open balance (NOK) of a list: state all|draft|not-due|due|paid|lost|credit-notes, from/to, recipientNumber',
    query: SumsQuery,
    run: ({ query }, ctx) => listSums(ctx, (query.state ?? 'all') as SumsState, { recipientNumber: query.recipientNumber, from: query.from, to: query.to, q: query.q }),
  }),
  defineOp({
    name: 'invoices.listCreditNotes',
    output: ListOf(CreditNoteListItemView),
    method: 'GET',
    path: '/invoices/credit-notes',
    summary: 'Issued credit notes (2.3), descending by number; recipientNumber, from/to; paged with perPage/page',
    query: InvoiceListQuery,
    run: ({ query }, ctx) =>
      listResult(
        query,
        (limit, offset) => listCreditNotes(ctx, query, limit, offset),
        () => streamCreditNotes(ctx, query),
      ),
  }),
  defineOp({
    name: 'invoices.getCreditNote',
    output: CreditNoteView,
    method: 'GET',
    path: '/invoices/credit-notes/{number}',
    summary: 'One credit note (2.3 with _links)',
    params: NumberParam,
    run: ({ params }, ctx) => getCreditNote(ctx, params.number),
  }),
  defineOp({
    name: 'invoices.get',
    output: InvoiceView,
    method: 'GET',
    path: '/invoices/{number}',
    summary: 'One issued invoice (2.2 with _links and its state at today)',
    params: NumberParam,
    run: ({ params }, ctx) => getInvoice(ctx, params.number),
  }),
  defineOp({
    name: 'invoices.integrity',
    output: IntegrityView,
    method: 'GET',
    path: '/invoices/{number}/integrity',
    summary: 'Proof that the issued invoice is unchanged: its sha256 content hash from issue time, checked again now',
    params: NumberParam,
    run: async ({ params }, ctx) => documentIntegrity(ctx, await invoiceWithBalance(ctx, params.number)),
  }),
  defineOp({
    name: 'invoices.creditNoteIntegrity',
    output: IntegrityView,
    method: 'GET',
    path: '/invoices/credit-notes/{number}/integrity',
    summary: 'Proof that the issued credit note is unchanged (sha256 content hash)',
    params: NumberParam,
    run: async ({ params }, ctx) => documentIntegrity(ctx, await getCreditNoteRow(ctx, params.number)),
  }),
];
