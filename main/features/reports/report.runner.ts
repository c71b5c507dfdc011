/**
 * Runs a validated report request: picks the writer for the format and answers a FileResult whose bytes are produced
 * while they are sent (JSON and CSV straight from the row chunks; XLSX through a temporary file that the streaming
 * workbook writer fills chunk by chunk and that is deleted once sent), in the report worker thread where the database
 * can be opened a second time (report-off-thread.ts). PDF and EHF come from the report itself.
 */
import type { AppContext } from '../../context.js';
import { XLSX_CONTENT_TYPE } from '../../render/xlsx/report-xlsx.js';
import { FileResult } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { reportBytes } from './report-off-thread.js';
import { startProgress } from './report-progress.js';
import type { ReportDef, ReportRequest } from './report.types.js';

/** The file names and types of the streamed formats. */
export const STREAMED = {
  JSON: { type: 'application/json; charset=utf-8', ext: 'json' },
  CSV: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  XLS: { type: XLSX_CONTENT_TYPE, ext: 'xlsx' },
} as const;
export type StreamedFormat = keyof typeof STREAMED;

const EMPTY = Buffer.alloc(0);

export async function runReport(ctx: AppContext, def: ReportDef, req: ReportRequest & { progress?: string }): Promise<FileResult> {
  if (def.check) await def.check(ctx, req.params);
  const stem = def.filename + (req.params.number ? `-${req.params.number}` : '');
  switch (req.format) {
    case 'PDF':
      if (!def.pdf) break;
      return def.pdf(ctx, req);
    case 'EHF':
      if (!def.ehf) break;
      return def.ehf(ctx, req);
    case 'JSON':
    case 'CSV':
    case 'XLS': {
      const { type, ext } = STREAMED[req.format];
      return new FileResult(type, `${stem}.${ext}`, EMPTY, () => reportBytes(ctx, def, req, startProgress(ctx, req.progress)));
    }
  }
  throw validationError([fieldError('format', 'FORMAT_NOT_AVAILABLE', { format: String(req.format) })]);
}

/** The whole file in memory: for e-mail attachments only. */
export async function reportBuffer(result: FileResult): Promise<Buffer> {
  if (!result.stream) return result.data;
  const parts: Buffer[] = [];
  for await (const part of result.stream()) parts.push(part);
  return Buffer.concat(parts);
}
