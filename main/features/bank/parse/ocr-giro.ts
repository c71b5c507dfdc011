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
import { BankFileError, ddmmyy, type BankTx } from './bank-tx.js';

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

const num = (rec: string, from: number, to: number, line: number, what: string): number => {
  const s = rec.slice(from, to);
  if (!/^\d+$/.test(s)) throw bad(line, `${what} (positions ${from + 1}-${to}) must be digits, found "${s}"`);
  return Number(s);
};
const day = (rec: string, from: number, line: number, what: string): string => {
  const s = rec.slice(from, from + 6);
  const d = ddmmyy(s);
  if (!d) throw bad(line, `${what} (positions ${from + 1}-${from + 6}) must be a date DDMMYY, found "${s}"`);
  return d;
};
const text = (s: string) => s.trim() || null;
const account = (s: string) => (/^0*$/.test(s.trim()) ? null : s.trim());

/** Longest run of text without a line break kept while waiting for its end: past it the record is refused as too long. */
const MAX_PENDING = 64 * 1024;

/**
 * Splits the text, given in pieces, into numbered records, each padded to 80 characters (some banks strip trailing
 * blanks); a record split between two pieces is joined. Blank lines are skipped (and counted).
 */
function* records(pieces: Iterable<string>): Generator<{ rec: string; line: number }> {
  let line = 0;
  let pending = '';
  const record = (raw: string) => {
    line++;
    const rec = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (rec.trim() === '') return null;
    if (rec.length > 80) throw bad(line, `a record has 80 characters, this one ${rec.length}`);
    return { rec: rec.length === 80 ? rec : rec.padEnd(80, ' '), line };
  };
  for (const piece of pieces) {
    const text = pending ? pending + piece : piece;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const r = record(text.slice(start, end));
      start = end + 1;
      if (r) yield r;
    }
    pending = start ? text.slice(start) : text;
    if (pending.length > MAX_PENDING) throw bad(line + 1, `a record has 80 characters, this one more than ${MAX_PENDING}`);
  }
  const last = record(pending);
  if (last) yield last;
}

