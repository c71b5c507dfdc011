/**
 * A report's table and its bytes, made from its row chunks: the same code in the main thread (in-memory databases) and
 * in the report worker (report-task.ts). Imports nothing that runs a report, so the reports themselves and the worker's
 * task can use it without a cycle (report.runner.ts picks the thread).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { writeCsv } from '../../render/csv/report-csv.js';
import type { ReportTable, TableColumn } from '../../render/report/report-table.js';
import { writeJson } from '../../render/report/report-json.js';
import { writeXlsxFile } from '../../render/xlsx/report-xlsx.js';
import type { ProgressSink } from './report-progress.js';
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
