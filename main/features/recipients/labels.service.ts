import type { AppContext } from '../../context.js';
import { conflict, fieldError, FieldErrors, notFound, validationError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import type { CustomFieldInput } from './recipients.schema.js';
import { inTx } from '../../ops/transaction.js';
import { forgetTxMemo } from '../../ops/tx-memo.js';
import { FIELDS_MEMO } from './recipients.service.js';

/* Labels: numbered recipient groups (reports filter on labelNumber). */

export async function listLabels(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('labels as l')
    .leftJoin('recipient_labels as rl', 'rl.label_number', 'l.number')
    .select((eb) => ['l.number', 'l.name', eb.fn.count<number>('rl.recipient_number').as('recipients')])
    .groupBy(['l.number', 'l.name'])
    .orderBy('l.name')
    .execute();
  return rows.map((r) => ({ number: r.number, name: r.name, recipients: Number(r.recipients) }));
}

async function assertLabelNameFree(ctx: AppContext, name: string, except?: number) {
  let q = ctx.db.selectFrom('labels').select('number').where('name', '=', name);
  if (except !== undefined) q = q.where('number', '!=', except);
  if (await q.executeTakeFirst()) throw conflict(`A label named ${name} exists`, [fieldError('name', 'TAKEN')]);
}

function labelName(name: string): string {
  const clean = name.trim();
  if (!clean) throw validationError([fieldError('name', 'EMPTY')]);
  return clean;
}

export async function createLabel(ctx: AppContext, name: string) {
  const clean = labelName(name);
  return inTx(ctx, async (tctx) => {
    await assertLabelNameFree(tctx, clean);
    const row = await tctx.db.insertInto('labels').values({ name: clean }).returning('number').executeTakeFirstOrThrow();
    await audit(tctx, 'label', row.number, 'create', { name: clean });
    return { number: row.number, name: clean, recipients: 0 };
  });
}

export async function renameLabel(ctx: AppContext, number: number, name: string) {
  const clean = labelName(name);
  return inTx(ctx, async (tctx) => {
    const found = await tctx.db.selectFrom('labels').select('number').where('number', '=', number).executeTakeFirst();
    if (!found) throw notFound('label', { number });
    await assertLabelNameFree(tctx, clean, number);
    await tctx.db.updateTable('labels').set({ name: clean }).where('number', '=', number).execute();
    await audit(tctx, 'label', number, 'rename', { name: clean });
    return { number, name: clean };
  });
}

export async function deleteLabel(ctx: AppContext, number: number) {
  await inTx(ctx, async (tctx) => {
    const res = await tctx.db.deleteFrom('labels').where('number', '=', number).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('label', { number });
    await audit(tctx, 'label', number, 'delete');
  });
}

/* Custom field definitions. */

function checkCustomField(input: CustomFieldInput) {
  const errors = new FieldErrors();
  if (!input.name.trim()) errors.add('name', 'EMPTY');
  if (input.type === 'SELECT' && !(input.options && input.options.length)) errors.add('options', 'SELECT_NEEDS_OPTIONS');
  if (input.type !== 'SELECT' && input.options && input.options.length) errors.add('options', 'OPTIONS_ONLY_FOR_SELECT');
  errors.throwIfAny();
  return {
    name: input.name.trim(),
    type: input.type,
    options: input.type === 'SELECT' ? JSON.stringify(input.options) : null,
    required: input.required ? 1 : 0,
  };
}

const fieldView = (r: { number: number; name: string; type: string; options: string | null; required: number }) => ({
  number: r.number,
  name: r.name,
  // Only CustomFieldInput's types are ever written (the input schema checks them).
  type: r.type as CustomFieldInput['type'],
  options: r.options ? (JSON.parse(r.options) as string[]) : null,
  required: r.required === 1,
});

export async function listCustomFields(ctx: AppContext) {
  return (await ctx.db.selectFrom('custom_fields').selectAll().orderBy('number').execute()).map(fieldView);
}

export async function createCustomField(ctx: AppContext, input: CustomFieldInput) {
  const values = checkCustomField(input);
  return inTx(ctx, async (tctx) => {
    forgetTxMemo(tctx, FIELDS_MEMO);
    const row = await tctx.db.insertInto('custom_fields').values(values).returningAll().executeTakeFirstOrThrow();
    await audit(tctx, 'custom_field', row.number, 'create', input);
    return fieldView(row);
  });
}

export async function updateCustomField(ctx: AppContext, number: number, input: CustomFieldInput) {
  const values = checkCustomField(input);
  return inTx(ctx, async (tctx) => {
    forgetTxMemo(tctx, FIELDS_MEMO);
    const res = await tctx.db.updateTable('custom_fields').set(values).where('number', '=', number).returningAll().executeTakeFirst();
    if (!res) throw notFound('custom-field', { number });
    await audit(tctx, 'custom_field', number, 'update', input);
    return fieldView(res);
  });
}

export async function deleteCustomField(ctx: AppContext, number: number) {
  await inTx(ctx, async (tctx) => {
    forgetTxMemo(tctx, FIELDS_MEMO);
    const res = await tctx.db.deleteFrom('custom_fields').where('number', '=', number).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('custom-field', { number });
    await audit(tctx, 'custom_field', number, 'delete');
  });
}
