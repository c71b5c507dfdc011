/**
 * Nets OCR giro ("Systemspesifikasjon OCR giro", Mastercard Payment Services/Nets; docs/bank-files.md cites it): a file of
 * 80-character records. A transmission (NY000010 … NY000089) holds assignments (NY090020 … NY090088), each holding
 * transactions of two or three records: amount item 1 (NY09tt30: oppgjørsdato, sign, amount in øre, KID), amount item 2
 * (NY09tt31: form number, archive reference, oppdragsdato, payer's account) and, for the types with text, amount item 3
 * (NY09tt32: free text). The løpenummer (positions 27-31, with sentral-ID, dagkode and delavregningsnummer before it)
 * identifies a payment of a settlement day: with oppgjørsdato, amount and KID it is the key that makes a payment imported
 * twice a duplicate. `tt` is the transaction type (OCR_TRANSACTION_TYPES). The end records carry counts and sums; a
 * file whose records do not add up to them is refused, naming the line of the end record. Parsed line by line as a
 * generator, so a file of 100,000 payments is never held as objects at once.
 */
import { BankFileError, type BankTx } from './bank-tx.js';

export const OCR_TRANSACTION_TYPES: Record<string, string> = {
  '10': 'Giro belastet konto',
  '11': 'Faste oppdrag',
  '12': 'Direkte remittering',
  '13': 'Bedriftsterminalgiro (BTG)',
  '14': 'Skrankegiro',
  '15': 'AvtaleGiro',
  '16': 'TeleGiro',
  '17': 'Giro betalt kontant',
  '18': 'Reversering med KID',
  '19': 'Kjøp med KID',
  '20': 'Reversering med fritekst',
  '21': 'Kjøp med fritekst',
};
/** The reversals: money going back out (listed, never matched). */
const REVERSALS = new Set(['18', '20']);

export interface OcrSummary {
  transactions: number;
  /** Sum of the amounts as the transmission end record states it (øre). */
  total: number;
  transmissionNumber: string;
}

const bad = (line: number, message: string) => new BankFileError('BANK_FILE_BAD_RECORD', { line, message }, `line ${line}: ${message}`);
const totals = (line: number, what: string, expected: string | number, found: string | number, rule = '') =>
  new BankFileError('BANK_FILE_TOTALS', { line, what, expected, found }, `line ${line}: the end record says ${what} ${expected}, the records add up to ${found}${rule}`);

/** The end records' total: every amount as written, reversals included, not subtracted. */
const TOTAL_AMOUNT = 'total amount (øre)';
const TOTAL_RULE = ' (every amount item with reversals added, not subtracted, as Nets specifies)';

/** Longest run of text without a line break kept while waiting for its end: past it the record is refused as too long. */
const MAX_PENDING = 64 * 1024;

const SPACE = 0x20;
const isBlank = (b: number) => b === SPACE || (b >= 0x09 && b <= 0x0d);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TYPE_CODES = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * The record being read: 80 bytes, one a character (the file's bytes as they are for ISO 8859-1, and for a record of
 * UTF-8 without any character past ASCII; a record of UTF-8 with such characters decoded and laid out one byte a
 * character, a character past ISO 8859-1 as '?' there, its text then taken from `str`). Fields are read by position
 * straight from the bytes: the digits as numbers, and only the text the transaction keeps made a string.
 */
class Rec {
  buf = Buffer.alloc(80);
  /** The record as text, when it has a character past ISO 8859-1 (its text fields are taken from here). */
  str: string | null = null;
  line = 0;

