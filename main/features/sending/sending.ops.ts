import { defineOp, file, listResult, noContent } from '../../ops/define.js';
import { notFound } from '../../ops/errors.js';
import { NumberParam } from '../../ops/schemas.js';
import { inTx } from '../../ops/transaction.js';
import type { AppContext } from '../../context.js';
import { documentSources } from './document-source.js';
import { DeliveryOptions, historyOf, queueDocumentShipments, type SentDocumentType } from './outbox.js';
import { getOutboxEntry, listOutbox, markPrinted, retryShipment, shipmentPdf } from './outbox.service.js';
import { senderOf } from './sender.js';
import { DocumentMethodsParams, IdParam, InternationalQuery, InvoiceBasedMethodsParams, OutboxQuery, RecipientMethodsParams, TestEmailBody, TestSmsBody } from './sending.schema.js';
import { methodsForDocument, methodsForInvoiceBased, methodsForRecipient } from './shipment-methods.js';
import { sendTestMail } from './test-mail.js';
import { sendTestSms } from './test-sms.js';
import { Type } from '@sinclair/typebox';
import { FileOf, ListOf, OrNoContentOf } from '../../ops/output.js';
import { AttemptResultView, HistoryEntryView, OutboxEntryView, ShipmentMethodsView, ShipmentView, TestMailResultView, TestSmsResultView } from './sending.output.js';

/** Operations without input take no body or `{}`; anything else is a 400. Returns undefined so it chains with ??. */
/** The documents that are sent, with their operations' names written out (searching for a name finds it here). */
const SENT = [
  { type: 'invoice', send: 'sending.sendInvoice', history: 'sending.invoiceHistory', base: '/invoices/{number}', name: 'Invoice' },
  { type: 'credit-note', send: 'sending.sendCreditNote', history: 'sending.creditNoteHistory', base: '/invoices/credit-notes/{number}', name: 'Credit note' },
  { type: 'offer', send: 'sending.sendOffer', history: null, base: '/offer/{number}', name: 'Offer' },
  {
    type: 'order-confirmation',
    send: 'sending.sendOrderConfirmation',
    history: 'sending.orderConfirmationHistory',
    base: '/order-confirmation/{number}',
    name: 'Order confirmation',
  },
] as const;
type WithHistory = Extract<(typeof SENT)[number], { history: string }>;

/** Issue + queue in one transaction (POST /invoices/ and the issue paths with `shipment`) use the same queueing. */
export function sendDocument(ctx: AppContext, type: SentDocumentType, number: number, options: DeliveryOptions) {
  return inTx(ctx, (tctx) => queueDocumentShipments(tctx, { type, number }, options));
}

async function existing(ctx: AppContext, type: SentDocumentType, number: number): Promise<void> {
  if (!(await documentSources[type].describe(ctx, number))) throw notFound(type, { number });
}

const sendOps = SENT.map((d) =>
  defineOp({
    name: d.send,
    output: Type.Array(ShipmentView),
    method: 'POST',
    path: `${d.base}/send`,
    summary: `Send an issued ${d.name.toLowerCase()}: delivery options of spec 4.4 (paper, email[], sms[], copy.email[]) plus ehf {}; 200: the shipments queued [{id, method, recipientAddress, status}]`,
    params: NumberParam,
    body: DeliveryOptions,
    run: ({ params, body }, ctx) => sendDocument(ctx, d.type, params.number, body),
  }),
);

const historyOps = SENT.filter((d): d is WithHistory => d.history !== null).map((d) =>
  defineOp({
    name: d.history,
    output: Type.Array(HistoryEntryView),
    method: 'GET',
    path: `${d.base}/history`,
    summary: `How the ${d.name.toLowerCase()} was sent (spec 2.9), newest first`,
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await existing(ctx, d.type, params.number);
      return historyOf(ctx.db, { type: d.type, number: params.number });
    },
  }),
);

