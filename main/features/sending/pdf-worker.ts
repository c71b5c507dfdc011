/** Renders document PDFs off the main thread (see pdf-off-thread.ts): messages {id, view} in, {id, data | error} out. */
import { parentPort } from 'node:worker_threads';
import type { DocumentView } from '../../render/document-view.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';

parentPort!.on('message', async ({ id, view }: { id: number; view: DocumentView }) => {
  try {
    const data = await renderDocumentPdf(view);
    parentPort!.postMessage({ id, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
