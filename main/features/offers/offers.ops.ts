import { OptionalBody } from '../../ops/one-or-many.js';
import { created, defineOp, file, listResult, noContent, type Created, type Op } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { NumberParam } from '../../ops/schemas.js';
import { checkSchema } from '../../ops/validate.js';
import { createDraft, deleteDraft, DraftInput, DraftListQuery, issueDraft, updateDraft, DraftListItemView, DraftView, HistoryEntryView } from '../documents/core.js';
import { listDrafts, streamDrafts, getDraft } from '../invoices/index.js';
import { IssueBody, issueAndSend, shipmentOf, withShipments } from '../sending/index.js';
import { ConvertInput, OfferListQuery, type ChainKind } from './offers.schema.js';
import { CreatedOf, FileOf, ListOf, NoContentOf } from '../../ops/output.js';
import { IssuedOfferView, IssuedOrderConfirmationView, OfferView, OrderConfirmationView } from './offers.output.js';
import {
  chainDraftPdf,
  chainPdf,
  getChainDocument,
  invoiceDraftFrom,
  listChainDocuments,
  offerHistory,
  offerToOrderConfirmation,
  streamChainDocuments,
} from './offers.service.js';

/** The conversions take an optional body: none (or {}) takes everything from the document converted. */
function convertBody(body: unknown): ConvertInput {
  if (body === undefined || body === null) return {};
  const fields = checkSchema(ConvertInput, body);
  if (fields.length) throw validationError(fields);
  return body as ConvertInput;
}

/** `created` for a body that is one of several shapes (an offer's or an order confirmation's): a Created of one of them. */
const createdOneOf = <B>(location: string, body: B) => created(location, body) as B extends unknown ? Created<B> : never;

const OptionalConvertBody = OptionalBody(ConvertInput, 'Optional: {invoiceDate, dueDate, deliveryDate} of the new document');

/** The names of one kind's operations, each written out by the caller (searching for a name finds it, issue 24). */
type KindNames<A extends string> = { [K in (typeof KIND_OPS)[number]]: `${A}.${K}` };
const KIND_OPS = ['createDraft', 'listDrafts', 'getDraft', 'updateDraft', 'deleteDraft', 'draftPdf', 'issueDraft', 'list', 'get', 'pdf', 'invoice'] as const;

/** Drafts, issue, read, list and PDF of one kind; `names` names the operations, `base` is its path (/offer, /order-confirmation). */
function kindOps<A extends string>(kind: ChainKind, names: KindNames<A>, base: string, label: string, plural: string) {
  const chainView = kind === 'offer' ? OfferView : OrderConfirmationView;
  const issuedView = kind === 'offer' ? IssuedOfferView : IssuedOrderConfirmationView;
  return [
    defineOp({
      name: names.createDraft,
      output: CreatedOf(DraftView),
      method: 'POST',
      path: `${base}/drafts/`,
      summary: `Write ${label} draft (the 2.4 body${kind === 'offer' ? ', with expiryDate' : ''}); 201 + Location ${base}/drafts/{n}`,
      body: DraftInput,
      run: async ({ body }, ctx) => {
        const id = await createDraft(ctx, kind, body);
        return created(`${base}/drafts/${id}`, await getDraft(ctx, kind, id));
      },
    }),
    defineOp({
      name: names.listDrafts,
      output: ListOf(DraftListItemView),
      method: 'GET',
      path: `${base}/drafts/`,
      summary: `Drafts of ${plural}, newest first; recipientNumber filters; paged with perPage/page`,
      query: DraftListQuery,
      run: ({ query }, ctx) =>
        listResult(
          query,
          (limit, offset) => listDrafts(ctx, [kind], query, limit, offset),
          () => streamDrafts(ctx, [kind], query),
        ),
    }),
    defineOp({
      name: names.getDraft,
      output: DraftView,
      method: 'GET',
      path: `${base}/drafts/{number}`,
      summary: `One draft of ${label}`,
      params: NumberParam,
      run: ({ params }, ctx) => getDraft(ctx, kind, params.number),
    }),
    defineOp({
      name: names.updateDraft,
      output: DraftView,
      method: 'PUT',
      path: `${base}/drafts/{number}`,
      summary: `Replace ${label} draft (same body and rules as creation)`,
      params: NumberParam,
      body: DraftInput,
      run: async ({ params, body }, ctx) => {
        await updateDraft(ctx, kind, params.number, body);
        return getDraft(ctx, kind, params.number);
      },
    }),
    defineOp({
      name: names.deleteDraft,
      output: NoContentOf(),
      method: 'DELETE',
      path: `${base}/drafts/{number}`,
      summary: `Delete ${label} draft`,
      params: NumberParam,
      run: async ({ params }, ctx) => {
        await deleteDraft(ctx, kind, params.number);
        return noContent();
      },
    }),
    defineOp({
      name: names.draftPdf,
      output: FileOf('application/pdf'),
      method: 'GET',
      path: `${base}/drafts/{number}/pdf`,
      summary: `PDF preview of ${label} draft`,
      params: NumberParam,
      run: async ({ params }, ctx) => {
        const pdf = await chainDraftPdf(ctx, kind, params.number);
        return file('application/pdf', pdf.filename, pdf.data);
      },
    }),
    defineOp({
      name: names.issueDraft,
      output: CreatedOf(issuedView),
      method: 'POST',
      path: `${base}/drafts/{number}/issue`,
      summary: `Issue ${label} draft with the next number of its own series${kind === 'offer' ? ' (expiry date default: date + offerValidDays)' : ''}; 201 + Location ${base}/{n}`,
      params: NumberParam,
      body: IssueBody,
      run: async ({ params, body }, ctx) => {
        const issued = await issueAndSend(ctx, (tctx) => issueDraft(tctx, params.number, { kinds: [kind] }), shipmentOf(body));
        return createdOneOf(`${base}/${issued.number}`, { ...(await getChainDocument(ctx, kind, issued.number)), ...withShipments(issued) });
      },
    }),
    defineOp({
      name: names.list,
      output: ListOf(chainView),
      method: 'GET',
      path: `${base}/`,
      summary: `Issued ${plural}, descending by number; recipientNumber, from/to (date), state (open, expired, converted at today); paged with perPage/page`,
      query: OfferListQuery,
      run: ({ query }, ctx) => {
        if (kind !== 'offer' && query.state === 'expired') throw validationError([fieldError('state', 'INVALID_STATE')]);
        return listResult(
          query,
          (limit, offset) => listChainDocuments(ctx, kind, query, limit, offset),
          () => streamChainDocuments(ctx, kind, query),
        );
      },
    }),
    defineOp({
      name: names.get,
      output: chainView,
      method: 'GET',
      path: `${base}/{number}`,
      summary: `One issued ${label.replace(/^an? /, '')}, with the chain (source, successors) and _links`,
      params: NumberParam,
      run: ({ params }, ctx) => getChainDocument(ctx, kind, params.number),
    }),
    defineOp({
      name: names.pdf,
      output: FileOf('application/pdf'),
      method: 'GET',
      path: `${base}/{number}/pdf`,
      summary: `The ${label.replace(/^an? /, '')} as PDF`,
      params: NumberParam,
      run: async ({ params }, ctx) => {
        const pdf = await chainPdf(ctx, kind, params.number);
        return file('application/pdf', pdf.filename, pdf.data);
      },
    }),
    defineOp({
      name: names.invoice,
      output: CreatedOf(DraftView),
      method: 'POST',
      path: `${base}/{number}/invoice`,
      summary: `Make an invoice draft from ${label} (an offer with an order confirmation is invoiced through it); 201 + Location /invoices/drafts/{n}; 409 when already invoiced`,
      params: NumberParam,
      body: OptionalConvertBody,
      run: async ({ params, body }, ctx) => {
        const id = await invoiceDraftFrom(ctx, kind, params.number, convertBody(body));
        return created(`/invoices/drafts/${id}`, await getDraft(ctx, 'invoice', id));
      },
    }),
  ];
}