export const sendingOps = [
  defineOp({
    name: 'sending.methodsForRecipient',
    output: ShipmentMethodsView,
    method: 'GET',
    path: '/shipment-methods/recipient/{recipientNumber}/{documentType}',
    summary: 'Spec 4.5: available and default shipment methods for a new invoice, offer or order confirmation to this recipient; 404 for an unknown recipient',
    params: RecipientMethodsParams,
    query: InternationalQuery,
    run: ({ params, query }, ctx) => methodsForRecipient(ctx, params.recipientNumber, params.documentType, query.international === true),
  }),
  defineOp({
    name: 'sending.methodsForInvoiceBased',
    output: OrNoContentOf(ShipmentMethodsView),
    method: 'GET',
    path: '/shipment-methods/invoice/{baseDocumentNumber}/{documentType}',
    summary: 'Spec 4.5: methods for a credit note or dunning of this invoice; 204 when the invoice does not exist',
    params: InvoiceBasedMethodsParams,
    query: InternationalQuery,
    run: async ({ params, query }, ctx) => (await methodsForInvoiceBased(ctx, params.baseDocumentNumber, params.documentType, query.international === true)) ?? noContent(),
  }),
  defineOp({
    name: 'sending.methodsForDocument',
    output: OrNoContentOf(ShipmentMethodsView),
    method: 'GET',
    path: '/shipment-methods/{documentType}/{documentNumber}',
    summary: 'Spec 4.5: methods for sending an issued document again; 204 when the document does not exist',
    params: DocumentMethodsParams,
    query: InternationalQuery,
    run: async ({ params, query }, ctx) => (await methodsForDocument(ctx, params.documentType, params.documentNumber, query.international === true)) ?? noContent(),
  }),
  ...sendOps,
  ...historyOps,
  defineOp({
    name: 'sending.listOutbox',
    output: ListOf(OutboxEntryView),
    method: 'GET',
    path: '/outbox/',
    summary: 'The outbox, newest first: status (IN_PROGRESS, DELIVERED, NOT_DELIVERED), method (email, paper = the print queue, ehf, sms); paged with perPage/page',
    query: OutboxQuery,
    run: ({ query }, ctx) => listResult(query, (limit, offset) => listOutbox(ctx, query, limit, offset)),
  }),
  defineOp({
    name: 'sending.flush',
    output: Type.Array(AttemptResultView),
    method: 'POST',
    path: '/outbox/flush',
    summary: 'Try every pending e-mail, EHF and SMS shipment now (whatever its backoff); answers what happened to each',
    run: async (_input, ctx) => senderOf(ctx).flush(),
  }),
  defineOp({
    name: 'sending.getShipment',
    output: OutboxEntryView,
    method: 'GET',
    path: '/outbox/{id}',
    summary: 'One shipment of the outbox',
    params: IdParam,
    run: ({ params }, ctx) => getOutboxEntry(ctx, params.id),
  }),
  defineOp({
    name: 'sending.retry',
    output: OutboxEntryView,
    method: 'POST',
    path: '/outbox/{id}/retry',
    summary: 'Put a NOT_DELIVERED shipment back in the queue and try it at once (409 for any other status)',
    params: IdParam,
    run: ({ params }, ctx) => retryShipment(ctx, params.id),
  }),
  defineOp({
    name: 'sending.markPrinted',
    output: OutboxEntryView,
    method: 'POST',
    path: '/outbox/{id}/printed',
    summary: 'Print queue: the paper shipment was printed and posted; it becomes DELIVERED (409 unless paper and IN_PROGRESS)',
    params: IdParam,
    run: ({ params }, ctx) => markPrinted(ctx, params.id),
  }),
  defineOp({
    name: 'sending.shipmentPdf',
    output: FileOf('application/pdf'),
    method: 'GET',
    path: '/outbox/{id}/pdf',
    summary: "The shipment's document as PDF; for paper with its postal address in the envelope window (print queue)",
    params: IdParam,
    run: async ({ params }, ctx) => {
      const pdf = await shipmentPdf(ctx, params.id);
      return file('application/pdf', pdf.filename, pdf.data);
    },
  }),
  defineOp({
    name: 'sending.testEmail',
    output: TestMailResultView,
    method: 'POST',
    path: '/originators/current/settings/test-email',
    summary: 'Send a test e-mail through the configured SMTP server (to the sender address unless `to` is given); answers the server\'s reply',
    body: TestEmailBody,
    run: ({ body }, ctx) => sendTestMail(ctx, body.to),
  }),
  defineOp({
    name: 'sending.testSms',
    output: TestSmsResultView,
    method: 'POST',
    path: '/originators/current/settings/test-sms',
    summary: 'Send a test SMS through the configured SMS gateway (smsGatewayUrl) to `to` (8 digits); answers the gateway\'s reply',
    body: TestSmsBody,
    run: ({ body }, ctx) => sendTestSms(ctx, body.to),
  }),
];
