/**
 * Which bank file a body is, from its content (never from its name): an OCR giro file starts with the transmission
 * start record NY000010; a camt file is XML whose root holds BkToCstmrDbtCdtNtfctn (camt.054) or BkToCstmrStmt
 * (camt.053) in the namespace urn:iso:std:iso:20022:tech:xsd:camt.05x.001.NN, NN from 02 to 08. Anything else is
 * refused saying what was expected and what was found.
 */
import { StringDecoder } from 'node:string_decoder';
import { BankFileError, type BankFormat, type BankTx } from './bank-tx.js';
import { CAMT_VERSIONS, parseCamt } from './camt.js';
import { parseOcrGiro } from './ocr-giro.js';

export const EXPECTED_FORMATS = 'an OCR giro file (Nets, 80-character records starting NY000010) or an ISO 20022 camt.054/camt.053 file (versions .001.02 to .001.08)';

const unknown = (found: string) => new BankFileError('BANK_FILE_UNKNOWN_FORMAT', { expected: EXPECTED_FORMATS, found }, `expected ${EXPECTED_FORMATS}; found ${found}`);

/** A few characters of what the file starts with, safe to show. */
function shown(s: string): string {
  const t = s.slice(0, 40).replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '·');
  return t ? `"${t}${s.length > 40 ? '…' : ''}"` : 'an empty file';
}

export interface Detected {
  format: BankFormat;
  /** camt: the message version (02..08). */
  version?: string;
}

export function detectFormat(data: Buffer): Detected {
  let start = 0;
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) start = 3; // UTF-8 BOM
  const head = data.subarray(start, start + 4096).toString('latin1');
  const trimmed = head.replace(/^\s+/, '');
  if (trimmed === '') throw new BankFileError('BANK_FILE_EMPTY', {}, 'the file is empty');
  if (trimmed.startsWith('NY000010')) return { format: 'OCR' };
  if (trimmed.startsWith('NY')) throw unknown(`${shown(trimmed)} (an OCR giro file starts with the record NY000010)`);
  if (!trimmed.startsWith('<')) throw unknown(shown(trimmed));
  const ns = /urn:iso:std:iso:20022:tech:xsd:([a-z]{4})\.(\d{3})\.(\d{3})\.(\d{2})/.exec(head);
  const root = /<(?:[\w.-]+:)?(BkToCstmrDbtCdtNtfctn|BkToCstmrStmt|BkToCstmrAcctRpt|[A-Za-z][\w.-]*)[\s>/]/g;
  let m: RegExpExecArray | null;
  let message: string | null = null;
  while ((m = root.exec(head))) {
    if (m[1] !== 'Document' && !m[0].startsWith('<?') && !m[0].startsWith('<!')) {
      message = m[1];
      break;
    }
  }
  const nsName = ns ? `${ns[1]}.${ns[2]}.${ns[3]}.${ns[4]}` : null;
  if (message === 'BkToCstmrDbtCdtNtfctn' || message === 'BkToCstmrStmt') {
    const format: BankFormat = message === 'BkToCstmrStmt' ? 'CAMT053' : 'CAMT054';
    const want = format === 'CAMT053' ? '053' : '054';
    if (!ns || ns[1] !== 'camt' || ns[2] !== want || ns[3] !== '001') throw unknown(`<${message}> in namespace ${nsName ?? '(none)'}, expected urn:iso:std:iso:20022:tech:xsd:camt.${want}.001.02 to .08`);
    if (!(CAMT_VERSIONS as readonly string[]).includes(ns[4])) throw unknown(`camt.${want}.001.${ns[4]}; Kvitt reads versions .001.02 to .001.08`);
    return { format, version: ns[4] };
  }
  throw unknown(message ? `an XML file with <${message}>${nsName ? ` (${nsName})` : ''}` : 'an XML file without a camt message');
}

/** The text encoding of a file: OCR giro is ISO 8859-1 unless it is valid UTF-8; XML as its declaration says (UTF-8 by default). */
function encodingOf(data: Buffer, format: BankFormat): 'utf8' | 'latin1' {
  if (format === 'OCR') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(data);
      return 'utf8';
    } catch {
      return 'latin1';
    }
  }
  const decl = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(data.subarray(0, 200).toString('latin1'));
  return decl && /^(iso-?8859-1|latin-?1|windows-1252|cp1252)$/i.test(decl[1]) ? 'latin1' : 'utf8';
}

/** The file's text in pieces of about 64 kB, decoded as it goes (a character split between pieces is kept whole). */
function* textChunks(data: Buffer, encoding: 'utf8' | 'latin1', size = 64 * 1024): Generator<string> {
  const decoder = new StringDecoder(encoding);
  let start = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  for (; start < data.length; start += size) yield decoder.write(data.subarray(start, start + size));
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Detects the format and reads the transactions as a stream; throws BankFileError (with its line) for a refused file. */
export function readBankFile(data: Buffer): Detected & { transactions: Generator<BankTx, unknown> } {
  const detected = detectFormat(data);
  const encoding = encodingOf(data, detected.format);
  if (detected.format === 'OCR') {
    // 80-character records: about 240 bytes per payment, so even 100,000 payments are a 25 MB string at most.
    const start = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
    return { ...detected, transactions: parseOcrGiro(data.subarray(start).toString(encoding)) };
  }
  return { ...detected, transactions: parseCamt(textChunks(data, encoding), detected.format) };
}
