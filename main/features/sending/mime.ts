/**
 * Kvitt's own MIME writer for the outbox's fixed message shape (a document's e-mail), instead of nodemailer's composer:
 * multipart/mixed of multipart/alternative (text/plain + text/html, quoted-printable) and attachments (base64 in
 * 76-character lines), headers From, To, Cc, Reply-To, Subject, Message-ID, Date, MIME-Version; non-ASCII subject and
 * display names as RFC 2047 encoded words (ASCII ones as they are, folded at blanks); boundaries unique per message. Output has CRLF line endings, no line longer
 * than 76 characters in the bodies, and no line that starts with '.' (so SMTP's dot-stuffing never changes it).
 * `simpleMime` answers null for what it does not cover (an address that is not plain ASCII): those take the composer.
 * test/sending/mime.test.ts compares what an SMTP server receives from both, field by field.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export interface MimeAddress {
  name?: string;
  address: string;
}
export interface MimeAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}
export interface MimeMail {
  from: MimeAddress;
  to: string;
  cc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** The stored one (`<…@…>`); a new one when absent. */
  messageId?: string;
  attachments?: MimeAttachment[];
  date?: Date;
}

const CRLF = '\r\n';
/** A plain ASCII mailbox, as RFC 5321 takes it without SMTPUTF8. */
const ASCII_ADDRESS = /^[!#-'*+\-/-9=?A-Z^-~]+(\.[!#-'*+\-/-9=?A-Z^-~]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
/** A display name that may stand as it is (atoms and spaces, printable ASCII). */
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;
const PLAIN_TEXT = /^[\x20-\x7e]*$/;
const HEX = '0123456789ABCDEF';

/** RFC 2047 Q encoded words (UTF-8) of at most 75 characters each, never splitting a character; phrase-safe. */
export function encodedWords(value: string, firstRoom = 75): string[] {
  const words: string[] = [];
  let word = '';
  let room = firstRoom - 12; // '=?UTF-8?Q?' + '?='
  for (const ch of value) {
    let enc: string;
    if (/^[A-Za-z0-9!*+\-/]$/.test(ch)) enc = ch;
    else if (ch === ' ') enc = '_';
    else {
      enc = '';
      for (const b of Buffer.from(ch, 'utf8')) enc += `=${HEX[b >> 4]}${HEX[b & 15]}`;
    }
    if (word.length + enc.length > room && word) {
      words.push(`=?UTF-8?Q?${word}?=`);
      word = '';
      room = 75 - 12;
    }
    word += enc;
  }
  words.push(`=?UTF-8?Q?${word}?=`);
  return words;
}

/**
 * Printable ASCII folded at blanks (a blank becomes CRLF + blank, so unfolding gives it back) so that no line passes 78
 * where the words allow; `first` is what stands before it on the first line. Answers the text and its last line's
 * length; null when a word does not fit on a line (then encoded words, which may split it).
 */
function foldAscii(first: number, value: string): [string, number] | null {
  let out = '';
  let line = first;
  for (const [i, word] of value.split(' ').entries()) {
    if (i === 0) out = word;
    else if (word && line + 1 + word.length > 78) (out += `${CRLF} ${word}`), (line = 1);
    else (out += ` ${word}`), line++;
    line += word.length;
    if (line > 78) return null;
  }
  return [out, line];
}

/**
 * `Name: value` (+ `suffix`, a mailbox's address): printable ASCII as it is (a display name that is not all atoms as a
 * quoted string), folded at blanks; anything else as encoded words, one per line after the first. Needless encoding of
 * ASCII is what spam filters score (FROM_EXCESS_QP, SUBJ_EXCESS_QP), so it is kept for what needs it.
 */
function textHeader(name: string, value: string, phrase = false, suffix = ''): string {
  if (PLAIN_TEXT.test(value) && !/=\?|^\s|\s$/.test(value)) {
    const text = phrase && !PLAIN_PHRASE.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value;
    const folded = foldAscii(name.length + 2, text);
    if (folded) return `${name}: ${folded[0]}${suffix && folded[1] + suffix.length > 78 ? `${CRLF} ${suffix.trimStart()}` : suffix}`;
  }
  const words = encodedWords(value, 78 - name.length - 2);
  const last = words.length - 1;
  // The last line's length: the header name's on the first line, the folding blank on the others.
  const lastLine = (last ? 1 : name.length + 2) + words[last].length;
  if (suffix && lastLine + suffix.length > 78) words.push(suffix.trimStart()), (suffix = '');
  return `${name}: ${words.join(`${CRLF} `)}${suffix}`;
}

const mailbox = (header: string, a: MimeAddress) => (a.name ? textHeader(header, a.name, true, ` <${a.address}>`) : `${header}: ${a.address}`);

/** `To: a, b, …` folded one address per line after the first. */
const addressList = (header: string, list: string[]) => `${header}: ${list.join(`,${CRLF} `)}`;

/** A line quoted-printable keeps as it is: printable ASCII without '=', not starting with '.', not ending in a blank. */
const PLAIN_LINE = /^(?:[\x21-\x2d\x2f-\x3c\x3e-\x7e](?:[\x20-\x3c\x3e-\x7e]*[\x21-\x3c\x3e-\x7e])?)?$/;

/** Quoted-printable with CRLF line ends and soft breaks at 76; a leading '.' and trailing blanks are encoded. */
export function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.length <= 76 && PLAIN_LINE.test(line)) {
      out.push(line);
      continue;
    }
    const bytes = Buffer.from(line, 'utf8');
    let cur = '';
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      const last = i === bytes.length - 1;
      const literal = (b >= 33 && b <= 126 && b !== 61 && !(b === 46 && cur === '')) || ((b === 32 || b === 9) && !last);
      const enc = literal ? String.fromCharCode(b) : `=${HEX[b >> 4]}${HEX[b & 15]}`;
      // Room for the soft break's '=' (75 + '=' = 76); the last piece of a line may use all 76.
      if (cur.length + enc.length > (last ? 76 : 75)) {
        out.push(`${cur}=`);
        cur = enc === '.' ? '=2E' : enc;
      } else cur += enc;
    }
    out.push(cur);
  }
  return out.join(CRLF);
}

