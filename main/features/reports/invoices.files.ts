/**
 * The invoices report as files: PDF (every invoice and credit note of the date or number range in one PDF, each
 * rendered by the document PDF writer and joined with pdf-lib) and EHF (one zip with each document's EHF 3.0 file and
 * `sammendrag.csv` naming what was exported and what was not, with the reason: an EHF that breaks an official rule is left
 * out with the rule's id and text). Documents are read in chunks.
 */
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context.js';
import { csvLine, csvMoney, CSV_DIALECT } from '../../render/csv/report-csv.js';
import { BuyerIdInvalid, BuyerOrgMissing, renderEhf } from '../../render/ehf/ehf-writer.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';
import { zipStream } from '../../render/zip/ehf-zip.js';
import { FileResult } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { buildViews, checkEhf, ehfRuleParams } from '../documents/core.js';
import { keyset } from './chunks.js';
import { invoiceRowsQuery } from './invoices.rows.js';
import type { ReportRequest } from './report.types.js';

/** A PDF is built in memory: at most this many documents in one. */
export const MAX_PDF_DOCUMENTS = 500;
const EMPTY = Buffer.alloc(0);

function documentChunks(ctx: AppContext, req: ReportRequest, size = 100) {
  return keyset(
    (after, limit) => {
      let q = invoiceRowsQuery(ctx.db, req.params).selectAll('d');
      if (after !== null) q = q.where('d.id', '>', after);
      return q.orderBy('d.id').limit(limit).execute();
    },
    (d) => d.id,
    (docs) => buildViews(ctx.db, ctx, docs),
    size,
  );
}

export async function invoicesPdf(ctx: AppContext, req: ReportRequest): Promise<FileResult> {
  const p = req.params;
  const byDate = !!(p.from || p.to);
  const byNumber = p.invoiceNumberFrom !== undefined || p.invoiceNumberTo !== undefined || p.invoiceNumber !== undefined;
  if (!byDate && !byNumber) {
    throw validationError([fieldError('from', 'PDF_NEEDS_RANGE')]);
  }
  if (byDate && byNumber) throw validationError([fieldError('invoiceNumberFrom', 'PDF_ONE_RANGE')]);
  const { n } = await invoiceRowsQuery(ctx.db, p).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) > MAX_PDF_DOCUMENTS) {
    throw validationError([fieldError(byDate ? 'from' : 'invoiceNumberFrom', 'PDF_TOO_MANY_DOCUMENTS', { count: n, max: MAX_PDF_DOCUMENTS })]);
  }
  const out = await PDFDocument.create();
  out.setTitle('Fakturaer');
  out.setProducer('Kvitt');
  for await (const views of documentChunks(ctx, req)) {
    for (const view of views) {
      const one = await PDFDocument.load(await renderDocumentPdf(view));
      for (const page of await out.copyPages(one, one.getPageIndices())) out.addPage(page);
    }
  }
  const data = Buffer.from(await out.save());
  return new FileResult('application/pdf', 'fakturaer.pdf', data);
}

const STEM = { invoice: 'faktura', 'credit-note': 'kreditnota' } as Record<string, string>;

export async function invoicesEhf(ctx: AppContext, req: ReportRequest): Promise<FileResult> {
  const stream = () =>
    zipStream(async (zip) => {
      const lines = [['Nummer', 'Type', 'Kunde', 'Totalt', 'Eksportert', 'Fil', 'Grunn']];
      for await (const views of documentChunks(ctx, req)) {
        for (const v of views) {
          const name = `${STEM[v.kind] ?? v.kind}-${v.number}.xml`;
          const kind = v.kind === 'invoice' ? 'Faktura' : 'Kreditnota';
          const total = csvMoney(v.totalOre);
          try {
            const xml = renderEhf(v);
            // Only files that pass the official rules go into the zip; the summary names the rule of one that did not.
            const report = await checkEhf(xml);
            if (!report.ok) {
              const r = ehfRuleParams(report);
              lines.push([String(v.number), kind, v.buyer.name, total, 'nei', '', `Bryter EHF-regelen ${r.rule}: ${r.text}`]);
              continue;
            }
            zip.add(name, Buffer.from(xml, 'utf8'));
            lines.push([String(v.number), kind, v.buyer.name, total, 'ja', name, '']);
          } catch (e) {
            const why = e instanceof BuyerOrgMissing ? 'Kunden har ikke organisasjonsnummer (EHF er for virksomheter)'
              : e instanceof BuyerIdInvalid ? `Kundens nummer ${e.value} passer ikke til ICD ${e.scheme}` : (e as Error).message;
            lines.push([String(v.number), kind, v.buyer.name, total, 'nei', '', why]);
          }
        }
      }
      const csv = lines.map(csvLine).join(CSV_DIALECT.recordDelimiter);
      zip.add('sammendrag.csv', Buffer.from(CSV_DIALECT.bom + csv + CSV_DIALECT.recordDelimiter, 'utf8'));
    });
  return new FileResult('application/zip', 'fakturaer-ehf.zip', EMPTY, stream);
}
