/**
 * PDF rendering (pdfmake) is CPU work of 15-80 ms a document; the outbox renders hundreds in a row, so it does that in
 * one worker thread and the API and the window keep answering meanwhile. Where no worker can start (a test runner
 * without the TypeScript loader, a build without the worker file) it renders in this thread, as before.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentView } from '../../render/document-view.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';

interface Job {
  view: DocumentView;
  resolve(b: Buffer): void;
  reject(e: Error): void;
}

let worker: Worker | null | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

function workerFile(): URL | null {
  // Built: out/main/pdf-worker.js beside index.js; from source (tsx): this folder's pdf-worker.ts.
  try {
    for (const name of ['./pdf-worker.js', './pdf-worker.ts']) {
      const url = new URL(name, import.meta.url);
      if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
    }
  } catch {
    // no file URL for this module (a bundle without one): render in this thread
  }
  return null;
}

/** The worker failed: what it had in hand is rendered here, and so is everything after. */
function giveUp(): void {
  worker = null;
  for (const [id, job] of jobs) {
    jobs.delete(id);
    renderDocumentPdf(job.view).then(job.resolve, job.reject);
  }
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  const file = process.env.KVITT_PDF_IN_THREAD ? null : workerFile();
  if (!file) return (worker = null);
  try {
    const w = new Worker(file);
    w.unref();
    w.on('message', (m: { id: number; data?: Uint8Array; error?: string }) => {
      const job = jobs.get(m.id);
      if (!job) return;
      jobs.delete(m.id);
      if (m.data) job.resolve(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
      else job.reject(new Error(m.error));
    });
    w.on('error', giveUp);
    w.on('exit', () => worker === w && giveUp());
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

export function renderPdfOffThread(view: DocumentView): Promise<Buffer> {
  const w = getWorker();
  if (!w) return renderDocumentPdf(view);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    jobs.set(id, { view, resolve, reject });
    w.postMessage({ id, view });
  });
}

/** Stops the worker (the sender's stop; a new one starts on the next render). */
export async function stopPdfWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (!w) return;
  await w.terminate();
  for (const [id, job] of jobs) {
    jobs.delete(id);
    renderDocumentPdf(job.view).then(job.resolve, job.reject);
  }
}
