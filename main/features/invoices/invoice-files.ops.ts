import { defineOp } from '../../ops/define.js';
import { NumberParam } from '../../ops/schemas.js';
import { FileOf } from '../../ops/output.js';
import { buildView, ehfOf, pdfOf } from '../documents/core.js';
import { getCreditNoteRow, getDraftRow, invoiceWithBalance } from './invoices.service.js';

/** An invoice's, a credit note's and an invoice draft's PDF and EHF files. */
export const invoiceFileOps = [
  defineOp({
    name: 'invoices.pdf',
    output: FileOf('application/pdf'),
    method: 'GET',
    path: '/invoices/{number}/pdf',
    summary: 'The invoice as PDF',
    params: NumberParam,
    run: async ({ params }, ctx) => pdfOf(await buildView(ctx, await invoiceWithBalance(ctx, params.number))),
  }),
  defineOp({
    name: 'invoices.ehf',
    output: FileOf('application/xml'),
    method: 'GET',
    path: '/invoices/{number}/ehf',
    summary: 'The invoice as EHF 3.0 (Peppol BIS Billing 3.0 UBL); 400 when the recipient has no organisation number, 422 EHF_RULE_FAILED when the file breaks an official rule',
    params: NumberParam,
    run: async ({ params }, ctx) => ehfOf(await buildView(ctx, await invoiceWithBalance(ctx, params.number))),
  }),
  defineOp({
    name: 'invoices.creditNotePdf',
    output: FileOf('application/pdf'),
    method: 'GET',
    path: '/invoices/credit-notes/{number}/pdf',
    summary: 'The credit note as PDF',
    params: NumberParam,
    run: async ({ params }, ctx) => pdfOf(await buildView(ctx, await getCreditNoteRow(ctx, params.number))),
  }),
  defineOp({
    name: 'invoices.creditNoteEhf',
    output: FileOf('application/xml'),
    method: 'GET',
    path: '/invoices/credit-notes/{number}/ehf',
    summary: 'The credit note as EHF 3.0 CreditNote; 400 when the recipient has no organisation number, 422 EHF_RULE_FAILED when the file breaks an official rule',
    params: NumberParam,
    run: async ({ params }, ctx) => ehfOf(await buildView(ctx, await getCreditNoteRow(ctx, params.number))),
  }),
  defineOp({
    name: 'invoices.draftPdf',
    output: FileOf('application/pdf'),
    method: 'GET',
    path: '/invoices/drafts/{number}/pdf',
    summary: 'Preview of a saved draft as PDF (no number, no KID yet)',
    params: NumberParam,
    run: async ({ params }, ctx) => pdfOf(await buildView(ctx, await getDraftRow(ctx, 'invoice', params.number))),
  }),
];
