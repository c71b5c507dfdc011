/**
 * Which bank file a body is, from its content (never from its name): an OCR giro file starts with the transmission
 * start record NY000010; a camt file is XML whose root holds BkToCstmrDbtCdtNtfctn (camt.054) or BkToCstmrStmt
 * (camt.053) in the namespace urn:iso:std:iso:20022:tech:xsd:camt.05x.001.NN, NN from 02 to 08. Anything else is
 * refused saying what was expected and what was found.
 */
import { isUtf8 } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { bytesSource, type ByteSource } from '../../../ops/raw-body.js';
import { BankFileError, type BankFormat, type BankTx } from './bank-tx.js';
import { CAMT_VERSIONS, parseCamt } from './camt.js';
import { parseOcrGiroBytes } from './ocr-giro.js';

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

/** The format from the file's first bytes (4 kB are enough). */
export function detectFormat(data: Buffer): Detected {
  const start = hasBom(data) ? 3 : 0; // UTF-8 BOM
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

const hasBom = (b: Buffer) => b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

/** Bytes read at a time: the file is never held whole, only this much of it (and the parser's current entry). */
const PIECE = 128 * 1024;

/** The file's bytes from `from` on, PIECE at a time, each also fed to `hash`. */
function* pieces(src: ByteSource, from: number, hash?: Hash): Generator<Buffer> {
  for (let at = from; at < src.size; at += PIECE) {
    const piece = src.read(at, PIECE);
    if (!piece.length) break;
    hash?.update(piece);
    yield piece;
  }
}

/** Whether the bytes are valid UTF-8, read piece by piece (a character split between pieces is checked whole). */
function isUtf8Source(src: ByteSource, from: number): boolean {
  let carry: Buffer | null = null;
  for (const piece of pieces(src, from)) {
    const buf: Buffer = carry ? Buffer.concat([carry, piece]) : piece;
    // Hold back a multi-byte character the piece ends inside of.
    let cut = buf.length;
    for (let i = buf.length - 1; i >= Math.max(0, buf.length - 4); i--) {
      const b = buf[i];
      if (b < 0x80) break;
      if (b >= 0xc0) {
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        if (buf.length - i < need) cut = i;
        break;
      }
    }
    if (!isUtf8(buf.subarray(0, cut))) return false;
    carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : null;
  }
  return carry === null || isUtf8(carry);
}

/** The text encoding of a file: OCR giro is ISO 8859-1 unless it is valid UTF-8; XML as its declaration says (UTF-8 by default). */
function encodingOf(src: ByteSource, head: Buffer, format: BankFormat, from: number): 'utf8' | 'latin1' {
  if (format === 'OCR') return isUtf8Source(src, from) ? 'utf8' : 'latin1';
  const decl = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(from, from + 200).toString('latin1'));
  return decl && /^(iso-?8859-1|latin-?1|windows-1252|cp1252)$/i.test(decl[1]) ? 'latin1' : 'utf8';
}

/** The file's text in pieces, decoded as it goes (a character split between pieces is kept whole). */
function* textChunks(bytes: Iterable<Buffer>, encoding: 'utf8' | 'latin1'): Generator<string> {
  const decoder = new StringDecoder(encoding);
  for (const piece of bytes) yield decoder.write(piece);
  const rest = decoder.end();
  if (rest) yield rest;
}

export interface ReadFile extends Detected {
  transactions: Generator<BankTx, unknown>;
  /** SHA-256 (hex) of the whole file, once `transactions` has been read to its end. */
  sha256(): string;
}

/**
 * Detects the format and reads the transactions as a stream, from bytes in memory or a file read piece by piece (a
 * ByteSource: the temporary file of an upload); throws BankFileError (with its line) for a refused file.
 */
export function readBankFile(input: Buffer | ByteSource): ReadFile {
  const src = Buffer.isBuffer(input) ? bytesSource(input) : input;
  const head = src.read(0, 4096 + 3);
  const detected = detectFormat(head);
  const from = hasBom(head) ? 3 : 0;
  const encoding = encodingOf(src, head, detected.format, from);
  const hash = createHash('sha256');
  if (from) hash.update(head.subarray(0, from));
  let digest: string | null = null;
  const bytes = pieces(src, from, hash);
  // OCR giro is read from the bytes in place (fixed columns); camt as decoded text through the XML parser.
  const transactions = detected.format === 'OCR' ? parseOcrGiroBytes(bytes, encoding) : parseCamt(textChunks(bytes, encoding), detected.format);
  return { ...detected, transactions, sha256: () => (digest ??= hash.digest('hex')) };
}
