/**
 * The tasks the worker pool (pool.ts) runs: CPU work that would otherwise hold up the API and the window. Each task is a
 * pure function of a structured-cloneable input; Buffers in the answer travel back without a copy. To add one, add a
 * line here (it then runs in every worker and, where no worker can start, in the calling thread).
 */
import type { DocumentView } from '../render/document-view.js';
import { renderDocumentPdf } from '../render/pdf/pdf-writer.js';
import { composeDocumentMail, type DocumentMailInput } from '../features/sending/mail-task.js';
import { validateEhf } from '../render/ehf/rules/validate-ehf.js';

export const tasks = {
  /** An invoice, credit note, offer or order confirmation as PDF (the outbox's attachments). */
  'pdf.document': (view: DocumentView): Promise<Buffer> => renderDocumentPdf(view),
  /** A document's e-mail, its PDF rendered and the MIME message built (the outbox sends the bytes as they are; keeps the PDF). */
  'mail.document': (input: DocumentMailInput) => composeDocumentMail(input),
  /** An EHF document checked against the official rules (UBL 2.1 schema, EN 16931, Peppol BIS 3): docs/ehf-validation.md. */
  'ehf.validate': (xml: string) => validateEhf(xml),
} satisfies Record<string, (input: never) => unknown>;

export type TaskName = keyof typeof tasks;
export type TaskInput<N extends TaskName> = Parameters<(typeof tasks)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof tasks)[N]>>;