/** The transactions of an OCR giro file (decoded text, whole or in pieces), checked against its end records as it goes. */
export function* parseOcrGiro(textIn: string | Iterable<string>): Generator<BankTx, OcrSummary> {
  const it = records(typeof textIn === 'string' ? [textIn] : textIn);
  const first = it.next();
  if (first.done) throw new BankFileError('BANK_FILE_EMPTY', {}, 'the file is empty');
  if (!first.value.rec.startsWith('NY000010')) throw bad(first.value.line, `an OCR giro file starts with the record NY000010, found "${first.value.rec.slice(0, 8)}"`);
  const transmissionNumber = first.value.rec.slice(16, 23);
  let recordsInTransmission = 1;
  let txInTransmission = 0;
  // The end records' total amount is the sum of every amount as written, reversals (18, 20) added like payments, never
  // subtracted (Nets, System Specification OCR giro, end record for assignment/transmission: "Reversals are not deducted").
  let sumAmounts = 0;
  // The assignment being read.
  let asg: null | { line: number; account: string | null; service: string; records: number; txs: number; amounts: number } = null;
  // The transaction being read (emitted when the next one or the assignment end comes).
  let tx: null | { t: BankTx; no: string; type: string; items: number } = null;
  let ended = false;
  let lastLine = first.value.line;

  const finishTx = function* (): Generator<BankTx> {
    if (!tx) return;
    if (tx.items < 2) throw bad(tx.t.line + 1, `transaction ${Number(tx.no)} has no amount item 2 (NY09${tx.type}31)`);
    const done = tx.t;
    tx = null;
    yield done;
  };

  for (const { rec, line } of it) {
    lastLine = line;
    if (ended) throw bad(line, 'nothing may follow the transmission end record NY000089');
    recordsInTransmission++;
    if (!rec.startsWith('NY')) throw bad(line, `a record starts with NY, found "${rec.slice(0, 2)}"`);
    const service = rec.slice(2, 4);
    const recordType = rec.slice(6, 8);
    if (recordType === '89') {
      if (service !== '00') throw bad(line, `the transmission end record is NY000089, found "${rec.slice(0, 8)}"`);
      if (asg) throw bad(line, `assignment started on line ${asg.line} has no end record (NY090088)`);
      const n = num(rec, 8, 16, line, 'number of transactions');
      const r = num(rec, 16, 24, line, 'number of records');
      const total = num(rec, 24, 41, line, 'total amount');
      if (n !== txInTransmission) throw totals(line, 'number of transactions', n, txInTransmission);
      if (r !== recordsInTransmission) throw totals(line, 'number of records', r, recordsInTransmission);
      if (total !== sumAmounts) throw totals(line, TOTAL_AMOUNT, total, sumAmounts, TOTAL_RULE);
      ended = true;
      continue;
    }
    if (recordType === '20') {
      if (asg) throw bad(line, `assignment started on line ${asg.line} has no end record before the next one`);
      asg = { line, service, account: account(rec.slice(24, 35)), records: 1, txs: 0, amounts: 0 };
      continue;
    }
    if (!asg) throw bad(line, `record ${rec.slice(0, 8)} outside an assignment (expected the assignment start NY090020)`);
    asg.records++;
    if (recordType === '88') {
      yield* finishTx();
      if (asg.service === '09') {
        const n = num(rec, 8, 16, line, 'number of transactions');
        const r = num(rec, 16, 24, line, 'number of records');
        const total = num(rec, 24, 41, line, 'total amount');
        if (n !== asg.txs) throw totals(line, 'number of transactions', n, asg.txs);
        if (r !== asg.records) throw totals(line, 'number of records', r, asg.records);
        if (total !== asg.amounts) throw totals(line, TOTAL_AMOUNT, total, asg.amounts, TOTAL_RULE);
      }
      txInTransmission += asg.txs;
      sumAmounts += asg.amounts;
      asg = null;
      continue;
    }
    // Assignments of other services (AvtaleGiro agreements, service 21) travel in the same file: counted, not read.
    if (asg.service !== '09') continue;
    const type = rec.slice(4, 6);
    const no = rec.slice(8, 15);
    if (recordType === '30') {
      yield* finishTx();
      if (!OCR_TRANSACTION_TYPES[type]) throw bad(line, `unknown transaction type ${type} (known: 10-21)`);
      num(rec, 8, 15, line, 'transaction number');
      const settled = day(rec, 15, line, 'oppgjørsdato');
      const sign = rec[31];
      if (sign !== '0' && sign !== '-' && sign !== ' ') throw bad(line, `the sign (position 32) must be 0 or -, found "${sign}"`);
      const amount = num(rec, 32, 49, line, 'amount');
      const kidField = rec.slice(49, 74).trim();
      if (kidField && !/^\d{1,24}[\d-]$/.test(kidField)) throw bad(line, `the KID (positions 50-74) must be digits, found "${kidField}"`);
      const reversal = REVERSALS.has(type) || sign === '-';
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
          kid: kidField || null,
          reference: null,
          endToEndId: null,
          payerName: null,
          payerAccount: null,
          message: null,
          kind: type,
          dedupKey: `OCR:${settled}:${rec.slice(21, 31)}:${amount}:${kidField}`,
        },
      };
      continue;
    }
    if (recordType === '31' || recordType === '32') {
      if (!tx || tx.no !== no || tx.type !== type) throw bad(line, `amount item ${recordType === '31' ? 2 : 3} of transaction ${Number(no)} does not follow its amount item 1`);
      if (recordType === '31') {
        if (tx.items !== 1) throw bad(line, `transaction ${Number(no)} has amount item 2 twice`);
        tx.items = 2;
        tx.t.reference = text(rec.slice(25, 34));
        tx.t.payerAccount = account(rec.slice(47, 58));
      } else {
        if (tx.items !== 2) throw bad(line, `amount item 3 of transaction ${Number(no)} must follow its amount item 2`);
        tx.items = 3;
        tx.t.message = text(rec.slice(15, 55));
      }
      continue;
    }
    throw bad(line, `unknown record ${rec.slice(0, 8)} (record type ${recordType})`);
  }
  if (asg) throw bad(asg.line, 'the assignment has no end record (NY090088)');
  if (!ended) throw bad(lastLine, 'the file has no transmission end record (NY000089)');
  return { transactions: txInTransmission, total: sumAmounts, transmissionNumber };
}
