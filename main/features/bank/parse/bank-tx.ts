/**
 * One transaction as a bank file states it, whatever the format (OCR giro, camt.054, camt.053): what the import stores
 * and matches. Amounts in øre of `currency`, positive; `credit` tells money in from money out.
 */
export interface BankTx {
  /** Line of the file the transaction starts on (OCR: its amount item 1; camt: its <Ntry>). */
  line: number;
  /** The day the money counts from: OCR oppgjørsdato; camt value date, else booking date (YYYY-MM-DD). */
  date: string;
  bookingDate: string | null;
  valueDate: string | null;
  amount: number;
  currency: string;
  /** Money in (OCR: every type but the reversals 18 and 20; camt: CdtDbtInd CRDT). */
  credit: boolean;
  /** Booked (camt Sts BOOK, or no status; OCR always): a pending or informational entry is listed, never matched. */
  booked: boolean;
  /** The account the file reports on (OCR: the assignment account; camt: Acct/Id), digits or IBAN, or null. */
  account: string | null;
  kid: string | null;
  /** The bank's reference: OCR archive reference; camt AcctSvcrRef (transaction, else entry). */
  reference: string | null;
  endToEndId: string | null;
  payerName: string | null;
  payerAccount: string | null;
  message: string | null;
  /** OCR transaction type (10..21) or the camt bank transaction code (domain/family/sub-family), for the list. */
  kind: string | null;
  /**
   * What makes the transaction the same one in a later file (a unique key in bank_transactions): the bank's reference,
   * or for OCR oppgjørsdato + løpenummer + amount + KID.
   */
  dedupKey: string;
}

export type BankFormat = 'OCR' | 'CAMT054' | 'CAMT053';

/** A file refused: the catalogue code (main/ops/error-codes.ts) and its parameters, always with the line. */
export class BankFileError extends Error {
  constructor(
    readonly code: 'BANK_FILE_BAD_RECORD' | 'BANK_FILE_TOTALS' | 'BANK_FILE_BAD_XML' | 'BANK_FILE_UNKNOWN_FORMAT' | 'BANK_FILE_EMPTY',
    readonly params: Record<string, string | number>,
    message: string,
  ) {
    super(message);
  }
}

/** DDMMYY (OCR) as YYYY-MM-DD; null when it is no real day. Years 00-79 are 20xx, 80-99 19xx. */
export function ddmmyy(s: string): string | null {
  if (!/^\d{6}$/.test(s)) return null;
  const d = Number(s.slice(0, 2));
  const m = Number(s.slice(2, 4));
  const yy = Number(s.slice(4, 6));
  const y = yy < 80 ? 2000 + yy : 1900 + yy;
  return isoDay(y, m, d);
}

export function isoDay(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
