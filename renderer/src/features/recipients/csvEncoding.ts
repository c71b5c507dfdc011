/**
 * The text of a customer CSV file, whatever program saved it: UTF-8 with or without a byte-order mark, UTF-16 LE/BE with
 * one, or Windows-1252 / ISO-8859-1 (Norwegian Excel's "CSV (semikolonseparert)") found by chardet. The encoding used is
 * named for the preview; text that does not decode cleanly (bytes no encoding maps, control characters, NULs of a UTF-16
 * file without a mark) is not imported: the person is asked to choose the encoding or save the file as UTF-8.
 * Decoding is the browser's TextDecoder (the WHATWG encodings; iconv-lite needs Node's Buffer, which the renderer lacks).
 */
import { analyse } from 'chardet';

export type CsvEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'windows-1252';
/** The encodings a person can choose when asked. */
export const CSV_ENCODINGS: readonly CsvEncoding[] = ['UTF-8', 'windows-1252', 'UTF-16LE', 'UTF-16BE'];

export interface DecodedCsv {
  text: string;
  /** The encoding used, for the preview ("UTF-8 med BOM", "Windows-1252"). */
  encoding: CsvEncoding;
  bom: boolean;
  /** Null when the text decoded cleanly; else why not (the file is not imported as it is). */
  problem: null | { kind: 'undecodable' | 'control-characters' | 'unknown-encoding'; detail: string; char?: string; line?: number; guess?: string };
}

/** Characters that never belong in a customer file: C0 controls other than tab and line ends, DEL, C1 controls, U+FFFD. */
const UNCLEAN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/;
/** Charsets chardet names for Western European single-byte text; Windows-1252 reads them all. */
const WESTERN = new Set(['ISO-8859-1', 'windows-1252', 'ISO-8859-15']);

function decode(bytes: Uint8Array, encoding: CsvEncoding, bom: boolean): DecodedCsv {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(bom ? (encoding === 'UTF-8' ? 3 : 2) : 0));
  } catch {
    return { text: '', encoding, bom, problem: { kind: 'undecodable', detail: `the bytes are not valid ${encoding}` } };
  }
  const bad = UNCLEAN.exec(text);
  if (bad) {
    const line = text.slice(0, bad.index).split('\n').length;
    const code = `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return { text, encoding, bom, problem: { kind: 'control-characters', detail: `${code} on line ${line}`, char: code, line } };
  }
  return { text, encoding, bom, problem: null };
}

/** Decodes a CSV file's bytes; `chosen` forces an encoding (the person's answer when asked). */
export function decodeCsv(bytes: Uint8Array, chosen?: CsvEncoding): DecodedCsv {
  const b = bytes;
  const utf8Bom = b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
  const le = b.length >= 2 && b[0] === 0xff && b[1] === 0xfe;
  const be = b.length >= 2 && b[0] === 0xfe && b[1] === 0xff;
  if (chosen) return decode(b, chosen, (chosen === 'UTF-8' && utf8Bom) || (chosen === 'UTF-16LE' && le) || (chosen === 'UTF-16BE' && be));
  if (utf8Bom) return decode(b, 'UTF-8', true);
  if (le) return decode(b, 'UTF-16LE', true);
  if (be) return decode(b, 'UTF-16BE', true);
  const utf8 = decode(b, 'UTF-8', false);
  if (utf8.problem?.kind !== 'undecodable') return utf8;
  // Not UTF-8: a single-byte Western encoding when chardet finds one among its candidates (it often ranks ISO-8859-2
  // first for Norwegian text, whose æ, ø and å that charset does not have), else the person is asked.
  const candidates = analyse(b);
  if (candidates.some((m) => WESTERN.has(m.name) && m.confidence >= 10)) return decode(b, 'windows-1252', false);
  const best = candidates[0]?.name ?? 'unknown';
  return { text: '', encoding: 'windows-1252', bom: false, problem: { kind: 'unknown-encoding', detail: `the file looks like ${best}`, guess: best } };
}
