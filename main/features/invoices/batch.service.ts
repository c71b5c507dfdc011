/**
 * Mass invoicing (issue 26): POST /invoices/batch issues one invoice per recipient, all in one transaction (all or
 * nothing), each through the invoice issue service, so the numbers are taken in order under the series lock and are
 * contiguous whatever else is issued at the same time. A 400 names each recipient that cannot be invoiced and why
 * (`recipients[3]` NO_SUCH_RECIPIENT, RECIPIENT_DELETED, a refused shipment …), and each bad line once.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { FieldErrors, OpError, type FieldError } from '../../ops/errors.js';
import { IsoDate, Nullable } from '../../ops/schemas.js';
import { inTx } from '../../ops/transaction.js';
import { publish } from '../../push/bus.js';
import { audit } from '../audit/index.js';
import { addDays, MAX_DUE_DAYS, DraftInput, issueNew } from '../documents/core.js';
import { queueDocumentShipments, deliveryFor, ShipmentChoice } from '../sending/index.js';
import { getSettings } from '../settings/index.js';

const draft = DraftInput.properties;
export const MAX_BATCH = 10_000;

export const BatchInput = Type.Object(
  {
    recipients: Type.Union([
      Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_BATCH }),
      Type.Object({ label: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
    ]),
    items: Type.Array(draft.items.items, { minItems: 1, maxItems: draft.items.maxItems }),
    invoiceDate: Type.Optional(Nullable(IsoDate)),
    dueInDays: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_DUE_DAYS }))),
    invoiceText: draft.invoiceText,
    ourReference: draft.ourReference,
    yourReference: draft.yourReference,
    shipment: Type.Optional(Nullable(ShipmentChoice)),
    /** A name the caller picks to follow the batch's progress on the push channel (`progress` events with this job). */
    job: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type BatchInput = Static<typeof BatchInput>;

export const BatchResultView = Type.Object(
  {
    invoiceNumbers: Type.Array(Type.Integer(), { description: 'in recipient order' }),
    invoices: Type.Array(Type.Object({ recipientNumber: Type.Integer(), invoiceNumber: Type.Integer(), total: Type.Number() }, { additionalProperties: false })),
    total: Type.Number({ description: 'the sum of the invoices, incl. VAT' }),
  },
  { additionalProperties: false },
);
export type BatchResult = Static<typeof BatchResultView>;

/** The recipient numbers in order: as given, or every customer with the label (by name, alphabetically). */
async function recipientsOf(tctx: AppContext, input: BatchInput, errors: FieldErrors): Promise<number[]> {
  if (Array.isArray(input.recipients)) {
    const seen = new Set<number>();
    input.recipients.forEach((n, i) => {
      if (seen.has(n)) errors.add(`recipients[${i}]`, 'RECIPIENT_TWICE', { number: n });
      seen.add(n);
    });
    return input.recipients;
  }
  const name = input.recipients.label.trim();
  const label = await tctx.db.selectFrom('labels').select('number').where('name', '=', name).executeTakeFirst();
  if (!label) {
    errors.add('recipients.label', 'NO_SUCH_LABEL_NAME', { label: name });
    return [];
  }
  const rows = await tctx.db
    .selectFrom('recipient_labels as l')
    .innerJoin('recipients as r', 'r.number', 'l.recipient_number')
    .select('r.number')
    .where('l.label_number', '=', label.number)
    .where('r.deleted', '=', 0)
    .orderBy('r.sort_name')
    .orderBy('r.number')
    .execute();
  if (!rows.length) errors.add('recipients.label', 'LABEL_WITHOUT_RECIPIENTS', { label: name });
  return rows.map((r) => r.number);
}

export async function issueBatch(ctx: AppContext, input: BatchInput): Promise<BatchResult> {
  const progress = (done: number, total: number, state: 'running' | 'done' | 'failed') =>
    input.job && publish(ctx, { type: 'progress', job: input.job, done, total, phase: 'invoices', state });
  let count = 0;
  try {
    const result = await inTx(ctx, async (tctx) => {
      const errors = new FieldErrors();
      const numbers = await recipientsOf(tctx, input, errors);
      count = numbers.length;
      if (!Array.isArray(input.recipients)) errors.throwIfAny();
      const twice = new Set(errors.list.map((f) => f.field));
      const settings = await getSettings(tctx);
      const today = ctx.clock.today();
      const date = input.invoiceDate ?? today;
      const body = {
        items: input.items,
        ...(input.invoiceDate ? { invoiceDate: input.invoiceDate } : {}),
        dueDate: input.dueInDays == null ? null : addDays(date, input.dueInDays),
        ...(input.invoiceText !== undefined ? { invoiceText: input.invoiceText } : {}),
        ...(input.ourReference !== undefined ? { ourReference: input.ourReference } : {}),
        ...(input.yourReference !== undefined ? { yourReference: input.yourReference } : {}),
      };
      const out: BatchResult = { invoiceNumbers: [], invoices: [], total: 0 };
      const lineErrors = new Map<string, FieldError>();
      let lastTick = 0;
      for (let i = 0; i < numbers.length; i++) {
        const recipientNumber = numbers[i];
        if (twice.has(`recipients[${i}]`)) continue;
        try {
          const issued = await issueNew(tctx, 'invoice', { ...body, recipient: { number: recipientNumber } }, null, { settings });
          if (input.shipment) {
            const options = await deliveryFor(tctx, recipientNumber, input.shipment, false);
            await queueDocumentShipments(tctx, { type: 'invoice', number: issued.number, id: issued.id }, options);
          }
          out.invoiceNumbers.push(issued.number);
          out.invoices.push({ recipientNumber, invoiceNumber: issued.number, total: oreToKr(issued.total ?? 0) });
          out.total += issued.total ?? 0;
        } catch (e) {
          // Checked in full: every recipient that cannot be invoiced is named; nothing is kept (the transaction rolls back).
          if (!(e instanceof OpError) || !e.fields.length) throw e;
          for (const f of e.fields) {
            if (f.field === 'recipient.number') errors.list.push({ ...f, field: `recipients[${i}]` });
            else if (/^(items|invoiceDate|dueDate|invoiceText|ourReference|yourReference)\b/.test(f.field) && !f.field.startsWith('recipient')) lineErrors.set(`${f.field} ${f.code}`, f);
            else if (!errors.list.some((x) => x.field === `recipients[${i}]` && x.code === f.code)) {
              errors.list.push({ ...f, field: `recipients[${i}]`, message: `${f.field}: ${f.message}`, params: { ...(f.params ?? {}), number: recipientNumber, field: f.field } });
            }
          }
        }
        const now = Date.now();
        if (now - lastTick > 200) {
          lastTick = now;
          progress(i + 1, numbers.length, 'running');
        }
      }
      errors.list.push(...lineErrors.values());
      errors.throwIfAny('Nothing was issued: these recipients or lines cannot be invoiced');
      out.total = oreToKr(out.total);
      await audit(tctx, 'invoice-batch', out.invoiceNumbers[0], 'issue', { recipients: numbers.length, first: out.invoiceNumbers[0], last: out.invoiceNumbers.at(-1)!, total: out.total });
      return out;
    });
    progress(count, count, 'done');
    return result;
  } catch (e) {
    progress(0, count, 'failed');
    throw e;
  }
}
