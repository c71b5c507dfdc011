/**
 * ISO 20022 camt.054 (BkToCstmrDbtCdtNtfctn) and camt.053 (BkToCstmrStmt), versions .001.02 to .001.08, as Norwegian
 * banks deliver them (docs/bank-files.md cites the guides). Read as a stream of SAX events (saxes): only the current
 * entry is held, never the document. Per entry (<Ntry>): amount and currency, CdtDbtInd, status, booking and value
 * date, AcctSvcrRef, bank transaction code; per transaction detail (<TxDtls>, one transaction each; an entry without
 * details is one transaction): its amount, references (AcctSvcrRef, EndToEndId), debtor name and account (<Dbtr><Nm>,
 * from .08 <Dbtr><Pty><Nm>), the structured creditor reference (KID: RmtInf/Strd/CdtrRefInf/Ref) and the unstructured
 * text. A report's transaction summary (TxsSummry/TtlNtries, NbOfNtries and Sum), when present, is checked against its
 * entries; a file that does not add up is refused naming the line of the summary.
 */
import { SaxesParser } from 'saxes';
import { BankFileError, type BankFormat, type BankTx } from './bank-tx.js';

export const CAMT_VERSIONS = ['02', '03', '04', '05', '06', '07', '08'] as const;

interface Entry {
  line: number;
  amount: number | null;
  currency: string;
  credit: boolean | null;
  status: string | null;
  bookingDate: string | null;
  valueDate: string | null;
  reference: string | null;
  kind: string[];
  txs: Detail[];
}
interface Detail {
  amount: number | null;
  currency: string | null;
  credit: boolean | null;
  reference: string | null;
  endToEndId: string | null;
  payerName: string | null;
  payerAccount: string | null;
  kid: string | null;
  texts: string[];
}
interface Report {
  account: string | null;
  entries: number;
  sum: number;
  summary: null | { line: number; count: number | null; sum: number | null };
}

const badXml = (line: number, message: string) => new BankFileError('BANK_FILE_BAD_XML', { line, message }, `line ${line}: ${message}`);
const bad = (line: number, message: string) => new BankFileError('BANK_FILE_BAD_RECORD', { line, message }, `line ${line}: ${message}`);

/** "1234.5" -> 123450 øre; null when it is no amount with at most two decimals (more non-zero decimals refused). */
export function decimalToOre(s: string): number | null {
  const m = /^\s*(\d{1,15})(?:\.(\d{1,5}))?\s*$/.exec(s);
  if (!m) return null;
  const dec = (m[2] ?? '').padEnd(5, '0');
  if (!/^0*$/.test(dec.slice(2))) return null;
  return Number(m[1]) * 100 + Number(dec.slice(0, 2));
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);
/** The days of a file, each kept once (a file of 100,000 entries names a few days): less garbage a transaction. */
const days = new Map<string, string | null>();
const dayOf = (s: string) => {
  let d = days.get(s);
  if (d === undefined) {
    d = /^\d{4}-\d{2}-\d{2}/.test(s.trim()) ? s.trim().slice(0, 10) : null;
    if (days.size < 10_000) days.set(s, d);
  }
  return d;
};

/**
 * A string made once per pair of keys (at most 1,000 per first key): the parser's own garbage is what makes the
 * import's objects outlive the young generation (docs/bank-files.md, memory), and a file has a few dozen paths.
 */
function madeOnce<K>(make: (k: K, s: string) => string): (k: K, s: string) => string {
  const byKey = new Map<K, Map<string, string>>();
  return (k, s) => {
    let inner = byKey.get(k);
    if (!inner) byKey.set(k, (inner = new Map()));
    let v = inner.get(s);
    if (v === undefined) {
      v = make(k, s);
      if (inner.size < 1000) inner.set(s, v);
    }
    return v;
  };
}
/** The path below the report (Acct/Id/IBAN, Ntry/Amt, Ntry/NtryDtls/TxDtls/…) of an element: its parent's and its name. */
const relOf = madeOnce<string>((parent, name) => (parent ? `${parent}/${name}` : name));
const ENTRY = 'Ntry/';
/** rel from `at` on (the entry's and the detail's positions). */
const relTail = madeOnce<number>((at, rel) => rel.slice(at));
const DETAIL = 'Ntry/NtryDtls/TxDtls';

/** Characters written to the XML parser at a time (some 20 entries of a bank's camt.054). */
const SLICE = 16 * 1024;
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * The transactions of a camt.053/.054 file given as chunks of text. `expect` is the format detected from the content;
 * the root element must agree. Yields each transaction as its entry ends.
 */