  /** The characters from..to (0-based, end excluded) as text. */
  text(from: number, to: number): string {
    return this.str !== null ? this.str.slice(from, to) : this.buf.toString('latin1', from, to);
  }
  startsWith(s: string): boolean {
    for (let i = 0; i < s.length; i++) if (this.buf[i] !== s.charCodeAt(i)) return false;
    return true;
  }
  /** Two digits as their code (TYPE_CODES index), or -1. */
  code2(at: number): number {
    const a = this.buf[at];
    const b = this.buf[at + 1];
    return isDigit(a) && isDigit(b) ? (a - 48) * 10 + b - 48 : -1;
  }
  /** The digits from..to as a number; NaN when any is not a digit. */
  digits(from: number, to: number): number {
    let n = 0;
    for (let i = from; i < to; i++) {
      const b = this.buf[i];
      if (!isDigit(b)) return NaN;
      n = n * 10 + (b - 48);
    }
    return n > Number.MAX_SAFE_INTEGER ? Number(this.buf.toString('latin1', from, to)) : n;
  }
  num(from: number, to: number, what: string): number {
    const n = this.digits(from, to);
    if (Number.isNaN(n)) throw bad(this.line, `${what} (positions ${from + 1}-${to}) must be digits, found "${this.text(from, to)}"`);
    return n;
  }
  /** The field trimmed as text, or null when blank. */
  trimmed(from: number, to: number): string | null {
    let a = from;
    let b = to;
    while (a < b && isBlank(this.buf[a])) a++;
    while (b > a && isBlank(this.buf[b - 1])) b--;
    if (this.str !== null) return this.str.slice(from, to).trim() || null;
    return a < b ? this.buf.toString('latin1', a, b).trim() || null : null; // trim(): NBSP and the like in ISO 8859-1 text
  }
  /** An account field: null when blank or all zeros. */
  account(from: number, to: number): string | null {
    const t = this.trimmed(from, to);
    return t === null || /^0*$/.test(t) ? null : t;
  }
}

const dayCache = new Map<number, string | null>();
/** DDMMYY at `from` as YYYY-MM-DD (years 00-79 20xx, 80-99 19xx); null when it is no real day or not digits. */
function dayOf(rec: Rec, from: number): string | null {
  const v = rec.digits(from, from + 6);
  if (Number.isNaN(v)) return null;
  let iso = dayCache.get(v);
  if (iso === undefined) {
    const d = Math.floor(v / 10000);
    const m = Math.floor(v / 100) % 100;
    const yy = v % 100;
    const y = yy < 80 ? 2000 + yy : 1900 + yy;
    const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
    const ok = m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && leap ? 29 : DAYS[m - 1]);
    iso = ok ? `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` : null;
    if (dayCache.size < 10_000) dayCache.set(v, iso);
  }
  return iso;
}
const day = (rec: Rec, from: number, what: string): string => {
  const d = dayOf(rec, from);
  if (!d) throw bad(rec.line, `${what} (positions ${from + 1}-${from + 6}) must be a date DDMMYY, found "${rec.text(from, from + 6)}"`);
  return d;
};

/**
 * The records of the file, given as bytes in pieces (a record split between two pieces is joined), one after the other
 * into `rec`, each padded to 80 characters (some banks strip trailing blanks); blank lines are skipped (and counted).
 * `onRecord` is called for each; between pieces the generator yields what `drain` hands it (the transactions read).
 */
function* records<T>(pieces: Iterable<Buffer>, utf8: boolean, onRecord: (rec: Rec) => void, drain: () => T[]): Generator<T, number> {
  const rec = new Rec();
  let line = 0;
  let pending: Buffer | null = null;
  const record = (buf: Buffer, start: number, end: number) => {
    line++;
    rec.line = line;
    if (end > start && buf[end - 1] === 0x0d) end--;
    let high = false;
    let blank = true;
    for (let i = start; i < end; i++) {
      const b = buf[i];
      if (b >= 0x80) high = true;
      else if (!isBlank(b)) blank = false;
    }
    if (blank && !high) return;
    rec.str = null;
    if (high && utf8) {
      const s = buf.toString('utf8', start, end);
      if (s.trim() === '') return;
      if (s.length > 80) throw bad(line, `a record has 80 characters, this one ${s.length}`);
      const padded = s.padEnd(80, ' ');
      let wide = false;
      for (let i = 0; i < 80; i++) {
        const c = padded.charCodeAt(i);
        if (c > 0xff) wide = true;
        rec.buf[i] = c > 0xff ? 0x3f : c;
      }
      if (wide) rec.str = padded;
    } else {
      if (high && buf.toString('latin1', start, end).trim() === '') return; // NBSP and other latin1 blanks only
      if (end - start > 80) throw bad(line, `a record has 80 characters, this one ${end - start}`);
      buf.copy(rec.buf, 0, start, end);
      if (end - start < 80) rec.buf.fill(SPACE, end - start);
    }
    onRecord(rec);
  };
  for (const piece of pieces) {
    let text = piece;
    if (pending) {
      text = Buffer.concat([pending, piece]);
      pending = null;
    }
    let start = 0;
    for (let end = text.indexOf(0x0a); end >= 0; end = text.indexOf(0x0a, start)) {
      record(text, start, end);
      start = end + 1;
    }
    if (start < text.length) {
      if (text.length - start > MAX_PENDING) throw bad(line + 1, `a record has 80 characters, this one more than ${MAX_PENDING}`);
      pending = Buffer.from(text.subarray(start));
    }
    const out = drain();
    for (let i = 0; i < out.length; i++) yield out[i];
  }
  if (pending) record(pending, 0, pending.length);
  const out = drain();
  for (let i = 0; i < out.length; i++) yield out[i];
  return line;
}

