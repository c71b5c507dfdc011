import { created, defineOp } from '../../ops/define.js';
import { CreatedOf } from '../../ops/output.js';
import { BatchInput, BatchResultView, issueBatch } from './batch.service.js';

/** Mass invoicing (issue 26; the GUI's Massefakturering): one invoice per recipient, all or nothing. */
export const invoiceBatchOps = [
  defineOp({
    name: 'invoices.batch',
    method: 'POST',
    path: '/invoices/batch',
    summary: 'Mass invoicing: one invoice per recipient (numbers, or {label}) with the same lines, all in one transaction (all or nothing; a 400 names each recipient that cannot be invoiced); 201 with the invoice numbers in recipient order',
    body: BatchInput,
    output: CreatedOf(BatchResultView),
    run: async ({ body }, ctx) => created(null, await issueBatch(ctx, body)),
  }),
];
