/**
 * A series' invoice template: what is stored (items, texts, references and the product values the items rely on), the
 * invoice body an occurrence issues ({periode} filled in), the checks on saving (every rule of an invoice, through the
 * invoice's own checkDraft) and the health check before issuing (customer deleted, a product changed or deleted).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, RecurringSeriesTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { longestWithPeriod, periodText, withPeriod, type IntervalUnit, type Schedule } from '../../domain/recurring-schedule.js';
import { FieldErrors, OpError } from '../../ops/errors.js';
import { checkDraft, addDays, LIMITS, type DraftInput, type ItemInput } from '../documents/core.js';
import { productsByCode } from '../products/index.js';
import { getSettings } from '../settings/index.js';
import type { RecurringInput } from './recurring.schema.js';

export type SeriesRow = Selectable<RecurringSeriesTable>;

/** The product values an item took from its product when the series was saved; a change stops the series. */
interface ProductFacts {
  description: string;
  unit_price: number;
  tax_rate: number;
  vat_category: string;
  exemption_reason: string | null;
  unit: string | null;
}

export interface Template {
  items: ItemInput[];
  invoiceText?: string | null;
  ourReference?: string | null;
  yourReference?: string | null;
  products: Record<string, ProductFacts>;
}

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());
const codesOf = (items: ItemInput[]) => [...new Set(items.map((i) => blank(i.productCode)).filter((c): c is string => !!c))];

export const scheduleOf = (r: Pick<SeriesRow, 'unit' | 'every' | 'start_date' | 'end_date' | 'occurrence_count'>): Schedule => ({
  unit: r.unit as IntervalUnit,
  every: r.every,
  startDate: r.start_date,
  endDate: r.end_date,
  count: r.occurrence_count,
});

/** The invoice body of one occurrence: `{periode}` in the lines and the invoice text becomes its period; dated today. */
export function occurrenceDraft(
  recipientNumber: number,
  t: Pick<Template, 'items' | 'invoiceText' | 'ourReference' | 'yourReference'>,
  dueInDays: number | null,
  period: string,
  today: string,
): DraftInput {
  return {
    recipient: { number: recipientNumber },
    items: t.items.map((i) => ({ ...i, description: withPeriod(i.description, period) })),
    ...(t.invoiceText !== undefined ? { invoiceText: withPeriod(t.invoiceText, period) } : {}),
    ...(t.ourReference !== undefined ? { ourReference: t.ourReference } : {}),
    ...(t.yourReference !== undefined ? { yourReference: t.yourReference } : {}),
    dueDate: dueInDays === null ? null : addDays(today, dueInDays),
  };
}

/**
 * Checks a series as POST/PUT gives it, all errors at once (400 naming each field): the schedule, the room `{periode}`
 * needs, and everything an invoice of it must pass (customer, products, amounts, VAT), by the invoice's own check.
 * Returns what is stored.
 */
export async function checkSeries(ctx: AppContext, input: RecurringInput): Promise<{ template: Template; total: number; currency: string }> {
  const errors = new FieldErrors();
  if (input.endDate && input.endDate < input.startDate) errors.add('endDate', 'END_BEFORE_START');
  if (input.endDate && input.count != null) errors.add('count', 'END_DATE_OR_COUNT');
  input.items.forEach((item, i) => {
    if (longestWithPeriod(item.description) > LIMITS.description) errors.add(`items[${i}].description`, 'TOO_LONG_WITH_PERIOD', { max: LIMITS.description });
  });
  if (longestWithPeriod(input.invoiceText) > LIMITS.invoiceText) errors.add('invoiceText', 'TOO_LONG_WITH_PERIOD', { max: LIMITS.invoiceText });
  const t: Template = { items: input.items, invoiceText: input.invoiceText, ourReference: input.ourReference, yourReference: input.yourReference, products: {} };
  const schedule = { unit: input.interval.unit, every: input.interval.every, startDate: input.startDate };
  const period = periodText(schedule, 0);
  const settings = await getSettings(ctx);
  let checked: Awaited<ReturnType<typeof checkDraft>> | null = null;
  try {
    checked = await checkDraft(ctx, settings, 'invoice', occurrenceDraft(input.recipientNumber, t, input.dueInDays ?? null, period, input.startDate));
  } catch (e) {
    if (!(e instanceof OpError) || !e.fields.length) throw e;
    for (const f of e.fields) errors.list.push({ ...f, field: f.field === 'recipient.number' ? 'recipientNumber' : f.field });
  }
  errors.throwIfAny();
  const products = await productsByCode(ctx, codesOf(input.items));
  for (const [code, p] of products) {
    t.products[code] = { description: p.description, unit_price: p.unit_price, tax_rate: p.tax_rate, vat_category: p.vat_category, exemption_reason: p.exemption_reason, unit: p.unit };
  }
  return { template: t, total: checked!.doc.total, currency: checked!.doc.currency };
}

export interface Stop {
  code: 'RECIPIENT_DELETED' | 'PRODUCT_CHANGED' | 'PRODUCT_DELETED' | 'ISSUE_REFUSED';
  reason: string;
}

/** Why a series must not issue now (its customer deleted, a product it relies on changed or deleted), or null. */
export async function healthOf(ctx: Pick<AppContext, 'db'>, row: SeriesRow, t: Template, recipientAlive?: boolean): Promise<Stop | null> {
  const { db } = ctx;
  const alive =
    recipientAlive ?? !!(await db.selectFrom('recipients').select('number').where('number', '=', row.recipient_number).where('deleted', '=', 0).executeTakeFirst());
  if (!alive) return { code: 'RECIPIENT_DELETED', reason: `Customer ${row.recipient_number} was deleted` };
  const codes = codesOf(t.items);
  if (!codes.length) return null;
  const now = await productsByCode(ctx, codes);
  for (const code of codes) {
    const p = now.get(code);
    if (!p) return { code: 'PRODUCT_DELETED', reason: `Product ${code} was deleted` };
    const was = t.products[code];
    const changed = !was || (Object.keys(was) as Array<keyof ProductFacts>).some((k) => was[k] !== p[k]);
    if (changed) return { code: 'PRODUCT_CHANGED', reason: `Product ${code} was changed (price, text, VAT or unit); check the series and resume it` };
  }
  return null;
}
