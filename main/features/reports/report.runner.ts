/**
 * Runs a validated report request: picks the writer for the format and answers a FileResult whose bytes are produced
 * while they are sent (JSON and CSV straight from the row chunks; XLSX through a temporary file that the streaming
 * workbook writer fills chunk by chunk and that is deleted once sent), in the report worker thread where the database
 * can be opened a second time (report-off-thread.ts). PDF and EHF come from the report itself.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { writeCsv } from '../../render/csv/report-csv.js';
import type { ReportTable, TableColumn } from '../../render/report/report-table.js';
import { writeJson } from '../../render/report/report-json.js';
import { writeXlsxFile, XLSX_CONTENT_TYPE } from '../../render/xlsx/report-xlsx.js';
import { FileResult } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { reportBytes } from './report-off-thread.js';
import { startProgress, type ProgressSink } from './report-progress.js';
import type { ReportDef, ReportRequest } from './report.types.js';

export function columnsAsAsked(def: ReportDef, req: ReportRequest): TableColumn[] {
  const byKey = new Map(def.columns.map((c) => [c.key, c]));
  return req.columns.map((k) => {
    const c = byKey.get(k)!;
    return { key: c.key, label: c[req.lang], type: c.type, sum: c.sum };
  });
}

export async function reportTable(ctx: AppContext, def: ReportDef, req: ReportRequest): Promise<ReportTable> {
  const columns = def.tableColumns ? await def.tableColumns(ctx, req) : columnsAsAsked(def, req);
  return { title: def.title[req.lang], columns, rows: () => def.rows(ctx, req.params, req) };
}

/** Counts rows as they pass into a writer (progress). */
function counted(table: ReportTable, progress: ProgressSink): ReportTable {
  return {
    ...table,
    async *rows() {
      for await (const chunk of table.rows()) {
        yield chunk;
        progress.rows(chunk.length);
      }
    },
  };
}

/** The file names and types of the streamed formats. */
export const STREAMED = {
  JSON: { type: 'application/json; charset=utf-8', ext: 'json' },
  CSV: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  XLS: { type: XLSX_CONTENT_TYPE, ext: 'xlsx' },
} as const;
export type StreamedFormat = keyof typeof STREAMED;

/**
 * The bytes of a JSON, CSV or XLSX report, produced from its row chunks: the same code in this thread (in-memory
 * databases) and in the report worker (report-off-thread.ts). XLSX goes through a temporary file that the streaming
 * workbook writer fills and that is deleted once read.
 */
export async function* generate(ctx: AppContext, def: ReportDef, req: ReportRequest, progress: ProgressSink): AsyncGenerator<Buffer> {
  if (def.count) progress.total(await def.count(ctx, req.params, req));
  progress.phase('rows');
  const table = counted(await reportTable(ctx, def, req), progress);
  if (req.format === 'JSON') yield* writeJson(table, req.maxRows);
  else if (req.format === 'CSV') yield* writeCsv(table);
  else {
    const tables = [table, ...((await def.moreSheets?.(ctx, req)) ?? [])];
    const dir = await mkdtemp(join(tmpdir(), 'kvitt-report-'));
    try {
      const file = join(dir, 'report.xlsx');
      await writeXlsxFile(file, tables);
      progress.phase('file');
      for await (const part of createReadStream(file, { highWaterMark: 256 * 1024 })) yield part as Buffer;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

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