/** The transactions of an OCR giro file (decoded text, whole or in pieces), checked against its end records as it goes. */
export function parseOcrGiro(textIn: string | Iterable<string>): Generator<BankTx, OcrSummary> {
  const pieces = typeof textIn === 'string' ? [Buffer.from(textIn, 'utf8')] : (function* () {
    for (const t of textIn) yield Buffer.from(t, 'utf8');
  })();
  return parseOcrGiroBytes(pieces, 'utf8');
}

/**
 * The transactions of an OCR giro file given as bytes in pieces (ISO 8859-1 or UTF-8), checked against its end records
 * as it goes. The records are read in place: no string per record, only the fields a transaction keeps.
 */
export function* parseOcrGiroBytes(pieces: Iterable<Buffer>, encoding: 'utf8' | 'latin1'): Generator<BankTx, OcrSummary> {
  let seenFirst = false;
  let transmissionNumber = '';
  let recordsInTransmission = 0;
  let txInTransmission = 0;
  // The end records' total amount is the sum of every amount as written, reversals (18, 20) added like payments, never
  // subtracted (Nets, System Specification OCR giro, end record for assignment/transmission: "Reversals are not deducted").
  let sumAmounts = 0;
  // The assignment being read.
  let asg: null | { line: number; account: string | null; service: number; records: number; txs: number; amounts: number } = null;
  // The transaction being read (handed on when the next one or the assignment end comes).
  let tx: null | { t: BankTx; no: number; type: number; items: number } = null;
  let ended = false;
  let lastLine = 0;
  let out: BankTx[] = [];

  const finishTx = () => {
    if (!tx) return;
    if (tx.items < 2) throw bad(tx.t.line + 1, `transaction ${tx.no} has no amount item 2 (NY09${TYPE_CODES[tx.type]}31)`);
    out.push(tx.t);
    tx = null;
  };

  const onRecord = (rec: Rec) => {
    const line = rec.line;
    lastLine = line;
    if (!seenFirst) {
      seenFirst = true;
      if (!rec.startsWith('NY000010')) throw bad(line, `an OCR giro file starts with the record NY000010, found "${rec.text(0, 8)}"`);
      transmissionNumber = rec.text(16, 23);
      recordsInTransmission = 1;
      return;
    }
    if (ended) throw bad(line, 'nothing may follow the transmission end record NY000089');
    recordsInTransmission++;
    if (!rec.startsWith('NY')) throw bad(line, `a record starts with NY, found "${rec.text(0, 2)}"`);
    const service = rec.code2(2);
    const recordType = rec.code2(6);
    if (recordType === 89) {
      if (service !== 0) throw bad(line, `the transmission end record is NY000089, found "${rec.text(0, 8)}"`);
      if (asg) throw bad(line, `assignment started on line ${asg.line} has no end record (NY090088)`);
      const n = rec.num(8, 16, 'number of transactions');
      const r = rec.num(16, 24, 'number of records');
      const total = rec.num(24, 41, 'total amount');
      if (n !== txInTransmission) throw totals(line, 'number of transactions', n, txInTransmission);
      if (r !== recordsInTransmission) throw totals(line, 'number of records', r, recordsInTransmission);
      if (total !== sumAmounts) throw totals(line, TOTAL_AMOUNT, total, sumAmounts, TOTAL_RULE);
      ended = true;
      return;
    }
    if (recordType === 20) {
      if (asg) throw bad(line, `assignment started on line ${asg.line} has no end record before the next one`);
      asg = { line, service, account: rec.account(24, 35), records: 1, txs: 0, amounts: 0 };
      return;
    }
    if (!asg) throw bad(line, `record ${rec.text(0, 8)} outside an assignment (expected the assignment start NY090020)`);
    asg.records++;
    if (recordType === 88) {
      finishTx();
      if (asg.service === 9) {
        const n = rec.num(8, 16, 'number of transactions');
        const r = rec.num(16, 24, 'number of records');
        const total = rec.num(24, 41, 'total amount');
        if (n !== asg.txs) throw totals(line, 'number of transactions', n, asg.txs);
        if (r !== asg.records) throw totals(line, 'number of records', r, asg.records);
        if (total !== asg.amounts) throw totals(line, TOTAL_AMOUNT, total, asg.amounts, TOTAL_RULE);
      }
      txInTransmission += asg.txs;
      sumAmounts += asg.amounts;
      asg = null;
      return;
    }
    // Assignments of other services (AvtaleGiro agreements, service 21) travel in the same file: counted, not read.
    if (asg.service !== 9) return;
    const type = rec.code2(4);
    const no = rec.digits(8, 15);
    if (recordType === 30) {
      finishTx();
      const kind = type >= 0 ? TYPE_CODES[type] : rec.text(4, 6);
      if (!OCR_TRANSACTION_TYPES[kind]) throw bad(line, `unknown transaction type ${kind} (known: 10-21)`);
      rec.num(8, 15, 'transaction number');
      const settled = day(rec, 15, 'oppgjørsdato');
      const signByte = rec.buf[31];
      if (signByte !== 0x30 && signByte !== 0x2d && signByte !== SPACE) throw bad(line, `the sign (position 32) must be 0 or -, found "${rec.text(31, 32)}"`);
      const amount = rec.num(32, 49, 'amount');
      const kidField = rec.trimmed(49, 74);
      if (kidField !== null && !/^\d{1,24}[\d-]$/.test(kidField)) throw bad(line, `the KID (positions 50-74) must be digits, found "${kidField}"`);
      const reversal = REVERSALS.has(kind) || signByte === 0x2d;
      asg.txs++;
      asg.amounts += amount;
      tx = {
        no,
        type,
        items: 1,
        t: {
          line,
          date: settled,
          bookingDate: settled,
          valueDate: null,
          amount,
          currency: 'NOK',
          credit: !reversal,
          booked: true,
          account: asg.account,
          kid: kidField,
          reference: null,
          endToEndId: null,
          payerName: null,
          payerAccount: null,
          message: null,
          kind,
          dedupKey: `OCR:${settled}:${rec.text(21, 31)}:${amount}:${kidField ?? ''}`,
        },
      };
      return;
    }
    if (recordType === 31 || recordType === 32) {
      if (!tx || tx.no !== no || tx.type !== type || type < 0) throw bad(line, `amount item ${recordType === 31 ? 2 : 3} of transaction ${Number.isNaN(no) ? rec.text(8, 15) : no} does not follow its amount item 1`);
      if (recordType === 31) {
        if (tx.items !== 1) throw bad(line, `transaction ${no} has amount item 2 twice`);
        tx.items = 2;
        tx.t.reference = rec.trimmed(25, 34);
        tx.t.payerAccount = rec.account(47, 58);
      } else {
        if (tx.items !== 2) throw bad(line, `amount item 3 of transaction ${no} must follow its amount item 2`);
        tx.items = 3;
        tx.t.message = rec.trimmed(15, 55);
      }
      return;
    }
    throw bad(line, `unknown record ${rec.text(0, 8)} (record type ${rec.text(6, 8)})`);
  };
  const drain = () => {
    const done = out;
    out = [];
    return done;
  };

  yield* records(pieces, encoding === 'utf8', onRecord, drain);
  if (!seenFirst) throw new BankFileError('BANK_FILE_EMPTY', {}, 'the file is empty');
  if (asg) throw bad((asg as { line: number }).line, 'the assignment has no end record (NY090088)');
  if (!ended) throw bad(lastLine, 'the file has no transmission end record (NY000089)');
  return { transactions: txInTransmission, total: sumAmounts, transmissionNumber };
}
