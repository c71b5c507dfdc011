/**
 * Bank files as Norwegian banks deliver them, written for tests and benchmarks (issue 25):
 *
 * - OCR giro (Nets / Mastercard Payment Services, "Systemspesifikasjon OCR giro"): 80-character records; transmission
 *   start/end NY000010/NY000089, assignment start/end NY090020/NY090088, per payment amount item 1 (record 30: type,
 *   transaction number, oppgjørsdato DDMMYY, sentral-ID, dagkode, delavregningsnr, løpenr, sign, amount in øre, KID
 *   right-aligned in 25), amount item 2 (31: blankettnummer, arkivreferanse, oppdragsdato, debet konto) and, for types
 *   20 and 21 only, amount item 3 (32: 40 characters of free text). Numeric fields right-aligned with zeros, text
 *   left-aligned with blanks, fillers zeros. The end records count transactions and records (start and end included)
 *   and sum the amounts (every amount, reversals not subtracted).
 * - ISO 20022 camt.054 (BkToCstmrDbtCdtNtfctn) and camt.053 (BkToCstmrStmt), versions .001.02 to .001.08, the elements
 *   Norwegian banks fill: one Ntfctn/Stmt per account (IBAN or BBAN), Ntry with Amt/CdtDbtInd/Sts/BookgDt/ValDt/
 *   AcctSvcrRef/BkTxCd, NtryDtls (a batch: several TxDtls under one entry, as KID payments often come) with Refs
 *   (AcctSvcrRef, EndToEndId), the amount, the debtor's name and account, and RmtInf: structured (Strd/CdtrRefInf, type
 *   SCOR, Ref = the KID) or unstructured (Ustrd). Version differences written: TxDtls/Amt and CdtDbtInd from .04, Sts as
 *   Sts/Cd from .07, Dbtr/Pty/Nm (Party40Choice) from .08.
 *
 * Everything is written as a stream of chunks (generators), so 100,000 transactions never become one big string unless
 * asked for; `writeBankFile` writes the chunks to disk through a 1 MiB buffer.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

// ---------------------------------------------------------------- shared

/** "2026-11-27" -> "271126" */
export function ddmmyy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`date must be YYYY-MM-DD, got ${iso}`);
  return `${m[3]}${m[2]}${m[1].slice(2)}`;
}

function num(value: number | string, width: number, field: string): string {
  const s = String(value);
  if (!/^\d*$/.test(s) || s.length > width) throw new Error(`${field}: "${s}" is not ${width} digits or fewer`);
  return s.padStart(width, '0');
}

function text(value: string, width: number): string {
  return value.length > width ? value.slice(0, width) : value.padEnd(width, ' ');
}

