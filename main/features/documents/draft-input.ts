import { isIsoDate } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { hasAtMostDecimals, toScaled } from '../../domain/money.js';
import { computeTotals, type VatCategory } from '../../domain/totals.js';
import { fieldError, FieldErrors, validationError } from '../../ops/errors.js';
import { countryCode, knownCurrencies, rateOn } from '../common/index.js';
import { productsByCode } from '../products/index.js';
import type { Selectable } from 'kysely';
import type { RecipientsTable } from '../../../db/schema.js';
import type { Settings } from '../settings/index.js';
import type { DocumentKind } from './document-kinds.js';
import { lineAmountsInput, totalsColumns, type NewLineRow } from './document-rows.js';
import type { DraftInput, ItemInput } from './documents.schema.js';
import { recipientSnapshot } from './party.js';

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());

/** The last answer kept: issuing asks the same (today + the credit days) for every invoice of the day. */
let lastDays: { date: string; days: number; out: string } | null = null;

/** The longest payment term a recurring or mass invoice may give (days). */
export const MAX_DUE_DAYS = 365;

export function addDays(date: string, days: number): string {
  if (lastDays && lastDays.date === date && lastDays.days === days) return lastDays.out;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const out = d.toISOString().slice(0, 10);
  lastDays = { date, days, out };
  return out;
}

type ProductRow = Awaited<ReturnType<typeof productsByCode>> extends Map<string, infer R> ? R : never;

/**
 * One line from an item: product values (description, price, rate, category, unit) unless the item gives its own;
 * discount from the item, else `defaultDiscount` (the recipient's). Amounts are left at 0: computeLines() fills them.
 */
export function lineFromItem(
  item: ItemInput,
  path: string,
  errors: FieldErrors,
  product: ProductRow | undefined,
  defaultDiscount: number,
  vatRegistered: boolean,
): NewLineRow {
  const code = blank(item.productCode);
  if (code && !product) errors.add(`${path}.productCode`, 'NO_SUCH_PRODUCT', { code });
  const description = blank(item.description) ?? product?.description ?? null;
  if (!description && !code) errors.add(`${path}.description`, 'REQUIRED_WITHOUT_PRODUCT');
  if (!hasAtMostDecimals(item.quantity, 3)) errors.add(`${path}.quantity`, 'TOO_MANY_DECIMALS', { max: 3 });
  let unitPrice = 0;
  if (item.unitPrice !== undefined && item.unitPrice !== null) {
    if (!hasAtMostDecimals(item.unitPrice, 2)) errors.add(`${path}.unitPrice`, 'TOO_MANY_DECIMALS', { max: 2 });
    unitPrice = toScaled(item.unitPrice, 2);
  } else if (product) unitPrice = product.unit_price;
  else if (!code) errors.add(`${path}.unitPrice`, 'REQUIRED_WITHOUT_PRODUCT');
  let discount = defaultDiscount;
  if (item.discount !== undefined && item.discount !== null) {
    if (!hasAtMostDecimals(item.discount, 2)) errors.add(`${path}.discount`, 'TOO_MANY_DECIMALS', { max: 2 });
    discount = toScaled(item.discount, 2);
  }
  const rateGiven = item.taxRate !== undefined && item.taxRate !== null;
  let rate = rateGiven ? item.taxRate! * 100 : product ? product.tax_rate : 2500;
  let category: VatCategory =
    (item.vatCategory ?? null) || (!rateGiven && product ? (product.vat_category as VatCategory) : rate === 0 ? 'Z' : 'S');
  if (rate === 0 && category === 'S') errors.add(`${path}.vatCategory`, 'ZERO_RATE_NEEDS_Z_OR_E');
  if (rate !== 0 && category !== 'S') errors.add(`${path}.vatCategory`, 'CATEGORY_NEEDS_ZERO_RATE', { category });
  let reason = blank(item.exemptionReason) ?? (category === 'E' && product?.vat_category === 'E' ? product.exemption_reason : null);
  if (category === 'E' && !reason) errors.add(`${path}.exemptionReason`, 'EXEMPTION_REASON_REQUIRED', { what: 'line' });
  if (!vatRegistered) {
    // A seller outside the VAT register charges no VAT on any line (UBL category O).
    rate = 0;
    category = 'O';
    reason = null;
  }
  const quantityMilli = toScaled(item.quantity, 3);
  if (Math.abs((quantityMilli / 1000) * unitPrice) > MAX_LINE_ORE) {
    errors.add(`${path}.quantity`, 'LINE_TOO_LARGE');
  }
  return {
    product_code: code,
    description: description ?? '',
    quantity_milli: quantityMilli,
    unit: blank(item.unit) ?? product?.unit ?? null,
    unit_price: unitPrice,
    discount,
    tax_rate: rate,
    vat_category: category,
    exemption_reason: category === 'S' || category === 'O' ? null : reason,
    net: 0,
    tax: 0,
    total: 0,
  };
}

