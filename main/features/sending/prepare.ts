/**
 * The outbox's rows prepared ahead of the SMTP lanes (sender.ts), a chunk of BATCH rows at a time:
 * - one query for the chunk's rows (still IN_PROGRESS), one per document kind for their documents, one for the
 *   recipients' attach-PDF choice, and buildViews' fixed few for the documents' lines: a fixed number of queries per
 *   chunk instead of four or five per mail;
 * - every mail with a PDF goes to the worker pool as one task that renders the PDF and builds the whole MIME message
 *   ('mail.document'), so the API's thread only hands finished bytes to the SMTP connection;
 * - up to AHEAD chunks are handed to the pool before the lanes need them, so the worker(s) render the next mails while
 *   earlier ones are with the SMTP server.
 * - an issued document's PDF never changes (its content hash is fixed at issue), so the PDFs of the latest mails are kept
 *   (PDF_CACHE_BYTES, by document and content hash): a retried mail (4xx, server down) or another mail of the same
 *   document is built from it on this thread without rendering again.
 * Rows this path does not cover (free-standing messages, dunnings, EHF, SMS) keep the one-row path of deliver.ts.
 */
import type { AppContext } from '../../context.js';
import { runTask } from '../../workers/index.js';
import { buildViews, FILE_STEM } from '../documents/core.js';
import type { DocRow, DocumentKind } from '../documents/core.js';
import { attachesPdf, documentContent, emailBlocked, failed, mailOptions, prepareEmail, type DeliveryEnv, type OutboxRow, type PreparedMail } from './deliver.js';
import { factsOf } from './document-source.js';

/** A row of the pass and, for an e-mail, its message under way (never rejects: a failure is the attempt's outcome). */
export interface Ready {
  row: OutboxRow;
  mail?: Promise<PreparedMail>;
}

/** Recent PDFs of issued documents, by `id:contentHash`, oldest first; at most PDF_CACHE_BYTES in all. */
const PDF_CACHE_BYTES = 32 * 1024 * 1024;
const pdfs = new Map<string, Buffer>();
let pdfBytes = 0;
const pdfKey = (d: DocRow) => (d.content_hash ? `${d.id}:${d.content_hash}` : null);
function cachedPdf(key: string | null): Buffer | undefined {
  const pdf = key ? pdfs.get(key) : undefined;
  if (pdf) pdfs.delete(key!), pdfs.set(key!, pdf);
  return pdf;
}
function keepPdf(key: string | null, pdf: Buffer): void {
  if (!key || pdfs.has(key) || pdf.length > PDF_CACHE_BYTES / 8) return;
  pdfs.set(key, pdf);
  pdfBytes += pdf.length;
  for (const [k, b] of pdfs) {
    if (pdfBytes <= PDF_CACHE_BYTES) break;
    pdfs.delete(k);
    pdfBytes -= b.length;
  }
}
const asBuffer = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

const KINDS: readonly string[] = ['invoice', 'credit-note', 'offer', 'order-confirmation'] satisfies DocumentKind[];

export class Preparer {
  private readonly chunks = new Map<number, Promise<Map<number, Ready>>>();
  constructor(
    private readonly env: DeliveryEnv,
    private readonly ids: number[],
    private readonly batch: number,
    private readonly ahead: number,
  ) {}

  /** The i-th row of the pass (undefined when it is no longer IN_PROGRESS); starts the chunks after it. */
  async get(i: number): Promise<Ready | undefined> {
    const c = Math.floor(i / this.batch);
    for (let k = c; k <= c + this.ahead && k * this.batch < this.ids.length; k++) this.start(k);
    this.chunks.delete(c - 2);
    return (await this.chunks.get(c)!).get(this.ids[i]);
  }

  private start(c: number): void {
    if (this.chunks.has(c)) return;
    const chunk = prepareChunk(this.env, this.ids.slice(c * this.batch, (c + 1) * this.batch));
    chunk.catch(() => undefined);
    this.chunks.set(c, chunk);
  }
}

