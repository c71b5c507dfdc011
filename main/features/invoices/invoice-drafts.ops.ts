import { created, defineOp, listResult, noContent } from '../../ops/define.js';
import { NumberParam } from '../../ops/schemas.js';
import { issuedPath, DraftInput, DraftListQuery, createDraft, deleteDraft, INVOICE_KINDS, updateDraft, issueDraft, issueNew, DraftListItemView, DraftView, IssuedRef } from '../documents/core.js';
import { getDraft } from './invoices.service.js';
import { listDrafts, streamDrafts } from './invoice-lists.js';
import { DraftWithShipment, IssueBody, issueAndSend, shipmentOf, withShipments } from '../sending/index.js';
import { ListOf, CreatedOf, NoContentOf } from '../../ops/output.js';

/** Invoice and credit-note drafts, issue, and the one-step issue (POST /invoices/). */
export const invoiceDraftOps = [
  defineOp({
    name: 'invoices.createDraft',
    output: CreatedOf(DraftView),
    method: 'POST',
    path: '/invoices/drafts/',
    summary: 'Write an invoice draft (credit: true with creditedInvoiceNumber for a credit-note draft); 201 + Location /invoices/drafts/{n}',
    body: DraftInput,
    run: async ({ body }, ctx) => {
      const id = await createDraft(ctx, 'invoice', body);
      return created(`/invoices/drafts/${id}`, await getDraft(ctx, 'invoice', id));
    },
  }),
  defineOp({
    name: 'invoices.listDrafts',
    output: ListOf(DraftListItemView),
    method: 'GET',
    path: '/invoices/drafts/',
    summary: 'Invoice and credit-note drafts (2.4), newest first; recipientNumber filters; paged with perPage/page',
    query: DraftListQuery,
    run: ({ query }, ctx) =>
      listResult(
        query,
        (limit, offset) => listDrafts(ctx, INVOICE_KINDS, query, limit, offset),
        () => streamDrafts(ctx, INVOICE_KINDS, query),
      ),
  }),
  defineOp({
    name: 'invoices.getDraft',
    output: DraftView,
    method: 'GET',
    path: '/invoices/drafts/{number}',
    summary: 'One draft (2.4, with kind, item units and VAT categories, and _links)',
    params: NumberParam,
    run: ({ params }, ctx) => getDraft(ctx, 'invoice', params.number),
  }),
  defineOp({
    name: 'invoices.updateDraft',
    output: DraftView,
    method: 'PUT',
    path: '/invoices/drafts/{number}',
    summary: 'Replace a draft (same body and rules as creation)',
    params: NumberParam,
    body: DraftInput,
    run: async ({ params, body }, ctx) => {
      await updateDraft(ctx, 'invoice', params.number, body);
      return getDraft(ctx, 'invoice', params.number);
    },
  }),
  defineOp({
    name: 'invoices.deleteDraft',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/invoices/drafts/{number}',
    summary: 'Delete a draft (issued documents cannot be deleted)',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await deleteDraft(ctx, 'invoice', params.number);
      return noContent();
    },
  }),
  defineOp({
    name: 'invoices.issueDraft',
    output: CreatedOf(IssuedRef),
    method: 'POST',
    path: '/invoices/drafts/{number}/issue',
    summary: 'Issue a draft: next number, due date, KID, snapshots, totals; 201 + Location /invoices/{n} (or /invoices/credit-notes/{n})',
    params: NumberParam,
    body: IssueBody,
    run: async ({ params, body }, ctx) => {
      const issued = await issueAndSend(ctx, (tctx) => issueDraft(tctx, params.number, { kinds: INVOICE_KINDS }), shipmentOf(body));
      return created(issuedPath(issued.kind, issued.number), { kind: issued.kind, number: issued.number, ...withShipments(issued) });
    },
  }),
  defineOp({
    name: 'invoices.issue',
    output: CreatedOf(IssuedRef),
    method: 'POST',
    path: '/invoices/',
    summary: 'Issue an invoice directly (same body as a draft); 201 + Location /invoices/{n}',
    body: DraftWithShipment,
    run: async ({ body: { shipment, ...body } }, ctx) => {
      // issueAndSend (sending/) still hands its callback a bare trx; once it passes a tctx (inTx) the spreads here go.
      const issued = await issueAndSend(ctx, (tctx) => issueNew(tctx, 'invoice', body), shipment);
      return created(issuedPath(issued.kind, issued.number), { kind: issued.kind, number: issued.number, ...withShipments(issued) });
    },
  }),
];