/** A line's amount is at most 10 billion kroner, so 500 lines and their VAT stay exact integers in JavaScript. */
export const MAX_LINE_ORE = 999_999_999_999;

/** Fills each line's amounts and returns the document totals (document currency and NOK). */
export function computeLines(lines: NewLineRow[], rateMicro: number) {
  try {
    return computeLinesUnchecked(lines, rateMicro);
  } catch (e) {
    if (e instanceof RangeError) throw validationError([fieldError('items', 'AMOUNTS_TOO_LARGE')]);
    throw e;
  }
}

function computeLinesUnchecked(lines: NewLineRow[], rateMicro: number) {
  const totals = computeTotals(lines.map(lineAmountsInput), rateMicro);
  lines.forEach((l, i) => {
    l.net = totals.lines[i].netOre;
    l.tax = totals.lines[i].taxOre;
    l.total = totals.lines[i].totalOre;
  });
  return totals;
}

export interface CheckedDraft {
  doc: {
    kind: DocumentKind;
    recipient_number: number;
    recipient_snapshot: string;
    order_number: string | null;
    issue_date: string | null;
    due_date: string | null;
    order_date: string | null;
    delivery_date: string | null;
    expiry_date: string | null;
    our_reference: string | null;
    your_reference: string | null;
    invoice_text: string | null;
    currency: string;
    exchange_rate_micro: number;
    delivery_address: string | null;
    credited_document_id: number | null;
    net: number;
    tax: number;
    total: number;
    tax_nok: number;
    total_nok: number;
  };
  lines: NewLineRow[];
  /** The recipient row the check read (same transaction), so issuing a new document does not read it again. */
  recipient?: Selectable<RecipientsTable>;
  /** The totals of `lines` and the exchange rate they were computed at (issueNew's issue uses them at the same rate). */
  totals?: { rateMicro: number; totals: ReturnType<typeof computeLines> };
}

/**
 * Checks a draft body against everything a schema cannot say and builds the rows to store. Defaults: the recipient's
 * discount on lines, the recipient's yourReference and currency, the originator's ourReference.
 * `kind` is what the caller serves (invoice drafts become credit-note drafts when `credit` is true). `known`: the
 * recipient's row when the caller has it from this transaction.
 */
