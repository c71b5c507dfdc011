/**
 * CSV for Norwegian Excel and LibreOffice: UTF-8 with a byte-order mark (so æøå survive a double click), `;` as the
 * separator and decimal comma in amounts (`1234,50`, no thousands separator, so the cell is a number), dates
 * `YYYY-MM-DD`, CRLF line ends, fields quoted only when needed (RFC 4180 quoting with `"`). No summary row: every line
 * after the header is one record, so the file imports cleanly. Rows are written as they arrive, one string per chunk:
 * each column gets its formatter once (no per-cell type switch, no CSV library call per chunk), so the writer costs
 * about what the bare csv-stringify stream does (test/bench/reports.bench.ts).
 */
import { type CellValue, type ReportRow, type ReportTable, type TableColumn } from '../report/report-table.js';

export const CSV_DIALECT = { bom: '\uFEFF', delimiter: ';', recordDelimiter: '\r\n', decimal: ',' } as const;

/** Money as `1234,50` (øre in), `-0,05` for negatives. */
export function csvMoney(ore: number): string {
  const neg = ore < 0;
  const abs = neg ? -ore : ore;
  const cents = abs % 100;
  return `${neg ? '-' : ''}${(abs - cents) / 100},${cents < 10 ? '0' : ''}${cents}`;
}

const NEEDS_QUOTES = /[;"\r\n\t]/;
/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it begins with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number written as text ("-12", "+47", "1234,50"): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?[0-9]+([,.][0-9]+)?$/;

/**
 * A text field, the one way Kvitt writes text into any CSV: a cell that would start a formula gets a leading `'` (so
 * Excel and LibreOffice show it as text: `=HYPERLINK(…)` stays those characters), then it is quoted (with `"` doubled)
 * when it holds the separator, a quote, a tab or a line break. Plain numbers are left as they are.
 */
export function csvText(s: string): string {
  const safe = FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (no line end) of text cells, each through csvText. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvText).join(CSV_DIALECT.delimiter);
}

type Format = (v: CellValue) => string;
const FORMAT: Record<TableColumn['type'], Format> = {
  money: (v) => (typeof v === 'number' ? csvMoney(v) : v === null || v === undefined ? '' : csvText(String(v))),
  number: (v) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : String(v).replace('.', ',')) : v === null || v === undefined ? '' : csvText(String(v))),
  date: (v) => (v === null || v === undefined ? '' : csvText(String(v))),
  text: (v) => (v === null || v === undefined ? '' : csvText(String(v))),
};

/** One function per table that turns a chunk of rows into CSV text (the column loop unrolled into one expression). */
export function csvChunkWriter(columns: TableColumn[]): (rows: ReportRow[]) => string {
  const keys = columns.map((c) => c.key);
  const formats = columns.map((c) => FORMAT[c.type]);
  const n = keys.length;
  return (rows) => {
    let out = '';
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      let line = n ? formats[0](row[keys[0]]) : '';
      for (let i = 1; i < n; i++) line += ';' + formats[i](row[keys[i]]);
      out += line + '\r\n';
    }
    return out;
  };
}

export async function* writeCsv(table: ReportTable): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_DIALECT.bom + table.columns.map((c) => csvText(c.label)).join(';') + '\r\n', 'utf8');
  const write = csvChunkWriter(table.columns);
  for await (const chunk of table.rows()) {
    if (chunk.length) yield Buffer.from(write(chunk), 'utf8');
  }
}