export const offerOps = [
  ...kindOps<'offers'>(
    'offer',
    {
      createDraft: 'offers.createDraft',
      listDrafts: 'offers.listDrafts',
      getDraft: 'offers.getDraft',
      updateDraft: 'offers.updateDraft',
      deleteDraft: 'offers.deleteDraft',
      draftPdf: 'offers.draftPdf',
      issueDraft: 'offers.issueDraft',
      list: 'offers.list',
      get: 'offers.get',
      pdf: 'offers.pdf',
      invoice: 'offers.invoice',
    },
    '/offer',
    'an offer',
    'offers',
  ),
  defineOp({
    name: 'offers.orderConfirmation',
    output: CreatedOf(OrderConfirmationView),
    method: 'POST',
    path: '/offer/{number}/order-confirmation',
    summary: "Issue an order confirmation with the offer's content (its own series); 201 + Location /order-confirmation/{n}; 409 when the offer was converted already",
    params: NumberParam,
    body: OptionalConvertBody,
    run: async ({ params, body }, ctx) => {
      const issued = await offerToOrderConfirmation(ctx, params.number, convertBody(body));
      return created(`/order-confirmation/${issued.number}`, await getChainDocument(ctx, 'order-confirmation', issued.number));
    },
  }),
  defineOp({
    name: 'offers.history',
    output: ListOf(HistoryEntryView),
    method: 'GET',
    path: '/offer/{number}/history',
    summary: 'Spec 4.6: how the offer and its successors (order confirmation, invoice) were sent (2.9 entries, oldest first)',
    params: NumberParam,
    run: ({ params }, ctx) => offerHistory(ctx, params.number),
  }),
  ...kindOps<'orderConfirmations'>(
    'order-confirmation',
    {
      createDraft: 'orderConfirmations.createDraft',
      listDrafts: 'orderConfirmations.listDrafts',
      getDraft: 'orderConfirmations.getDraft',
      updateDraft: 'orderConfirmations.updateDraft',
      deleteDraft: 'orderConfirmations.deleteDraft',
      draftPdf: 'orderConfirmations.draftPdf',
      issueDraft: 'orderConfirmations.issueDraft',
      list: 'orderConfirmations.list',
      get: 'orderConfirmations.get',
      pdf: 'orderConfirmations.pdf',
      invoice: 'orderConfirmations.invoice',
    },
    '/order-confirmation',
    'an order confirmation',
    'order confirmations',
  ),
];