/** Base64 in lines of 76 characters, CRLF between them. */
export function base64Lines(data: Uint8Array): string {
  const b64 = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  const lines = new Array<string>(Math.ceil(b64.length / 76));
  for (let i = 0, k = 0; i < b64.length; i += 76, k++) lines[k] = b64.slice(i, i + 76);
  return lines.join(CRLF);
}

/**
 * `; name=value` of a MIME header, on a folded line of its own: a plain token or short quoted ASCII as it is; anything
 * else as RFC 2231 UTF-8 in continuations (`name*0*=utf-8''…; name*1*=…`, never splitting a character), or with
 * `words`, as RFC 2047 encoded words in a quoted string (Content-Type's `name`, which Outlook reads only that way; the
 * composer writes both the same). Every line stays within 78 characters for names of any length.
 */
function param(name: string, value: string, words = false): string {
  if (/^[A-Za-z0-9!#$%&'*+\-.^_`{|}~]+$/.test(value) && name.length + value.length < 70) return `;${CRLF} ${name}=${value}`;
  if (PLAIN_TEXT.test(value) && value.length < 60) return `;${CRLF} ${name}="${value.replace(/["\\]/g, '\\$&')}"`;
  if (words) return `;${CRLF} ${name}="${encodedWords(value, 76 - name.length - 3).join(`${CRLF} `)}"`;
  const pieces: string[] = [];
  let piece = "utf-8''";
  for (const ch of value) {
    let enc = ch;
    if (!/^[A-Za-z0-9\-_.]$/.test(ch)) {
      enc = '';
      for (const b of Buffer.from(ch, 'utf8')) enc += `%${HEX[b >> 4]}${HEX[b & 15]}`;
    }
    if (piece.length + enc.length > 56) pieces.push(piece), (piece = '');
    piece += enc;
  }
  pieces.push(piece);
  return pieces.map((p, i) => `;${CRLF} ${name}*${i}*=${p}`).join('');
}

/** The whole message, or null when it is not the shape this writer covers (then the composer builds it). */
export function simpleMime(mail: MimeMail): Buffer | null {
  const addresses = [mail.from.address, mail.to, ...(mail.cc ?? []), ...(mail.replyTo ? [mail.replyTo] : [])];
  if (!addresses.every((a) => ASCII_ADDRESS.test(a))) return null;
  if (mail.messageId !== undefined && !/^<[\x21-\x3d\x3f-\x7e]+>$/.test(mail.messageId)) return null;
  const domain = mail.from.address.split('@')[1];
  const id = randomBytes(9).toString('base64url');
  const mixed = `--_kvitt-${id}-m`;
  const alternative = `--_kvitt-${id}-a`;
  const date = (mail.date ?? new Date()).toUTCString().replace(/GMT$/, '+0000');

  const head = [
    mailbox('From', mail.from),
    addressList('To', [mail.to]),
    ...(mail.cc?.length ? [addressList('Cc', mail.cc)] : []),
    ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
    textHeader('Subject', mail.subject),
    `Message-ID: ${mail.messageId ?? `<${randomUUID()}@${domain}>`}`,
    `Date: ${date}`,
    'MIME-Version: 1.0',
  ];
  const textPart = (type: string, body: string) => `Content-Type: ${type}; charset=utf-8${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}${quotedPrintable(body)}`;
  const body =
    mail.html === undefined
      ? textPart('text/plain', mail.text)
      : `Content-Type: multipart/alternative;${CRLF} boundary="${alternative}"${CRLF}${CRLF}--${alternative}${CRLF}${textPart('text/plain', mail.text)}${CRLF}--${alternative}${CRLF}${textPart('text/html', mail.html)}${CRLF}--${alternative}--`;
  const files = mail.attachments ?? [];
  if (!files.length) return Buffer.from(`${head.join(CRLF)}${CRLF}${body}${CRLF}`, 'latin1');
  const parts = [
    `${head.join(CRLF)}${CRLF}Content-Type: multipart/mixed;${CRLF} boundary="${mixed}"${CRLF}${CRLF}--${mixed}${CRLF}${body}`,
    ...files.map(
      (f) =>
        `${CRLF}--${mixed}${CRLF}Content-Type: ${f.contentType}${param('name', f.filename, true)}${CRLF}Content-Transfer-Encoding: base64${CRLF}` +
        `Content-Disposition: attachment${param('filename', f.filename)}${CRLF}${CRLF}${base64Lines(f.content)}`,
    ),
    `${CRLF}--${mixed}--${CRLF}`,
  ];
  return Buffer.from(parts.join(''), 'latin1');
}