export async function checkDraft(ctx: AppContext, settings: Settings, kind: DocumentKind, input: DraftInput, known?: Selectable<RecipientsTable>): Promise<CheckedDraft> {
  const errors = new FieldErrors();
  const db = ctx.db;
  // `known`: the recipient's row as this transaction just wrote it (a signup's new recipient), not read again.
  const recipient =
    known && known.number === input.recipient.number
      ? known
      : await db.selectFrom('recipients').selectAll().where('number', '=', input.recipient.number).executeTakeFirst();
  if (!recipient) errors.add('recipient.number', 'NO_SUCH_RECIPIENT', { number: input.recipient.number });
  else if (recipient.deleted) errors.add('recipient.number', 'RECIPIENT_DELETED', { number: input.recipient.number });

  let docKind = kind;
  let creditedId: number | null = null;
  let creditedCurrency: string | null = null;
  if (input.credit) {
    if (kind !== 'invoice' && kind !== 'credit-note') errors.add('credit', 'NOT_A_CREDIT_KIND', { kind });
    else docKind = 'credit-note';
  } else if (kind === 'credit-note' && input.credit === false) docKind = 'invoice';
  if (docKind === 'credit-note') {
    const n = input.creditedInvoiceNumber ?? null;
    if (n === null) errors.add('creditedInvoiceNumber', 'REQUIRED_FOR_CREDIT_NOTE');
    else {
      const inv = await db.selectFrom('documents').select(['id', 'recipient_number', 'currency']).where('kind', '=', 'invoice').where('number', '=', n).executeTakeFirst();
      if (!inv) errors.add('creditedInvoiceNumber', 'NO_SUCH_INVOICE', { number: n });
      else if (recipient && inv.recipient_number !== recipient.number) errors.add('creditedInvoiceNumber', 'OTHER_RECIPIENT', { number: n });
      else {
        creditedId = inv.id;
        creditedCurrency = inv.currency;
        if (input.currency && input.currency !== inv.currency) errors.add('currency', 'CREDIT_CURRENCY', { currency: inv.currency });
      }
    }
  } else if (input.creditedInvoiceNumber != null) errors.add('creditedInvoiceNumber', 'ONLY_FOR_CREDIT_NOTES');

  for (const k of ['invoiceDate', 'dueDate', 'orderDate', 'deliveryDate', 'expiryDate'] as const) {
    const v = input[k];
    // The schema (IsoDate) refuses unreal days at input; a draft saved by an older version is checked again when issued.
    if (v && !isIsoDate(v)) errors.add(k, 'NOT_A_DATE');
  }
  if (input.expiryDate && kind !== 'offer') errors.add('expiryDate', 'ONLY_FOR_OFFERS');
  const date = input.invoiceDate ?? null;
  if (input.dueDate && date && input.dueDate < date) errors.add('dueDate', 'BEFORE_INVOICE_DATE');
  if (input.expiryDate && date && input.expiryDate < date) errors.add('expiryDate', 'BEFORE_OFFER_DATE');

  const currency = creditedCurrency ?? input.currency ?? recipient?.currency ?? 'NOK';
  if (currency !== 'NOK' && !(await knownCurrencies(ctx)).has(currency)) {
    errors.add('currency', 'UNKNOWN_CURRENCY', {});
  }

  let deliveryAddress: string | null = null;
  if (input.deliveryAddress) {
    const a = input.deliveryAddress;
    let country: string | null = null;
    if (blank(a.country)) {
      country = countryCode(a.country!);
      if (!country) errors.add('deliveryAddress.country', 'UNKNOWN_COUNTRY');
    }
    const stored = { address: blank(a.address), zip: blank(a.zip), city: blank(a.city), country };
    if (Object.values(stored).some((v) => v !== null)) deliveryAddress = JSON.stringify(stored);
  }

  const products = await productsByCode(ctx, input.items.map((i) => blank(i.productCode)).filter((x): x is string => !!x));
  const defaultDiscount = recipient?.discount ?? 0;
  const lines = input.items.map((item, i) =>
    lineFromItem(item, `items[${i}]`, errors, products.get(blank(item.productCode) ?? ''), defaultDiscount, settings.company.vatRegistered),
  );
  errors.throwIfAny();

  const rate = await rateOn(ctx, currency, date ?? ctx.clock.today());
  const rateMicro = rate?.rateMicro ?? 1_000_000;
  const totals = computeLines(lines, rateMicro);
  return {
    doc: {
      kind: docKind,
      recipient_number: recipient!.number,
      recipient_snapshot: JSON.stringify(recipientSnapshot(recipient!)),
      order_number: blank(input.orderNumber),
      issue_date: date,
      due_date: input.dueDate ?? null,
      order_date: input.orderDate ?? null,
      delivery_date: input.deliveryDate ?? null,
      expiry_date: input.expiryDate ?? null,
      our_reference: input.ourReference === undefined ? settings.invoicing.ourReference : blank(input.ourReference),
      your_reference: input.yourReference === undefined ? recipient!.your_reference : blank(input.yourReference),
      invoice_text: blank(input.invoiceText),
      currency,
      exchange_rate_micro: rateMicro,
      delivery_address: deliveryAddress,
      credited_document_id: creditedId,
      ...totalsColumns(totals),
    },
    lines,
    recipient: recipient!,
    totals: { rateMicro, totals },
  };
}