const settle = (p: Promise<PreparedMail>): Promise<PreparedMail> =>
  p.catch((e: unknown) => ({ status: 'RETRY' as const, error: e instanceof Error ? e.message : String(e) }));

async function prepareChunk(env: DeliveryEnv, ids: number[]): Promise<Map<number, Ready>> {
  const { db } = env.ctx;
  const rows = await db.selectFrom('outbox').selectAll().where('id', 'in', ids).where('status', '=', 'IN_PROGRESS').execute();
  const out = new Map<number, Ready>(rows.map((row) => [row.id, { row }]));
  const blocked = emailBlocked(env);
  const docMails = rows.filter((r) => r.method === 'email' && KINDS.includes(r.ref_type) && (JSON.parse(r.payload) as { kind?: string }).kind !== 'message');
  const batched = new Set(blocked ? [] : docMails.map((r) => r.id));
  for (const row of rows) {
    if (row.method === 'email' && !batched.has(row.id)) out.get(row.id)!.mail = settle(prepareEmail(env, row));
  }
  if (!batched.size) return out;

  const docs = new Map<string, DocRow>();
  for (const kind of new Set(docMails.map((r) => r.ref_type))) {
    const numbers = docMails.filter((r) => r.ref_type === kind).map((r) => r.ref_number);
    for (const d of await db.selectFrom('documents').selectAll().where('kind', '=', kind as DocumentKind).where('number', 'in', numbers).execute()) docs.set(`${kind}:${d.number}`, d);
  }
  const recipientNumbers = [...new Set([...docs.values()].map((d) => d.recipient_number))];
  const attach = new Map<number, number | null>();
  if (recipientNumbers.length) {
    for (const r of await db.selectFrom('recipients').select(['number', 'attach_pdf']).where('number', 'in', recipientNumbers).execute()) attach.set(r.number, r.attach_pdf);
  }
  const withPdf = [...new Set([...docs.values()].filter((d) => attachesPdf(env, attach.get(d.recipient_number))))];
  // Kept PDFs are taken now: one may be dropped from the cache while the views are read.
  const kept = new Map<number, Buffer>();
  for (const d of withPdf) {
    const pdf = cachedPdf(pdfKey(d));
    if (pdf) kept.set(d.id, pdf);
  }
  const toRender = withPdf.filter((d) => !kept.has(d.id));
  const views = new Map((await buildViews(db, env.ctx, toRender)).map((v, k) => [toRender[k].id, v]));

  for (const row of docMails) {
    const ready = out.get(row.id)!;
    const doc = docs.get(`${row.ref_type}:${row.ref_number}`);
    if (!doc) {
      ready.mail = Promise.resolve(failed('NOT_DELIVERED', 'DOCUMENT_GONE', { type: row.ref_type, number: row.ref_number }));
      continue;
    }
    const attached = withPdf.includes(doc);
    const mail = mailOptions(env, row, documentContent(env, row, factsOf(doc), attached));
    if (!attached) {
      ready.mail = Promise.resolve({ mail });
      continue;
    }
    const filename = `${FILE_STEM[doc.kind as DocumentKind]}-${doc.number}.pdf`;
    const pdf = kept.get(doc.id);
    if (pdf) {
      ready.mail = Promise.resolve({ mail: { ...mail, attachments: [{ filename, content: pdf, contentType: 'application/pdf' }] } });
      continue;
    }
    // The worker builds the message; the SMTP transport takes it as it is (envelope from from/to/cc).
    const built = runTask('mail.document', { view: views.get(doc.id)!, mail, filename });
    ready.mail = settle(built.then((b) => (keepPdf(pdfKey(doc), asBuffer(b.pdf)), { mail: { from: mail.from, to: mail.to, cc: mail.cc, messageId: mail.messageId, raw: asBuffer(b.raw) } })));
  }
  return out;
}
