import { Type } from '@sinclair/typebox';
import { created, defineOp } from '../../ops/define.js';
import { validationError } from '../../ops/errors.js';
import { checkSchema } from '../../ops/validate.js';
import { issuedPath } from './document-kinds.js';
import { CreditNoteInput, LostInput, PaymentInput } from './documents.schema.js';
import { creditInvoice } from './credit-notes.service.js';
import { getLedgerEntry, listLedger, markLost, registerPayment, reverseLost, reversePayment } from './payments.service.js';

const InvoiceParam = Type.Object({ number: Type.Integer({ minimum: 1 }) });
const EntryParam = Type.Object({ number: Type.Integer({ minimum: 1 }), id: Type.Integer({ minimum: 1 }) });

export const paymentOps = [
  defineOp({
    name: 'invoices.registerPayment',
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
    method: 'GET',
    path: '/invoices/{number}/payments',
    summary: 'The payment history of an invoice: payments, losses and their reversals, oldest first',
    params: InvoiceParam,
    run: ({ params }, ctx) => listLedger(ctx, params.number),
  }),
  defineOp({
    name: 'invoices.getPayment',
    method: 'GET',
    path: '/invoices/{number}/payments/{id}',
    summary: 'One entry of the payment history',
    params: EntryParam,
    run: ({ params }, ctx) => getLedgerEntry(ctx, params.number, params.id),
  }),
  defineOp({
    name: 'invoices.reversePayment',
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
    method: 'POST',
    path: '/invoices/{number}/credit-note',
    summary: 'Credit an invoice: no body credits the rest in full; {items, invoiceText} a part (never more than is left); 201 + Location /invoices/credit-notes/{n}',
    params: InvoiceParam,
    body: Type.Unknown({ description: 'nothing, {}, or {items, invoiceText, invoiceDate}' }),
    run: async ({ params, body }, ctx) => {
      let input: CreditNoteInput | undefined;
      if (body !== undefined && body !== null) {
        const fields = checkSchema(CreditNoteInput, body);
        if (fields.length) throw validationError(fields);
        input = body as CreditNoteInput;
      }
      const issued = await creditInvoice(ctx, params.number, input);
      return created(issuedPath(issued.kind, issued.number), { kind: issued.kind, number: issued.number });
    },
  }),
];
