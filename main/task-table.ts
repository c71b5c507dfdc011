/**
 * The tasks the worker pool (main/workers/pool.ts) runs, named here at the composition root beside op-table.ts: CPU work
 * that would otherwise hold up the API and the window. Each task is a pure function of a structured-cloneable input;
 * Buffers in the answer travel back without a copy. To add one, add a line here (it then runs in every worker and,
 * where no worker can start, in the calling thread). The pool knows them only by the types below (declaration merging)
 * and by registerTasks; the worker thread (worker.ts) imports this table itself.
 */
import type { DocumentView } from './render/document-view.js';
import { renderDocumentPdf } from './render/pdf/pdf-writer.js';
import { composeDocumentMail, type DocumentMailInput } from './features/sending/mail-task.js';
import { validateEhf } from './render/ehf/rules/validate-ehf.js';
import { registerTasks } from './workers/index.js';

export const tasks = {
  /** An invoice, credit note, offer or order confirmation as PDF (the outbox's attachments). */
  'pdf.document': (view: DocumentView): Promise<Buffer> => renderDocumentPdf(view),
  /** A document's e-mail, its PDF rendered and the MIME message built (the outbox sends the bytes as they are; keeps the PDF). */
  'mail.document': (input: DocumentMailInput) => composeDocumentMail(input),
  /** An EHF document checked against the official rules (UBL 2.1 schema, EN 16931, Peppol BIS 3): docs/ehf-validation.md. */
  'ehf.validate': (xml: string) => validateEhf(xml),
} satisfies Record<string, (input: never) => unknown>;

type Tasks = typeof tasks;
declare module './workers/pool.js' {
  interface ValueTasks extends Tasks {}
}

// The calling thread runs them where no worker can (KVITT_WORKERS=0, no worker file, a worker that died).
registerTasks(tasks);
