import { Type } from '@sinclair/typebox';
import { created, defineOp, noContent } from '../../ops/define.js';
import { CreatedOf, NoContentOf } from '../../ops/output.js';
import { ClosingInterestClaimInput, ClosingInterestView, ClosingInterestWaiveInput } from './closing-interest.schema.js';
import { claimClosingInterest, getClosingInterest, waiveClosingInterest } from './closing-interest.service.js';
import { DunningView } from './dunnings.output.js';
import { getDunning } from './dunnings.read.js';

export const closingInterestOps = [
  defineOp({
    name: 'dunnings.closingInterest',
    output: ClosingInterestView,
    method: 'GET',
    path: '/dunnings/closing-interest/{invoiceNumber}',
    summary: 'The late interest an invoice paid in full but late accrued, and whether it was claimed (interest note) or waived',
    params: Type.Object({ invoiceNumber: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    run: ({ params }, ctx) => getClosingInterest(ctx, params.invoiceNumber),
  }),
  defineOp({
    name: 'dunnings.createInterestNote',
    output: CreatedOf(DunningView),
    method: 'POST',
    path: '/dunnings/interest-notes',
    summary: 'Claim the interest an invoice paid in full but late accrued on a closing interest note (rentenota) {invoiceNumber, dueDate?, dunningText?, shipment?}; 201 + Location of the notice',
    body: ClosingInterestClaimInput,
    run: async ({ body }, ctx) => {
      const number = await claimClosingInterest(ctx, body);
      return created(`/dunnings/${number}`, await getDunning(ctx, number));
    },
  }),
  defineOp({
    name: 'dunnings.waiveInterest',
    output: NoContentOf(),
    method: 'POST',
    path: '/dunnings/interest-waivers',
    summary: 'Waive the interest an invoice paid in full but late accrued {invoiceNumber, reason?}; kept and audited; 204',
    body: ClosingInterestWaiveInput,
    run: async ({ body }, ctx) => {
      await waiveClosingInterest(ctx, body);
      return noContent();
    },
  }),
];
