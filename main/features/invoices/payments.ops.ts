import { OptionalBody } from '../../ops/one-or-many.js';
import { Type } from '@sinclair/typebox';
import { created, defineOp } from '../../ops/define.js';
import { validationError } from '../../ops/errors.js';
import { checkSchema } from '../../ops/validate.js';
import { issuedPath, CreditNoteInput, CreditTransferInput, LostInput, PaymentInput, RefundInput, IssuedRef } from '../documents/core.js';
import { registerRefund, transferCredit } from './refunds.service.js';
import { creditInvoice, previewCredit } from './credit-notes.service.js';
import { getLedgerEntry, listLedger, markLost, registerPayment, reverseLost, reversePayment } from './payments.service.js';
import { LedgerEntryView, CreditNotePreviewView } from './invoices.output.js';
import { ListOf, CreatedOf } from '../../ops/output.js';

const InvoiceParam = Type.Object({ number: Type.Integer({ minimum: 1 }) });
const EntryParam = Type.Object({ number: Type.Integer({ minimum: 1 }), id: Type.Integer({ minimum: 1 }) });
const CreditBody = OptionalBody(CreditNoteInput, 'nothing, {}, {scope}, or {items, invoiceText, invoiceDate}');

/** The credit-note body: nothing at all (the spec's empty POST) or a CreditNoteInput. */
function creditInput(body: unknown): CreditNoteInput | undefined {
  if (body === undefined || body === null) return undefined;
  const fields = checkSchema(CreditNoteInput, body);
  if (fields.length) throw validationError(fields);
  return body as CreditNoteInput;
}

export const paymentOps = [
  defineOp({
    name: 'invoices.registerPayment',
    output: CreatedOf(LedgerEntryView),
    method: 'POST',
    path: '/invoices/{number}/payments',
    summary: 'Register a payment {date, amount (NOK), currencyAmount?, bankFee?}; partial payments add up, an overpayment leaves a negative balance',
    params: InvoiceParam,
    body: PaymentInput,
    run: async ({ params, body }, ctx) => {
      const id = await registerPayment(ctx, params.number, body);
      return created(`/invoices/${params.number}/payments/${id}`, await getLedgerEntry(ctx, params.number, id));
    },
  }),
  defineOp({
    name: 'invoices.listPayments',
    output: ListOf(LedgerEntryView),
    method: 'GET',
    path: '/invoices/{number}/payments',
    summary: 'The payment history of an invoice: payments, losses and their reversals, oldest first',
    params: InvoiceParam,
    run: ({ params }, ctx) => listLedger(ctx, params.number),
  }),
  defineOp({
    name: 'invoices.getPayment',
    output: LedgerEntryView,
    method: 'GET',
    path: '/invoices/{number}/payments/{id}',
    summary: 'One entry of the payment history',
    params: EntryParam,
    run: ({ params }, ctx) => getLedgerEntry(ctx, params.number, params.id),
  }),
  defineOp({
    name: 'invoices.reversePayment',
    output: CreatedOf(LedgerEntryView),
    method: 'POST',
    path: '/invoices/{number}/payments/{id}/reverse',
    summary: 'Undo a payment with a reversing entry (the history is kept); 201',
    params: EntryParam,
    run: async ({ params }, ctx) => {
      const id = await reversePayment(ctx, params.number, params.id);
      return created(`/invoices/${params.number}/payments/${id}`, await getLedgerEntry(ctx, params.number, id));
    },
  }),
  defineOp({
    name: 'invoices.markLost',
    output: CreatedOf(LedgerEntryView),
    method: 'POST',
    path: '/invoices/{number}/lost',
    summary: 'Write the open balance off as lost ({reason}, max 255); the invoice is then in state lost',
    params: InvoiceParam,
    body: LostInput,
    run: async ({ params, body }, ctx) => {
      const id = await markLost(ctx, params.number, body.reason);
      return created(`/invoices/${params.number}/payments/${id}`, await getLedgerEntry(ctx, params.number, id));
    },
  }),
  defineOp({
    name: 'invoices.reverseLost',
    output: CreatedOf(LedgerEntryView),
    method: 'POST',
    path: '/invoices/{number}/lost/reverse',
    summary: 'Undo a write-off with a reversing entry; the balance is open again',
    params: InvoiceParam,
    run: async ({ params }, ctx) => {
      const id = await reverseLost(ctx, params.number);
      return created(`/invoices/${params.number}/payments/${id}`, await getLedgerEntry(ctx, params.number, id));
    },
  }),
  defineOp({
    name: 'invoices.creditNote',
    output: CreatedOf(IssuedRef),
    method: 'POST',
    path: '/invoices/{number}/credit-note',
    summary:
      'Credit an invoice: no body or {scope: "owed"} credits what the customer still owes (balance 0,00); {scope: "uncredited"} everything not yet credited; {items, invoiceText} a part (never more than is left); 201 + Location /invoices/credit-notes/{n}',
    params: InvoiceParam,
    body: CreditBody,
    run: async ({ params, body }, ctx) => {
      const issued = await creditInvoice(ctx, params.number, creditInput(body));
      return created(issuedPath(issued.kind, issued.number), { kind: issued.kind, number: issued.number });
    },
  }),
  defineOp({
    name: 'invoices.registerRefund',
    output: CreatedOf(LedgerEntryView),
    method: 'POST',
    path: '/invoices/{number}/refunds',
    summary: 'Record a refund (tilbakebetaling) of a negative balance {date, amount? (default: all the customer has to get back), note?}; 201',
    params: InvoiceParam,
    body: RefundInput,
    run: async ({ params, body }, ctx) => {
      const id = await registerRefund(ctx, params.number, body);
      return created(`/invoices/${params.number}/payments/${id}`, await getLedgerEntry(ctx, params.number, id));
    },
  }),
  defineOp({
    name: 'invoices.transferCredit',
    output: CreatedOf(LedgerEntryView),
    method: 'POST',
    path: '/invoices/{number}/credit-transfer',
    summary: 'Move a negative balance to another open invoice of the same customer and currency {toInvoice, amount?}; 201 with the entry on this invoice',
    params: InvoiceParam,
    body: CreditTransferInput,
    run: async ({ params, body }, ctx) => {
      const ids = await transferCredit(ctx, params.number, body);
      return created(`/invoices/${params.number}/payments/${ids.out}`, await getLedgerEntry(ctx, params.number, ids.out));
    },
  }),
  defineOp({
    name: 'invoices.creditNotePreview',
    output: CreditNotePreviewView,
    method: 'POST',
    path: '/invoices/{number}/credit-note/preview',
    summary: 'What POST /invoices/{number}/credit-note with the same body would issue (amount, balance before and after, what the customer gets back); nothing is saved',
    params: InvoiceParam,
    body: CreditBody,
    run: ({ params, body }, ctx) => previewCredit(ctx, params.number, creditInput(body)),
  }),
];
