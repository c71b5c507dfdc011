/**
 * The worker task of the outbox (main/task-table.ts 'mail.document'): a document's PDF rendered AND the whole MIME
 * message built (Kvitt's writer, mime.ts; nodemailer's composer for what it does not cover) in a worker thread, so the
 * thread that serves the API only hands the finished bytes to the SMTP connection. Imports nothing but the PDF writer
 * and the two MIME writers, so a worker's module graph stays small.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { SendMailOptions } from 'nodemailer';
import type { DocumentView } from '../../render/document-view.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';
import { simpleMime, type MimeAttachment, type MimeMail } from './mime.js';
import type { Envelope } from './smtp-lanes.js';

export interface DocumentMailInput {
  /** The document, as the PDF writer takes it. */
  view: DocumentView;
  /** The message without attachments (structured-cloneable: strings and {name, address}). */
  mail: SendMailOptions;
  /** The PDF's file name, e.g. faktura-10001.pdf. */
  filename: string;
}

/** The outbox's message (deliver.ts mailOptions: from {name, address}, to one address, cc a list) in mime.ts's terms. */
function mimeMailOf(mail: SendMailOptions, attachments: MimeAttachment[]): MimeMail | null {
  const from = mail.from as { name?: string; address?: string } | undefined;
  if (!from || typeof from !== 'object' || typeof from.address !== 'string' || typeof mail.to !== 'string') return null;
  if (typeof mail.subject !== 'string' || typeof mail.text !== 'string' || (mail.html !== undefined && typeof mail.html !== 'string')) return null;
  if (mail.cc !== undefined && !(Array.isArray(mail.cc) && mail.cc.every((c) => typeof c === 'string'))) return null;
  if (mail.replyTo !== undefined && typeof mail.replyTo !== 'string') return null;
  return { from: { name: from.name, address: from.address }, to: mail.to, cc: mail.cc as string[] | undefined, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html as string | undefined, messageId: mail.messageId, attachments };
}

/** The raw RFC 5322 message of an outbox mail with these attachments: Kvitt's writer, else nodemailer's composer. */
export async function composeMail(mail: SendMailOptions, attachments: MimeAttachment[]): Promise<Buffer> {
  const simple = mimeMailOf(mail, attachments);
  const raw = simple && simpleMime(simple);
  return raw ?? new MailComposer({ ...mail, attachments: attachments.map((a) => ({ ...a, content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength) })) }).compile().build();
}

/** ASCII mailbox (the envelope is then just the addresses; anything else is the composer's to work out). */
const PLAIN = /^[\x21-\x7e]+@[A-Za-z0-9.-]+$/;

/** The SMTP envelope of an outbox mail: the sender, then To and Cc. */
export function envelopeOf(mail: SendMailOptions): Envelope {
  const from = (mail.from as { address?: string } | undefined)?.address;
  const to = [mail.to, ...(Array.isArray(mail.cc) ? mail.cc : mail.cc ? [mail.cc] : [])];
  if (typeof from === 'string' && PLAIN.test(from) && to.every((a) => typeof a === 'string' && PLAIN.test(a))) return { from, to: to as string[] };
  const e = new MailComposer({ from: mail.from, to: mail.to, cc: mail.cc }).compile().getEnvelope();
  return { from: e.from || '', to: e.to };
}

/** What the SMTP connection takes: the envelope and the finished message (built here unless the worker built it). */
export async function outgoingOf(mail: SendMailOptions): Promise<{ envelope: Envelope; raw: Buffer }> {
  if (Buffer.isBuffer(mail.raw)) return { envelope: envelopeOf(mail), raw: mail.raw };
  const { attachments = [], ...rest } = mail;
  const simple = attachments.every((a) => typeof a.filename === 'string' && typeof a.contentType === 'string' && Buffer.isBuffer(a.content) && Object.keys(a).length === 3);
  const raw = simple ? await composeMail(rest, attachments as MimeAttachment[]) : await new MailComposer(mail).compile().build();
  return { envelope: envelopeOf(mail), raw };
}

/** The raw RFC 5322 message with the document's PDF attached, and the PDF (kept for the next mail of that document). */
export async function composeDocumentMail(input: DocumentMailInput): Promise<{ raw: Uint8Array; pdf: Uint8Array }> {
  const pdf = await renderDocumentPdf(input.view);
  return { raw: await composeMail(input.mail, [{ filename: input.filename, content: pdf, contentType: 'application/pdf' }]), pdf };
}
