import { Type } from '@sinclair/typebox';
import { created, defineOp, listResult, noContent } from '../../ops/define.js';
import { createdOneOrMany, oneOrMany, OneOrManyBody } from '../../ops/one-or-many.js';
import { NumberParam } from '../../ops/schemas.js';
import {
  createCustomField,
  createLabel,
  deleteCustomField,
  deleteLabel,
  listCustomFields,
  listLabels,
  renameLabel,
  updateCustomField,
} from './labels.service.js';
import { CustomFieldInput, LabelInput, RecipientInput, RecipientListQuery, RecipientNumbersQuery } from './recipients.schema.js';
import {
  createRecipients,
  deleteRecipient,
  getRecipient,
  listRecipients,
  recipientNumbers,
  streamRecipients,
  updateRecipient,
} from './recipients.service.js';
import { RecipientView, RecipientListItemView, RecipientNumbersView, LabelView, CustomFieldView } from './recipients.output.js';
import { ListOf, CreatedOf, CreatedOneOrMany, NoContentOf } from '../../ops/output.js';

const MAX_BATCH = 50_000;
/** As many as one mass invoicing takes (POST /invoices/batch). */
const MAX_NUMBERS = 10_000;

export const recipientOps = [
  defineOp({
    name: 'recipients.create',
    output: CreatedOneOrMany(RecipientView),
    method: 'POST',
    path: '/recipients/',
    summary: 'Create one recipient (201 + Location) or a batch (201 + array of links); a batch is all or nothing',
    body: OneOrManyBody(RecipientInput, { max: MAX_BATCH, description: 'A recipient (spec 2.1) or an array of recipients' }),
    run: async ({ body }, ctx) => {
      const { items, batch } = oneOrMany(RecipientInput, body, { max: MAX_BATCH, noun: 'recipient' });
      const numbers = await createRecipients(ctx, items, batch);
      return createdOneOrMany(numbers, batch, (n) => `/recipients/${n}`, (n) => getRecipient(ctx, n));
    },
  }),
  defineOp({
    name: 'recipients.list',
    output: ListOf(RecipientListItemView),
    method: 'GET',
    path: '/recipients/',
    summary: 'Recipients sorted by name (or sort=name|customerNumber|city|balance, dir=asc|desc), each with its openBalance; q searches name, customer number, org number, e-mail, city and phone (numbers with or without spaces); paged with perPage/page',
    query: RecipientListQuery,
    run: ({ query }, ctx) =>
      listResult(
        query,
        (limit, offset) => listRecipients(ctx, query, limit, offset),
        () => streamRecipients(ctx, query),
      ),
  }),
  defineOp({
    name: 'recipients.numbers',
    output: RecipientNumbersView,
    method: 'GET',
    path: '/recipients/numbers',
    summary: 'The numbers of the recipients that q and labelNumber find (the same search as the list), in name order, at most 10,000, and how many match in all (Massefakturering: "select all N matches")',
    query: RecipientNumbersQuery,
    run: ({ query }, ctx) => recipientNumbers(ctx, query, MAX_NUMBERS),
  }),
  defineOp({
    name: 'recipients.get',
    output: RecipientView,
    method: 'GET',
    path: '/recipients/{number}',
    summary: 'One recipient',
    params: NumberParam,
    run: ({ params }, ctx) => getRecipient(ctx, params.number),
  }),
  defineOp({
    name: 'recipients.update',
    output: RecipientView,
    method: 'PUT',
    path: '/recipients/{number}',
    summary: 'Replace a recipient (same rules as creation)',
    params: NumberParam,
    body: RecipientInput,
    run: async ({ params, body }, ctx) => {
      await updateRecipient(ctx, params.number, body);
      return getRecipient(ctx, params.number);
    },
  }),
  defineOp({
    name: 'recipients.delete',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/recipients/{number}',
    summary: 'Delete a recipient; one with documents is marked deleted instead',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await deleteRecipient(ctx, params.number);
      return noContent();
    },
  }),
  defineOp({
    name: 'labels.list',
    output: ListOf(LabelView),
    method: 'GET',
    path: '/labels/',
    summary: 'Recipient labels (groups) with their member counts',
    run: (_i, ctx) => listLabels(ctx),
  }),
  defineOp({
    name: 'labels.create',
    output: CreatedOf(LabelView),
    method: 'POST',
    path: '/labels/',
    summary: 'Create a label',
    body: LabelInput,
    run: async ({ body }, ctx) => {
      const label = await createLabel(ctx, body.name);
      return created(`/labels/${label.number}`, label);
    },
  }),
  defineOp({
    name: 'labels.update',
    output: LabelView,
    method: 'PUT',
    path: '/labels/{number}',
    summary: 'Rename a label',
    params: NumberParam,
    body: LabelInput,
    run: ({ params, body }, ctx) => renameLabel(ctx, params.number, body.name),
  }),
  defineOp({
    name: 'labels.delete',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/labels/{number}',
    summary: 'Delete a label (recipients keep existing)',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await deleteLabel(ctx, params.number);
      return noContent();
    },
  }),
  defineOp({
    name: 'customFields.list',
    output: ListOf(CustomFieldView),
    method: 'GET',
    path: '/custom-fields/',
    summary: 'Custom field definitions for recipients',
    run: (_i, ctx) => listCustomFields(ctx),
  }),
  defineOp({
    name: 'customFields.create',
    output: CreatedOf(CustomFieldView),
    method: 'POST',
    path: '/custom-fields/',
    summary: 'Define a custom field (TEXT, BOOLEAN, NUMBER, DATE, SELECT)',
    body: CustomFieldInput,
    run: async ({ body }, ctx) => {
      const field = await createCustomField(ctx, body);
      return created(`/custom-fields/${field.number}`, field);
    },
  }),
  defineOp({
    name: 'customFields.update',
    output: CustomFieldView,
    method: 'PUT',
    path: '/custom-fields/{number}',
    summary: 'Change a custom field definition',
    params: NumberParam,
    body: CustomFieldInput,
    run: ({ params, body }, ctx) => updateCustomField(ctx, params.number, body),
  }),
  defineOp({
    name: 'customFields.delete',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/custom-fields/{number}',
    summary: 'Delete a custom field definition and its values',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await deleteCustomField(ctx, params.number);
      return noContent();
    },
  }),
];
