import { Closed, InternationalView, Kr, NullDate, NullStr, partiesFields, textFields } from '../documents/core.js';
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

const literals = <T extends string>(...values: T[]) => Type.Union(values.map((v) => Type.Literal(v)));
export const InvoiceStateView = literals('not-due', 'due', 'paid', 'lost');

/** The invoice's one status at today (invoices.read.ts stateShape); amounts in kr. */
const stateFields = {
  state: InvoiceStateView,
  stateDetail: Closed({
    label: literals('not-due', 'due', 'paid', 'lost', 'credited'),
    partlyPaid: Type.Boolean(),
    partlyCredited: Type.Boolean(),
    fullyCredited: Type.Boolean(),
    paid: Kr,
    credited: Kr,
    writtenOff: Kr,
    charges: Type.Number({ description: 'kr: reminder fees (less fees waived at a write-off) and late interest charged; total + charges − paid − credited − writtenOff = currentBalance' }),
    toRefund: Kr,
  }),
};

/** What 2.2 and 2.3 share from ourReference to items (invoices.read.ts issuedBody). */
const issuedBodyFields = { ...textFields, kid: NullStr, accountNumber: NullStr, ...partiesFields };

/** The 2.2 fields (an issued invoice always has its dates, a due date and the originator's bank account). */
const invoiceFields = {
  number: Type.Integer(),
  credit: Type.Literal(false),
  orderNumber: NullStr,
  invoiceDate: IsoDate,
  dueDate: IsoDate,
  orderDate: NullDate,
  reminderDate: NullDate,
  deliveryDate: IsoDate,
  ...issuedBodyFields,
  accountNumber: Type.String(),
  international: InternationalView,
  currentBalance: Kr,
};

/** An invoice in the lists: `_links` empty; state and stateDetail only with withState=true. */
export const InvoiceListItemView = Closed({
  ...invoiceFields,
  _links: Closed({}),
  state: Type.Optional(stateFields.state),
  stateDetail: Type.Optional(stateFields.stateDetail),
});

/** One invoice: with its links and its state at today. */
export const InvoiceView = Closed({
  ...invoiceFields,
  _links: Closed({ self: Link, pdf: Link, ehf: Link, payments: Link, creditNote: Link, recipient: Link }),
  ...stateFields,
});
export type InvoiceView = Static<typeof InvoiceView>;

export const InvoiceSumsView = Type.Object({
  count: Type.Number(),
  total: Type.Number(),
  balance: Type.Number(),
  toRefund: Type.Number(),
});
export type InvoiceSumsView = Static<typeof InvoiceSumsView>;

export const IntegrityView = Type.Object({
  kind: Type.String(),
  number: Nullable(Type.Number()),
  issuedAt: Nullable(Type.String()),
  algorithm: Type.String(),
  contentHash: Nullable(Type.String()),
  unchanged: Type.Boolean(),
});
export type IntegrityView = Static<typeof IntegrityView>;

export const LedgerKindView = literals('payment', 'payment-reversal', 'loss', 'loss-reversal', 'refund', 'credit-transfer-out', 'credit-transfer-in', 'fee-cancellation', 'rounding');

/** An entry of an invoice's payment history (payments.service.ts entryView). */
export const LedgerEntryView = Closed({
  id: Type.Integer(),
  kind: LedgerKindView,
  date: IsoDate,
  amount: Type.Number({ description: 'NOK received (negative on a reversal); a loss: written off in the invoice currency' }),
  currencyAmount: Nullable(Type.Number({ description: 'foreign-currency invoices: in the invoice currency' })),
  bankFee: Nullable(Kr),
  reason: Nullable(Type.String()),
  reverses: Nullable(Type.Integer()),
  reversedBy: Nullable(Type.Integer()),
  otherInvoice: Type.Optional(Type.Integer({ description: 'a credit moved between invoices: the other invoice' })),
  bankTransaction: Nullable(
    Closed(
      { id: Type.Integer(), bankFileId: Type.Integer(), fileName: Type.String(), reference: Nullable(Type.String()), date: IsoDate },
      { description: 'a payment matched from a bank file (docs/bank-files.md): the transaction behind it' },
    ),
  ),
  _links: Closed({ self: Link, reverse: Type.Optional(Link) }),
});
export type LedgerEntryView = Static<typeof LedgerEntryView>;

export const CreditNotePreviewView = Type.Object({
  invoiceNumber: Type.Number(),
  currency: Type.String(),
  amount: Type.Number(),
  tax: Type.Number(),
  balanceBefore: Type.Number(),
  balanceAfter: Type.Number(),
  toRefund: Type.Number(),
  creditableLeft: Type.Number(),
  items: Type.Array(Type.Object({
    description: Type.String(),
    taxRate: Type.Number(),
    net: Type.Number(),
    total: Type.Number(),
  })),
});
export type CreditNotePreviewView = Static<typeof CreditNotePreviewView>;

/** 2.3 fields: creditedInvoiceNumber instead of credit, no dueDate, no international; applied at once (currentBalance 0). */
const creditNoteFields = {
  number: Type.Integer(),
  creditedInvoiceNumber: Type.Integer(),
  orderNumber: NullStr,
  invoiceDate: IsoDate,
  orderDate: NullDate,
  reminderDate: Type.Null(),
  deliveryDate: NullDate,
  ...issuedBodyFields,
  currentBalance: Type.Literal(0),
};
export const CreditNoteListItemView = Closed({ ...creditNoteFields, _links: Closed({}) });
export const CreditNoteView = Closed({
  ...creditNoteFields,
  _links: Closed({ self: Link, pdf: Link, ehf: Link, creditedInvoice: Link, recipient: Link }),
});
export type CreditNoteView = Static<typeof CreditNoteView>;