export function* parseCamt(chunks: Iterable<string>, expect: Exclude<BankFormat, 'OCR'>): Generator<BankTx, { transactions: number }> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  /** rels[i]: the path below the report of path[i] ('' down to the report). */
  const rels: string[] = [];
  const out: BankTx[] = [];
  let textBuf = '';
  let report: Report | null = null;
  let entry: Entry | null = null;
  let detail: Detail | null = null;
  let amountCcy: string | null = null;
  let rootSeen = false;
  let count = 0;
  let error: Error | null = null;
  const reportTag = expect === 'CAMT054' ? 'Ntfctn' : 'Stmt';
  const rootTag = expect === 'CAMT054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt';

  parser.on('error', (e) => {
    error ??= badXml(parser.line, e.message.replace(/^(?:[^:\d][^:]*:)?\d+:\d+: /, ''));
  });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    path.push(name);
    rels.push(path.length <= 3 ? '' : relOf(rels[rels.length - 1], name));
    textBuf = '';
    const depth = path.length;
    if (depth === 1) {
      if (name !== 'Document') error ??= bad(parser.line, `a camt file's root element is <Document>, found <${tag.name}>`);
      return;
    }
    if (depth === 2) {
      if (name !== rootTag) error ??= bad(parser.line, `expected <${rootTag}> in a ${expect === 'CAMT054' ? 'camt.054' : 'camt.053'} file, found <${name}>`);
      rootSeen = true;
      return;
    }
    if (depth === 3 && name === reportTag) report = { account: null, entries: 0, sum: 0, summary: null };
    else if (depth === 4 && name === 'Ntry' && report) {
      entry = { line: parser.line, amount: null, currency: 'NOK', credit: null, status: null, bookingDate: null, valueDate: null, reference: null, kind: [], txs: [] };
    } else if (entry && name === 'TxDtls' && path[depth - 2] === 'NtryDtls') {
      detail = { amount: null, currency: null, credit: null, reference: null, endToEndId: null, payerName: null, payerAccount: null, kid: null, texts: [] };
    } else if (name === 'Amt') {
      amountCcy = typeof tag.attributes.Ccy === 'string' ? tag.attributes.Ccy : null;
    } else if (depth === 5 && name === 'TtlNtries' && report && path[3] === 'TxsSummry') {
      report.summary = { line: parser.line, count: null, sum: null };
    }
  });
  parser.on('text', (t) => {
    if (textBuf.length < 10_000) textBuf += t;
  });
  parser.on('cdata', (t) => {
    if (textBuf.length < 10_000) textBuf += t;
  });
  parser.on('closetag', () => {
    const value = textBuf.trim();
    const rel = rels[rels.length - 1]; // below the report: Acct/Id/IBAN, Ntry/Amt, Ntry/NtryDtls/TxDtls/…
    try {
      if (report && !entry) closeInReport(report, rel, value);
      else if (entry) closeInEntry(entry, rel, value);
    } catch (e) {
      error ??= e as Error;
    }
    textBuf = '';
    path.pop();
    rels.pop();
  });

  function closeInReport(r: Report, rel: string, value: string) {
    if (rel === 'Acct/Id/IBAN' || rel === 'Acct/Id/Othr/Id') r.account ??= value.replace(/\s/g, '');
    else if (r.summary && rel === 'TxsSummry/TtlNtries/NbOfNtries') r.summary.count = Number(value);
    else if (r.summary && rel === 'TxsSummry/TtlNtries/Sum') r.summary.sum = decimalToOre(value);
    else if (rel === '' ) {
      // The report ends: its summary must agree with its entries.
      const s = r.summary;
      if (s && s.count !== null && s.count !== r.entries) throw totals(s.line, 'number of entries', s.count, r.entries);
      if (s && s.sum !== null && s.sum !== r.sum) throw totals(s.line, 'sum of entries', fmt(s.sum), fmt(r.sum));
      report = null;
    }
  }

  function closeInEntry(e: Entry, rel: string, value: string) {
    if (rel === 'Ntry') return finishEntry(e);
    if (detail && rel.startsWith(DETAIL)) {
      const d = detail;
      const t = rel.length === DETAIL.length ? '' : relTail(DETAIL.length + 1, rel);
      if (t === '') {
        e.txs.push(d);
        detail = null;
      } else if (t === 'Amt' || t === 'AmtDtls/TxAmt/Amt') {
        if (d.amount === null || t === 'Amt') {
          d.amount = amountOf(value, e.line);
          d.currency = amountCcy;
        }
      } else if (t === 'CdtDbtInd') d.credit = value === 'CRDT';
      else if (t === 'Refs/AcctSvcrRef') d.reference = value || null;
      else if (t === 'Refs/EndToEndId') d.endToEndId = value && value !== 'NOTPROVIDED' ? value : null;
      else if (t === 'RltdPties/Dbtr/Nm' || t === 'RltdPties/Dbtr/Pty/Nm') d.payerName ??= value || null;
      else if (t === 'RltdPties/DbtrAcct/Id/IBAN' || t === 'RltdPties/DbtrAcct/Id/Othr/Id') d.payerAccount ??= value.replace(/\s/g, '') || null;
      else if (t === 'RmtInf/Ustrd') value && d.texts.push(value);
      else if (t === 'RmtInf/Strd/CdtrRefInf/Ref') {
        if (d.kid === null && /^\d{1,24}[\d-]$/.test(value)) d.kid = value;
        else if (value) d.texts.push(value);
      } else if (t === 'RmtInf/Strd/AddtlRmtInf') value && d.texts.push(value);
      return;
    }
    const sub = relTail(ENTRY.length, rel);
    if (sub === 'Amt') {
      e.amount = amountOf(value, e.line);
      e.currency = amountCcy ?? 'NOK';
    } else if (sub === 'CdtDbtInd') e.credit = value === 'CRDT';
    else if ((sub === 'Sts' || sub === 'Sts/Cd') && value) e.status = value;
    else if (sub === 'BookgDt/Dt' || sub === 'BookgDt/DtTm') e.bookingDate = dayOf(value);
    else if (sub === 'ValDt/Dt' || sub === 'ValDt/DtTm') e.valueDate = dayOf(value);
    else if (sub === 'AcctSvcrRef') e.reference = value || null;
    else if (sub === 'BkTxCd/Domn/Cd' || sub === 'BkTxCd/Domn/Fmly/Cd' || sub === 'BkTxCd/Domn/Fmly/SubFmlyCd') e.kind.push(value);
  }

  function amountOf(value: string, line: number): number {
    const ore = decimalToOre(value);
    if (ore === null) throw bad(line, `an amount has at most two decimals, found "${value}"`);
    return ore;
  }

  function finishEntry(e: Entry) {
    const r = report!;
    entry = null;
    if (e.amount === null) throw bad(e.line, 'the entry has no amount (<Amt>)');
    if (e.credit === null) throw bad(e.line, 'the entry has no credit/debit indicator (<CdtDbtInd>)');
    const date = e.valueDate ?? e.bookingDate;
    if (!date) throw bad(e.line, 'the entry has neither a value date nor a booking date');
    r.entries++;
    r.sum += e.amount;
    const details: Detail[] = e.txs.length
      ? e.txs
      : [{ amount: null, currency: null, credit: null, reference: null, endToEndId: null, payerName: null, payerAccount: null, kid: null, texts: [] }];
    details.forEach((d, i) => {
      const amount = d.amount ?? (details.length === 1 ? e.amount! : null);
      if (amount === null) throw bad(e.line, `transaction ${i + 1} of the entry has no amount`);
      const reference = d.reference ?? (e.reference ? (details.length > 1 ? `${e.reference}#${i + 1}` : e.reference) : null);
      const credit = d.credit ?? e.credit!;
      count++;
      out.push({
        line: e.line,
        date,
        bookingDate: e.bookingDate,
        valueDate: e.valueDate,
        amount,
        currency: d.currency ?? e.currency,
        credit,
        booked: e.status === null || e.status === 'BOOK',
        account: r.account,
        kid: d.kid,
        reference,
        endToEndId: d.endToEndId,
        payerName: d.payerName,
        payerAccount: d.payerAccount,
        message: d.texts.join(' ').slice(0, 500) || null,
        kind: e.kind.length ? e.kind.join('/') : null,
        dedupKey: reference
          ? `CAMT:${reference}`
          : `CAMT-NOREF:${date}:${amount}:${credit ? 'C' : 'D'}:${d.endToEndId ?? ''}:${d.kid ?? ''}:${d.payerAccount ?? ''}:${e.line}`,
      });
    });
  }

  for (const chunk of chunks) {
    // Written to the parser a slice at a time, the entries of each slice handed on before the next is parsed: one
    // piece of the file (128 kB, some 170 entries) parsed at once was the longest step a request waited for during an
    // import (the import pauses between transactions, import.service.ts); a slice never splits a surrogate pair.
    for (let at = 0; at < chunk.length; ) {
      let to = Math.min(chunk.length, at + SLICE);
      if (to < chunk.length && isHighSurrogate(chunk.charCodeAt(to - 1))) to--;
      parser.write(at === 0 && to === chunk.length ? chunk : chunk.slice(at, to));
      at = to;
      if (error) throw error;
      while (out.length) yield out.shift()!;
    }
  }
  parser.close();
  if (error) throw error;
  while (out.length) yield out.shift()!;
  if (!rootSeen) throw bad(parser.line, `the file has no <${rootTag}>`);
  return { transactions: count };
}

const fmt = (ore: number) => `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
const totals = (line: number, what: string, expected: string | number, found: string | number) =>
  new BankFileError('BANK_FILE_TOTALS', { line, what, expected, found }, `line ${line}: the summary says ${what} ${expected}, the entries add up to ${found}`);
