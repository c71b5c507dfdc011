/**
 * The worker task of the outbox (main/workers/tasks.ts 'mail.document'): a document's PDF rendered AND the whole MIME
 * message built (base64 of the PDF, headers, text and HTML parts) in a worker thread, so the thread that serves the
 * API only hands the finished bytes to the SMTP connection. Imports nothing but the PDF writer and nodemailer's
 * composer, so a worker's module graph stays small.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { SendMailOptions } from 'nodemailer';
import type { DocumentView } from '../../render/document-view.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';

export interface DocumentMailInput {
  /** The document, as the PDF writer takes it. */
  view: DocumentView;
  /** The message without attachments (structured-cloneable: strings and {name, address}). */
  mail: SendMailOptions;
  /** The PDF's file name, e.g. faktura-10001.pdf. */
  filename: string;
}

/** The raw RFC 5322 message with the document's PDF attached, and the PDF (kept for the next mail of that document). */
export async function composeDocumentMail(input: DocumentMailInput): Promise<{ raw: Uint8Array; pdf: Uint8Array }> {
  const pdf = await renderDocumentPdf(input.view);
  const attachments = [{ filename: input.filename, content: pdf, contentType: 'application/pdf' }];
  return { raw: await new MailComposer({ ...input.mail, attachments }).compile().build(), pdf };
}
