import { Type, type Static } from '@sinclair/typebox';
import { Closed, IsoDate, Nullable, Paging } from '../../ops/schemas.js';

/* Inputs and read shapes of the bank files area (docs/bank-files.md); checked against real answers by the response checks. */

export const BankFileParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const BankTxParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ImportQuery = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) });
export const BANK_FORMATS = ['OCR', 'CAMT054', 'CAMT053'] as const;
export const BankFilesQuery = Type.Object({ ...Paging, format: Type.Optional(Type.Union(BANK_FORMATS.map((f) => Type.Literal(f)))) });
export const TX_STATUSES = ['MATCHED', 'UNMATCHED', 'IGNORED'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
export const BankTxQuery = Type.Object({ ...Paging, status: Type.Optional(Type.Union(TX_STATUSES.map((s) => Type.Literal(s)))) });
/** A file's transactions: all, or those with a status. */
export const BankFileTxQuery = BankTxQuery;
export const MatchInput = Type.Object({ invoiceNumber: Type.Integer({ minimum: 1 }) });
export type MatchInput = Static<typeof MatchInput>;

/**
 * Why a transaction is not matched (or was ignored): a code the GUI words. MATCHED rows have none.
 * NO_KID, UNKNOWN_KID: no invoice found (see suggestions); INVOICE_PAID, INVOICE_CREDITED, INVOICE_WRITTEN_OFF: the KID's
 * invoice takes no payment; CURRENCY: paid in a currency that is neither NOK nor the invoice's; NO_EXCHANGE_RATE: the
 * foreign invoice has no rate to convert NOK with; DEBIT: money out; OTHER_ACCOUNT: to an account that is not the
 * company's (Settings → Firma); NOT_BOOKED: the bank has not booked it (pending); BY_USER: ignored or unmatched by hand.
 */
export const TX_REASONS = [
  'NO_KID', 'UNKNOWN_KID', 'INVOICE_PAID', 'INVOICE_CREDITED', 'INVOICE_WRITTEN_OFF', 'CURRENCY', 'NO_EXCHANGE_RATE',
  'DEBIT', 'OTHER_ACCOUNT', 'NOT_BOOKED', 'BY_USER',
] as const;
export type TxReason = (typeof TX_REASONS)[number];
export const SUGGESTION_REASONS = ['INVOICE_NUMBER_IN_MESSAGE', 'SAME_AMOUNT', 'PAYER_NAME'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const BankFileView = Closed({
  id: Type.Integer(),
  format: literals(['OCR', 'CAMT054', 'CAMT053'] as const),
  fileName: Type.String(),
  importedAt: Type.String({ description: 'ISO timestamp' }),
  transactions: Type.Integer({ description: 'transactions in the file, duplicates included' }),
  matched: Type.Integer(),
  unmatched: Type.Integer(),
  ignored: Type.Integer(),
  duplicates: Type.Integer({ description: 'transactions already imported from an earlier file: not stored or paid again' }),
  amount: Type.Number({ description: 'NOK: money in (credits) among the transactions stored' }),
  matchedAmount: Type.Number({ description: 'NOK: of that, matched to invoices now' }),
});
export type BankFileView = Static<typeof BankFileView>;

export const SuggestionView = Closed({ invoiceNumber: Type.Integer(), reason: literals(SUGGESTION_REASONS) });

export const BankTransactionView = Closed({
  id: Type.Integer(),
  bankFileId: Type.Integer(),
  line: Type.Integer({ description: 'line of the file the transaction starts on' }),
  date: IsoDate,
  amount: Type.Number({ description: 'in `currency`; negative for money out' }),
  currency: Type.String(),
  credit: Type.Boolean(),
  kid: Nullable(Type.String()),
  reference: Nullable(Type.String({ description: "the bank's reference (OCR archive reference, camt AcctSvcrRef)" })),
  endToEndId: Nullable(Type.String()),
  payerName: Nullable(Type.String()),
  payerAccount: Nullable(Type.String()),
  message: Nullable(Type.String()),
  kind: Nullable(Type.String({ description: 'OCR transaction type (10-21) or camt bank transaction code' })),
  status: literals(TX_STATUSES),
  reason: Nullable(literals(TX_REASONS)),
  invoiceNumber: Nullable(Type.Integer({ description: 'MATCHED: the invoice paid; UNMATCHED by KID: the invoice the KID names' })),
  paymentId: Nullable(Type.Integer({ description: 'MATCHED: the payment (GET /invoices/{invoiceNumber}/payments/{paymentId})' })),
  suggestions: Type.Array(SuggestionView, { description: 'UNMATCHED money in: invoices it may pay, strongest first' }),
});
export type BankTransactionView = Static<typeof BankTransactionView>;
