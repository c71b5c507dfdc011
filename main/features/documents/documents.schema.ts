import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable, OptNullStr, Paging, ReadBack } from '../../ops/schemas.js';
import { Printed } from '../../ops/printable.js';
import { TaxRate, VatCategoryInput } from '../products/index.js';

/**
 * Limits chosen where the spec gives none (documented here, enforced for API and GUI alike):
 * orderNumber, ourReference, yourReference 64 (as the recipient's yourReference); invoiceText 2000;
 * line description 255 (product description 75); unit 20; productCode 9 (as products);
 * deliveryAddress: address 128, zip 8, city 36 (as recipients), country 64; at most 500 lines.
 * quantity |q| <= 999 999.999 (3 decimals), unitPrice |p| <= 99 999 999.99 (2 decimals), discount 0..100 (2 decimals).
 */
export const LIMITS = { reference: 64, invoiceText: 2000, description: 255, unit: 20, productCode: 9, maxItems: 500 } as const;

const OptNullDate = Type.Optional(Nullable(IsoDate));

export const ItemInput = Type.Object({
  /** Line number as read back (ignored on input: lines are numbered in order). */
  number: Type.Optional(Nullable(Type.Integer())),
  productCode: OptNullStr(LIMITS.productCode),
  description: OptNullStr(LIMITS.description),
  quantity: Type.Number({ minimum: -999_999.999, maximum: 999_999.999 }),
  unitPrice: Type.Optional(Nullable(Type.Number({ minimum: -99_999_999.99, maximum: 99_999_999.99 }))),
  discount: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100 }))),
  taxRate: Type.Optional(Nullable(TaxRate)),
  /** Kvitt extensions: S (default for 25/15/12), Z zero-rated (default for 0), E exempt (needs exemptionReason). */
  vatCategory: Type.Optional(Nullable(VatCategoryInput)),
  exemptionReason: OptNullStr(255),
  unit: OptNullStr(LIMITS.unit),
});
export type ItemInput = Static<typeof ItemInput>;

export const DeliveryAddressInput = Type.Object({
  address: OptNullStr(128),
  zip: OptNullStr(8),
  city: OptNullStr(36),
  country: OptNullStr(64),
});

/**
 * The 2.4 draft shape without `number` (fields that are computed, such as tax, total, international,
 * and the recipient's other fields, may be sent back as read and are ignored).
 */
export const DraftInput = Printed(ReadBack({
  credit: Type.Optional(Type.Boolean()),
  creditedInvoiceNumber: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  recipient: ReadBack({ number: Type.Integer({ minimum: 1 }) }, ['customerNumber', 'name', 'email', 'mobile', 'address', 'organisationNumber', 'icd']),
  orderNumber: OptNullStr(LIMITS.reference),
  invoiceDate: OptNullDate,
  dueDate: OptNullDate,
  orderDate: OptNullDate,
  deliveryDate: OptNullDate,
  /** Offers: valid until (default: offer date + offerValidDays). */
  expiryDate: OptNullDate,
  ourReference: OptNullStr(LIMITS.reference),
  yourReference: OptNullStr(LIMITS.reference),
  invoiceText: OptNullStr(LIMITS.invoiceText),
  currency: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{3}$', description: 'a 3-letter currency code' }))),
  deliveryAddress: Type.Optional(Nullable(DeliveryAddressInput)),
  items: Type.Array(ItemInput, { maxItems: LIMITS.maxItems }),
}, ['number', 'tax', 'total', 'international', 'kind', 'state', '_links', 'source', 'successors']));
export type DraftInput = Static<typeof DraftInput>;

export const DraftListQuery = Type.Object({
  recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  ...Paging,
});

/** Kvitt extensions of the invoice lists: search (number, KID, customer, amount) and sort by any column. */
const InvoiceSearch = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.Union([Type.Literal('number'), Type.Literal('customer'), Type.Literal('date'), Type.Literal('due'), Type.Literal('total'), Type.Literal('balance')])),
  dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};

export const InvoiceListQuery = Type.Object({
  recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Kvitt extension: add each invoice's state (not-due, due, paid, lost) and stateDetail to the 2.2 shape; off by default. */
  withState: Type.Optional(Type.Boolean()),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  ...InvoiceSearch,
  ...Paging,
});

export const SumsQuery = Type.Object({
  state: Type.Optional(
    Type.Union(['all', 'draft', 'not-due', 'due', 'paid', 'lost', 'credit-notes'].map((s) => Type.Literal(s))),
  ),
  recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  q: InvoiceSearch.q,
});

export const PaymentInput = Type.Object({
  date: IsoDate,
  /** Amount received in NOK (for a NOK invoice: what reduces the balance). */
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 99_999_999_999.99 }),
  /** Foreign-currency invoices: the amount in the invoice's currency that this payment settles (default amount / exchange rate). */
  currencyAmount: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 99_999_999_999.99 }))),
  /** Bank fee in NOK, recorded for the accounts; it does not change the balance. */
  bankFee: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 99_999_999.99 }))),
});
export type PaymentInput = Static<typeof PaymentInput>;

export const LostInput = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 255 }) });

/**
 * Without items, `scope` says what "the rest" is: `owed` (default) credits what the customer still owes, so the
 * balance becomes 0,00; `uncredited` credits everything not yet credited, so a customer who has paid gets money back.
 */
export const CreditScope = Type.Union([Type.Literal('owed'), Type.Literal('uncredited')]);
export type CreditScope = Static<typeof CreditScope>;

export const CreditNoteInput = Type.Object({
  scope: Type.Optional(CreditScope),
  items: Type.Optional(Type.Array(ItemInput, { minItems: 1, maxItems: LIMITS.maxItems })),
  invoiceText: OptNullStr(LIMITS.invoiceText),
  invoiceDate: Type.Optional(Nullable(IsoDate)),
});
export type CreditNoteInput = Static<typeof CreditNoteInput>;

/** A refund (tilbakebetaling) of a negative balance: the money paid back to the customer, at most what they have to get back. */
export const RefundInput = Type.Object({
  date: IsoDate,
  /** NOK (document currency for other currencies); default: all the customer has to get back. */
  amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 99_999_999_999.99 })),
  note: OptNullStr(255),
});
export type RefundInput = Static<typeof RefundInput>;

/** Moves a negative balance (the customer's credit) to another open invoice of the same customer and currency. */
export const CreditTransferInput = Type.Object({
  toInvoice: Type.Integer({ minimum: 1 }),
  /** Default: as much as both allow (the credit, at most what the other invoice has open). */
  amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 99_999_999_999.99 })),
});
export type CreditTransferInput = Static<typeof CreditTransferInput>;
