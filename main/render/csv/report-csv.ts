/**
 * CSV for Norwegian Excel and LibreOffice: UTF-8 with a byte-order mark (so æøå survive a double click), `;` as the
 * separator and decimal comma in amounts (`1234,50`, no thousands separator, so the cell is a number), dates
 * `YYYY-MM-DD`, CRLF line ends, fields quoted only when needed (RFC 4180 quoting with `"`). No summary row: every line
 * after the header is one record, so the file imports cleanly. Rows are written as they arrive (csv-stringify), never held.
 */
import { stringify } from 'csv-stringify/sync';
import { type CellValue, type ReportTable, type TableColumn } from '../report/report-table.js';

export const CSV_DIALECT = { bom: '\uFEFF', delimiter: ';', recordDelimiter: '\r\n', decimal: ',' } as const;

/** Money as `1234,50` (øre in), `-0,05` for negatives. */
export function csvMoney(ore: number): string {
  const neg = ore < 0;
  const abs = Math.abs(ore);
  return `${neg ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function cell(c: TableColumn, v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (c.type === 'money' && typeof v === 'number') return csvMoney(v);
  if (c.type === 'number' && typeof v === 'number') return String(v).replace('.', ',');
  return String(v);
}

const line = (cells: string[]) => stringify([cells], { delimiter: CSV_DIALECT.delimiter, record_delimiter: CSV_DIALECT.recordDelimiter });

export async function* writeCsv(table: ReportTable): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_DIALECT.bom + line(table.columns.map((c) => c.label)), 'utf8');
  for await (const chunk of table.rows()) {
    const out: string[][] = [];
    for (const row of chunk) {
      out.push(table.columns.map((c) => cell(c, row[c.key])));
    }
    if (out.length) yield Buffer.from(stringify(out, { delimiter: CSV_DIALECT.delimiter, record_delimiter: CSV_DIALECT.recordDelimiter }), 'utf8');
  }
}