/** Writes chunks (strings) to `path` in `encoding` through a 1 MiB buffer; answers the bytes written. */
export function writeBankFile(path: string, chunks: Iterable<string>, encoding: BufferEncoding = 'utf8'): number {
  const fd = openSync(path, 'w');
  let pending: string[] = [];
  let pendingLength = 0;
  let bytes = 0;
  const flush = () => {
    if (!pending.length) return;
    const buf = Buffer.from(pending.join(''), encoding);
    writeSync(fd, buf);
    bytes += buf.length;
    pending = [];
    pendingLength = 0;
  };
  try {
    for (const c of chunks) {
      pending.push(c);
      pendingLength += c.length;
      if (pendingLength >= 1 << 20) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return bytes;
}

// ---------------------------------------------------------------- OCR giro

/**
 * Transaction types of amount item 1 (Systemspesifikasjon OCR giro): 10 giro debited account, 11 standing order
 * (faste oppdrag), 12 direct remittance, 13 BTG (bedriftsterminalgiro), 14 counter giro (skrankegiro), 15 AvtaleGiro,
 * 16 TeleGiro, 17 giro paid in cash, 18 reversing with KID, 19 purchase with KID, 20 reversing with text, 21 purchase
 * with text. 18 and 20 are reversals (sign "-"); 20 and 21 carry amount item 3 (free text).
 */
export type OcrTransactionType = 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21;
export const OCR_TRANSACTION_TYPES: readonly OcrTransactionType[] = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];
export const isOcrReversal = (t: OcrTransactionType) => t === 18 || t === 20;
export const ocrHasText = (t: OcrTransactionType) => t === 20 || t === 21;

export interface OcrPayment {
  /** Amount in øre, positive (a reversal's sign comes from its type). */
  amountOre: number;
  /** Up to 25 digits (a MOD11 KID may end in "-"); blank when absent. */
  kid?: string;
  /** Default 10 (giro debited account). */
  type?: OcrTransactionType;
  /** Oppgjørsdato (settlement date), YYYY-MM-DD; default the file's date. */
  settlementDate?: string;
  /** Løpenummer, 1-99999; default the payment's position in the assignment (wrapping after 99999). */
  serial?: number;
  /** Transaksjonsnummer, default the position in the assignment. */
  transactionNumber?: number;
  /** Oppdragsdato in amount item 2 (the date the payer gave the order), YYYY-MM-DD; default the settlement date. */
  orderDate?: string;
  /** Payer's account (debet konto), 11 digits; default zeros. */
  payerAccount?: string;
  /** Arkivreferanse, up to 9 digits; default derived from the position. */
  archiveRef?: string | number;
  /** Blankettnummer, up to 10 digits. */
  formNumber?: string | number;
  /** Free text of amount item 3 (types 20 and 21 only), 40 characters. */
  text?: string;
  /** Sentral-ID (2 digits), dagkode (2, default the settlement day), delavregningsnr (1). */
  centralId?: string;
  dayCode?: string;
  partialSettlement?: string;
}

/** Deltas added to the correct figures of an end record, to make a file whose totals do not add up. */
export interface OcrTotalsSkew {
  transactions?: number;
  records?: number;
  amountOre?: number;
}

export interface OcrAssignment {
  /** The payee's account (oppdragskonto), 11 digits. */
  account: string;
  /** Avtale-ID, up to 9 digits. */
  agreementId?: string | number;
  /** Oppdragsnummer, up to 7 digits; default the assignment's position. */
  assignmentNumber?: number;
  payments: Iterable<OcrPayment>;
  /** Wrong totals in this assignment's end record (NY090088). */
  skew?: OcrTotalsSkew;
}

export interface OcrFileSpec {
  /** The file's date (assignment end record), YYYY-MM-DD. */
  date: string;
  assignments: OcrAssignment[];
  /** Dataavsender (8 digits, Nets is 00008080), forsendelsesnummer (7), datamottaker (8, the customer unit ID). */
  sender?: string;
  transmissionNumber?: string | number;
  recipient?: string;
  /** Wrong totals in the transmission end record (NY000089). */
  skew?: OcrTotalsSkew;
  /** Line ending after every record; default CRLF. */
  eol?: '\r\n' | '\n';
}

function record(...fields: string[]): string {
  const r = fields.join('');
  if (r.length !== 80) throw new Error(`OCR record is ${r.length} characters, not 80: ${r}`);
  return r;
}

/** The 80-character records of an OCR giro file, one string per record without line ending. */
export function* ocrRecords(spec: OcrFileSpec): Generator<string> {
  const fileDate = ddmmyy(spec.date);
  yield record('NY000010', num(spec.sender ?? '00008080', 8, 'sender'), num(spec.transmissionNumber ?? '1', 7, 'transmissionNumber'),
    num(spec.recipient ?? '00012345', 8, 'recipient'), '0'.repeat(49));
  let fileTransactions = 0;
  let fileRecords = 2;
  let fileAmount = 0;
  let assignmentIndex = 0;
  for (const a of spec.assignments) {
    assignmentIndex += 1;
    yield record('NY090020', num(a.agreementId ?? '1234567', 9, 'agreementId'), num(a.assignmentNumber ?? assignmentIndex, 7, 'assignmentNumber'),
      num(a.account, 11, 'account'), '0'.repeat(45));
    let count = 0;
    let records = 2;
    let amount = 0;
    let first = '';
    let last = '';
    for (const p of a.payments) {
      count += 1;
      const type = p.type ?? 10;
      if (!Number.isInteger(p.amountOre) || p.amountOre < 0) throw new Error(`amountOre must be a whole positive number of øre, got ${p.amountOre}`);
      const settlementIso = p.settlementDate ?? spec.date;
      if (!first || settlementIso < first) first = settlementIso;
      if (!last || settlementIso > last) last = settlementIso;
      const settlement = ddmmyy(settlementIso);
      const tx = num(p.transactionNumber ?? count, 7, 'transactionNumber');
      const kid = p.kid ?? '';
      if (!/^\d{0,24}[\d-]?$/.test(kid) || kid.length > 25) throw new Error(`kid: "${kid}" is not up to 25 digits`);
      const tt = String(type).padStart(2, '0');
      yield record(`NY09${tt}30`, tx, settlement, num(p.centralId ?? '00', 2, 'centralId'), num(p.dayCode ?? settlement.slice(0, 2), 2, 'dayCode'),
        num(p.partialSettlement ?? '1', 1, 'partialSettlement'), num(p.serial ?? ((count - 1) % 99999) + 1, 5, 'serial'),
        isOcrReversal(type) ? '-' : '0', num(p.amountOre, 17, 'amountOre'), kid.padStart(25, ' '), '00', '0000');
      yield record(`NY09${tt}31`, tx, num(p.formNumber ?? '0', 10, 'formNumber'), num(p.archiveRef ?? 100000000 + (count % 900000000), 9, 'archiveRef'),
        '0'.repeat(7), ddmmyy(p.orderDate ?? settlementIso), num(p.payerAccount ?? '0', 11, 'payerAccount'), '0'.repeat(22));
      records += 2;
      if (ocrHasText(type)) {
        yield record(`NY09${tt}32`, tx, text(p.text ?? '', 40), '0'.repeat(25));
        records += 1;
      }
      amount += p.amountOre;
    }
    const s = a.skew ?? {};
    yield record('NY090088', num(count + (s.transactions ?? 0), 8, 'transactions'), num(records + (s.records ?? 0), 8, 'records'),
      num(amount + (s.amountOre ?? 0), 17, 'amount'), fileDate, ddmmyy(first || spec.date), ddmmyy(last || spec.date), '0'.repeat(21));
    fileTransactions += count;
    fileRecords += records;
    fileAmount += amount;
  }
  const s = spec.skew ?? {};
  yield record('NY000089', num(fileTransactions + (s.transactions ?? 0), 8, 'transactions'), num(fileRecords + (s.records ?? 0), 8, 'records'),
    num(fileAmount + (s.amountOre ?? 0), 17, 'amount'), fileDate, '0'.repeat(33));
}

/** The file as chunks: records with their line endings. */
export function* ocrChunks(spec: OcrFileSpec): Generator<string> {
  const eol = spec.eol ?? '\r\n';
  for (const r of ocrRecords(spec)) yield r + eol;
}

/** The whole OCR file as one string (small files); write it as latin1 (ISO 8859-1), as Nets delivers. */
export function ocrFile(spec: OcrFileSpec): string {
  return [...ocrChunks(spec)].join('');
}

/** One assignment, the usual case: `ocrFile(ocrSpec(account, date, payments))`. */
export function ocrSpec(account: string, date: string, payments: Iterable<OcrPayment>, extra: Partial<OcrFileSpec> & { skew?: OcrTotalsSkew; assignmentSkew?: OcrTotalsSkew } = {}): OcrFileSpec {
  const { assignmentSkew, ...rest } = extra;
  return { date, assignments: [{ account, payments, skew: assignmentSkew }], ...rest };
}

// ---------------------------------------------------------------- camt.054 / camt.053

export type CamtVersion = 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const CAMT_VERSIONS: readonly CamtVersion[] = [2, 3, 4, 5, 6, 7, 8];
export type CamtKind = 'camt.054' | 'camt.053';

export interface CamtTransaction {
  /** Amount in øre, positive; the direction is the entry's. */
  amountOre: number;
  /** The KID, written as the structured creditor reference (RmtInf/Strd/CdtrRefInf/Ref, type SCOR). */
  kid?: string;
  /** Unstructured remittance text (RmtInf/Ustrd), at most 140 characters. */
  message?: string;
  /** The other party: the debtor of a credit, the creditor of a debit. */
  partyName?: string;
  /** Their account: 11 digits (written as BBAN) or an IBAN. */
  partyAccount?: string;
  /** TxDtls/Refs/AcctSvcrRef; default derived from the entry's. */
  acctSvcrRef?: string;
  /** TxDtls/Refs/EndToEndId; default NOTPROVIDED. */
  endToEndId?: string;
}

export interface CamtEntry {
  /** Booking date, YYYY-MM-DD. */
  bookingDate: string;
  /** Value date, YYYY-MM-DD; default the booking date; null leaves ValDt out. */
  valueDate?: string | null;
  /** Default true (CRDT); false is a debit (DBIT). */
  credit?: boolean;
  currency?: string;
  /** Ntry/AcctSvcrRef, the bank's reference for the entry; default derived from the position. */
  acctSvcrRef?: string;
  /** One transaction (most entries) or a batch (several TxDtls under one entry; Ntry/Amt is their sum). */
  transactions: CamtTransaction[];
  /** Ntry/Sts; default BOOK. */
  status?: 'BOOK' | 'PDNG' | 'INFO';
}

export interface CamtAccount {
  /** 11 digits (BBAN, written as Othr/Id with SchmeNm BBAN) or an IBAN. */
  account: string;
  currency?: string;
  entries: Iterable<CamtEntry>;
  /** camt.053 only: opening balance in øre (default 0); the closing one is computed from the entries. */
  openingBalanceOre?: number;
}

export interface CamtFileSpec {
  kind?: CamtKind;
  /** Minor version of the message: 2 = camt.05x.001.02 ... 8 = camt.05x.001.08. Default 2. */
  version?: CamtVersion;
  /** GrpHdr/MsgId; default derived from the date. */
  messageId?: string;
  /** GrpHdr/CreDtTm, ISO date-time; default the first booking date at 06:00. */
  created?: string;
  accounts: CamtAccount[];
  /** Indent elements (default true: one element a line, as the banks' files look). */
  pretty?: boolean;
  /** Prefix a UTF-8 byte order mark. */
  bom?: boolean;
}

export const camtNamespace = (kind: CamtKind, version: CamtVersion) => `urn:iso:std:iso:20022:tech:xsd:${kind}.001.0${version}`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** 123450 øre -> "1234.50" */
export function camtAmount(ore: number): string {
  if (!Number.isInteger(ore) || ore < 0) throw new Error(`amount must be a whole positive number of øre, got ${ore}`);
  const s = String(ore).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

function accountId(account: string): string {
  const compact = account.replace(/[\s.]/g, '');
  return /^\d{11}$/.test(compact)
    ? `<Id><Othr><Id>${compact}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id>`
    : `<Id><IBAN>${xmlEscape(compact)}</IBAN></Id>`;
}

function txDetails(t: CamtTransaction, e: CamtEntry, ccy: string, version: CamtVersion, ref: string, nl: string): string {
  const ind = e.credit === false ? 'DBIT' : 'CRDT';
  const amt = `<Amt Ccy="${ccy}">${camtAmount(t.amountOre)}</Amt>`;
  const partyRole = e.credit === false ? 'Cdtr' : 'Dbtr';
  let parties = '';
  if (t.partyName || t.partyAccount) {
    const name = t.partyName ? `<Nm>${xmlEscape(t.partyName)}</Nm>` : '';
    const party = t.partyName ? (version >= 8 ? `<${partyRole}><Pty>${name}</Pty></${partyRole}>` : `<${partyRole}>${name}</${partyRole}>`) : '';
    const acct = t.partyAccount ? `<${partyRole}Acct>${accountId(t.partyAccount)}</${partyRole}Acct>` : '';
    parties = `<RltdPties>${party}${acct}</RltdPties>${nl}`;
  }
  let rmt = '';
  if (t.kid !== undefined || t.message !== undefined) {
    const ustrd = t.message !== undefined ? `<Ustrd>${xmlEscape(t.message.slice(0, 140))}</Ustrd>` : '';
    const strd = t.kid !== undefined
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${xmlEscape(t.kid)}</Ref></CdtrRefInf></Strd>` : '';
    rmt = `<RmtInf>${ustrd}${strd}</RmtInf>${nl}`;
  }
  return `<TxDtls>${nl}`
    + `<Refs><AcctSvcrRef>${xmlEscape(t.acctSvcrRef ?? ref)}</AcctSvcrRef><EndToEndId>${xmlEscape(t.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>${nl}`
    + (version >= 4 ? `${amt}<CdtDbtInd>${ind}</CdtDbtInd>${nl}` : '')
    + `<AmtDtls><TxAmt>${amt}</TxAmt></AmtDtls>${nl}`
    + parties + rmt
    + `</TxDtls>${nl}`;
}

function entryXml(e: CamtEntry, ccy: string, version: CamtVersion, index: number, nl: string): string {
  if (!e.transactions.length) throw new Error('a camt entry needs at least one transaction');
  const ind = e.credit === false ? 'DBIT' : 'CRDT';
  const ref = e.acctSvcrRef ?? `ASR${String(index).padStart(10, '0')}`;
  const sum = e.transactions.reduce((s, t) => s + t.amountOre, 0);
  const sts = e.status ?? 'BOOK';
  const valueDate = e.valueDate === undefined ? e.bookingDate : e.valueDate;
  const batch = e.transactions.length > 1 ? `<Btch><NbOfTxs>${e.transactions.length}</NbOfTxs></Btch>${nl}` : '';
  const family = e.credit === false ? '<Cd>ICDT</Cd><SubFmlyCd>DMCT</SubFmlyCd>' : '<Cd>RCDT</Cd><SubFmlyCd>DMCT</SubFmlyCd>';
  let details = '';
  e.transactions.forEach((t, i) => { details += txDetails(t, e, ccy, version, e.transactions.length > 1 ? `${ref}-${i + 1}` : ref, nl); });
  return `<Ntry>${nl}`
    + `<NtryRef>${index}</NtryRef>${nl}`
    + `<Amt Ccy="${ccy}">${camtAmount(sum)}</Amt>${nl}<CdtDbtInd>${ind}</CdtDbtInd>${nl}`
    + (version >= 7 ? `<Sts><Cd>${sts}</Cd></Sts>${nl}` : `<Sts>${sts}</Sts>${nl}`)
    + `<BookgDt><Dt>${e.bookingDate}</Dt></BookgDt>${nl}`
    + (valueDate ? `<ValDt><Dt>${valueDate}</Dt></ValDt>${nl}` : '')
    + `<AcctSvcrRef>${xmlEscape(ref)}</AcctSvcrRef>${nl}`
    + `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly>${family}</Fmly></Domn></BkTxCd>${nl}`
    + `<NtryDtls>${nl}${batch}${details}</NtryDtls>${nl}`
    + `</Ntry>${nl}`;
}

function balance(code: 'OPBD' | 'CLBD', ore: number, ccy: string, date: string, nl: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${ccy}">${camtAmount(Math.abs(ore))}</Amt>`
    + `<CdtDbtInd>${ore < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>${nl}`;
}

/** The camt file as chunks (one per entry, plus head and tail). camt.053 reads each account's entries twice (balances). */
export function* camtChunks(spec: CamtFileSpec): Generator<string> {
  const kind = spec.kind ?? 'camt.054';
  const version = spec.version ?? 2;
  const nl = spec.pretty === false ? '' : '\n';
  const root = kind === 'camt.054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt';
  const block = kind === 'camt.054' ? 'Ntfctn' : 'Stmt';
  const accounts = spec.accounts.map((a) => (kind === 'camt.053' ? { ...a, entries: [...a.entries] } : a));
  const firstDate = (() => {
    for (const a of accounts) if (Array.isArray(a.entries) && a.entries.length) return (a.entries as CamtEntry[])[0].bookingDate;
    return '2026-01-01';
  })();
  const created = spec.created ?? `${firstDate}T06:00:00`;
  yield `${spec.bom ? '\uFEFF' : ''}<?xml version="1.0" encoding="UTF-8"?>\n`
    + `<Document xmlns="${camtNamespace(kind, version)}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${nl}`
    + `<${root}>${nl}<GrpHdr><MsgId>${xmlEscape(spec.messageId ?? `KVITT-TEST-${created.replace(/\D/g, '')}`)}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>${nl}`;
  let index = 0;
  let accountIndex = 0;
  for (const a of accounts) {
    accountIndex += 1;
    const ccy = a.currency ?? 'NOK';
    let head = `<${block}>${nl}<Id>${block.toUpperCase()}-${accountIndex}</Id>${nl}<CreDtTm>${created}</CreDtTm>${nl}`
      + `<Acct>${accountId(a.account)}<Ccy>${ccy}</Ccy></Acct>${nl}`;
    if (kind === 'camt.053') {
      const entries = a.entries as CamtEntry[];
      const opening = a.openingBalanceOre ?? 0;
      let closing = opening;
      for (const e of entries) for (const t of e.transactions) closing += e.credit === false ? -t.amountOre : t.amountOre;
      const from = entries.length ? entries[0].bookingDate : created.slice(0, 10);
      const to = entries.length ? entries[entries.length - 1].bookingDate : from;
      head += balance('OPBD', opening, ccy, from, nl) + balance('CLBD', closing, ccy, to, nl);
    }
    yield head;
    for (const e of a.entries) {
      index += 1;
      yield entryXml(e, e.currency ?? ccy, version, index, nl);
    }
    yield `</${block}>${nl}`;
  }
  yield `</${root}>${nl}</Document>\n`;
}

export function camtFile(spec: CamtFileSpec): string {
  return [...camtChunks(spec)].join('');
}

/** One credit per payment on one account, the usual camt.054 of KID payments. */
export function camtCredits(account: string, bookingDate: string, payments: Iterable<CamtTransaction>): CamtAccount {
  return {
    account,
    entries: (function* () {
      for (const p of payments) yield { bookingDate, transactions: [p] };
    })(),
  };
}
