/**
 * What a participant pays and how it is invoiced: the event price as a line with the event's product and VAT, each priced
 * custom field the participant chose as a line of its own, and the discount code as a negative line at the event's rate.
 * The amount shown at signup is computed by the very line code the invoice is issued with, so the two agree to the øre.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, EventCustomFieldsTable, RecipientsTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { normaliseOrgNumber } from '../../domain/orgnr.js';
import { FieldErrors, OpError } from '../../ops/errors.js';
import { computeLines, lineFromItem, issueNew } from '../documents/core.js';
import type { ItemInput } from '../documents/core.js';
import { productsByCode } from '../products/index.js';
import { createRecipientRows } from '../recipients/index.js';
import type { Settings } from '../settings/index.js';
import { eventWhen } from './event-time.js';
import type { EventRow } from './events.view.js';

type RecipientRow = Selectable<RecipientsTable>;

type FieldRow = Selectable<EventCustomFieldsTable>;
export interface ChosenValue {
  number: number;
  name: string;
  type: string;
  value: string | boolean | null;
}
export interface InvoiceParty {
  name: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  orgNo: string | null;
  yourRef: string | null;
}

/** A priced field counts when ticked (BOOLEAN) or filled in (TEXT). */
const chosen = (v: ChosenValue | undefined) => (v ? v.value === true || (typeof v.value === 'string' && v.value.trim() !== '') : false);

export async function participantItems(
  ctx: Pick<AppContext, 'db'>,
  ev: EventRow,
  fields: FieldRow[],
  values: ChosenValue[],
  discount: { code: string; amount: number } | null,
): Promise<ItemInput[]> {
  const products = await productsByCode(ctx, [ev.product_code, ...fields.map((f) => f.price_product_code)].filter((c): c is string => !!c));
  const rate = ev.tax_rate / 100;
  const p = ev.product_code ? products.get(ev.product_code) : undefined;
  // A 0 % event keeps its product's treatment (exempt courses: E with the product's reason), else zero-rated.
  const category = p && p.tax_rate === ev.tax_rate ? (p.vat_category as 'S' | 'Z' | 'E') : undefined;
  const items: ItemInput[] = [];
  if (ev.price > 0) {
    items.push({ productCode: p ? p.code : null, description: `${ev.name} ${eventWhen(ev)}`, quantity: 1, discount: 0, unitPrice: oreToKr(ev.price), taxRate: rate as ItemInput['taxRate'], vatCategory: category });
  }
  for (const f of fields) {
    if (f.price === null || !chosen(values.find((v) => v.number === f.number))) continue;
    const fp = f.price_product_code ? products.get(f.price_product_code) : undefined;
    items.push({ productCode: fp ? fp.code : null, description: f.name, quantity: 1, discount: 0, unitPrice: oreToKr(f.price), taxRate: ((f.price_tax_rate ?? 0) / 100) as ItemInput['taxRate'] });
  }
  if (discount && ev.price > 0) {
    items.push({ description: `Rabattkode ${discount.code}`, quantity: 1, discount: 0, unitPrice: -oreToKr(discount.amount), taxRate: rate as ItemInput['taxRate'], vatCategory: category, exemptionReason: category === 'E' ? p?.exemption_reason : null });
  }
  return items;
}

/** The total of these items incl. VAT (øre), by the invoice's own line code. */
export async function amountOf(ctx: Pick<AppContext, 'db'>, items: ItemInput[], vatRegistered: boolean): Promise<number> {
  if (!items.length) return 0;
  const products = await productsByCode(ctx, items.map((i) => i.productCode).filter((c): c is string => !!c));
  const errors = new FieldErrors();
  const lines = items.map((item, i) => lineFromItem(item, `items[${i}]`, errors, item.productCode ? products.get(item.productCode) : undefined, 0, vatRegistered));
  if (errors.any) throw new OpError('EVENT_SETUP', `The event's price lines are not valid: ${errors.list.map((e) => e.message).join('; ')}`);
  return computeLines(lines, 1_000_000).totalOre;
}

/** Recipient fields -> the signup body's names, so a rule the recipient service enforces names the field the participant filled in. */
const FIELD_MAP: Record<string, string> = {
  name: 'invoice.name',
  'contact.address.address1': 'invoice.address',
  'contact.address.zip': 'invoice.zip',
  'contact.address.city': 'invoice.city',
  'contact.address.country': 'invoice.country',
  'organisation.number': 'invoice.orgNo',
  'contact.email': 'email',
  'contact.mobile': 'mobile',
  yourReference: 'invoice.yourRef',
};

/**
 * The invoice party's recipient: the one with this organisation number (its number), or a new one (its row as written,
 * so issuing does not read it again).
 */
export async function recipientFor(ctx: AppContext, party: InvoiceParty, email: string, mobile: string | null, settings?: Settings): Promise<{ number: number; row?: RecipientRow }> {
  const trx = ctx.db;
  if (party.orgNo) {
    const found = await trx
      .selectFrom('recipients')
      .select('number')
      .where('org_number', '=', normaliseOrgNumber(party.orgNo))
      .where('deleted', '=', 0)
      .orderBy('number')
      .executeTakeFirst();
    if (found) return { number: found.number };
  }
  try {
    const [row] = await createRecipientRows(
      ctx,
      [
        {
          name: party.name ?? '',
          contact: { address: { address1: party.address, zip: party.zip ?? '', city: party.city ?? '', country: party.country }, email, mobile },
          ...(party.orgNo ? { organisation: { number: party.orgNo } } : {}),
          yourReference: party.yourRef,
        },
      ],
      false,
      settings,
    );
    return { number: row.number, row };
  } catch (e) {
    if (e instanceof OpError && e.status === 400) {
      throw new OpError(e.code, e.message, e.fields.map((f) => ({ ...f, field: FIELD_MAP[f.field] ?? `invoice.${f.field}` })));
    }
    throw e;
  }
}

/** Issues the participant's invoice in the caller's transaction; returns the document id and number. */
export async function issueParticipantInvoice(
  ctx: AppContext,
  ev: EventRow,
  participant: { name: string; email: string; mobile: string | null; party: InvoiceParty },
  items: ItemInput[],
  settings?: Settings,
) {
  const recipient = await recipientFor(ctx, participant.party, participant.email, participant.mobile, settings);
  const issued = await issueNew(
    ctx,
    'invoice',
    {
      recipient: { number: recipient.number },
      yourReference: participant.party.yourRef ?? participant.name.slice(0, 64),
      currency: 'NOK',
      // What is delivered is the event: its (first) day is the delivery date, a multi-day event names its period.
      deliveryDate: ev.starts_at.slice(0, 10),
      invoiceText: `Påmelding til ${ev.name} ${eventWhen(ev)}. Deltaker: ${participant.name}`.slice(0, 2000),
      items,
    },
    null,
    { recipient: recipient.row, settings },
  );
  return { recipientNumber: recipient.number, ...issued };
}
