import { Type } from '@sinclair/typebox';
import { defineOp } from '../../ops/define.js';
import { notFound } from '../../ops/errors.js';
import { NumberParam } from '../../ops/schemas.js';
import { INVOICE_KINDS, DraftListItemView } from '../documents/core.js';
import { draftShapes } from '../invoices/index.js';
import { getRecipientRow } from './recipients.service.js';

/** A recipient's invoice and credit-note drafts. */
export const recipientDraftOps = [
  defineOp({
    name: 'recipients.listDraftDocuments',
    output: Type.Array(DraftListItemView),
    method: 'GET',
    path: '/recipients/{number}/draftDocuments',
    summary: "The recipient's invoice and credit-note drafts (2.4); 404 for an unknown recipient",
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await getRecipientRow(ctx.db, params.number).catch(() => {
        throw notFound('recipient', { number: params.number });
      });
      const rows = await ctx.db
        .selectFrom('documents')
        .selectAll()
        .where('recipient_number', '=', params.number)
        .where('number', 'is', null)
        .where('kind', 'in', INVOICE_KINDS as string[])
        .orderBy('id', 'desc')
        .execute();
      return draftShapes(ctx.db, rows);
    },
  }),
];
