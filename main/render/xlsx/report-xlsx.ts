/**
 * XLSX through the exceljs streaming WorkbookWriter: each row is committed as it arrives, so memory stays flat; the
 * workbook goes to a file (the caller streams that file out and deletes it). Money cells are numbers in kroner with the
 * format `#,##0.00` (Excel stores formats locale-free; Norwegian Excel shows it as `# ##0,00`), dates are real dates
 * (`dd.mm.yyyy`), the header row is bold and frozen with an autofilter, widths follow the column types, and a bold "Sum"
 * row closes sheets that have money columns. Each column gets its value converter and ONE style object once, shared by
 * all its cells: exceljs looks styles up by object identity, so a shared style costs a map hit per cell where a fresh
 * `{}` per cell (what column styles give by default) costs a full style build and hash.
 */
import ExcelJS from 'exceljs';
import { kr, MoneyTotals, type CellValue, type ReportTable, type TableColumn } from '../report/report-table.js';

export const XLSX_MONEY_FORMAT = '#,##0.00';
export const XLSX_DATE_FORMAT = 'dd.mm.yyyy';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WIDTH: Record<TableColumn['type'], number> = { money: 16, date: 12, number: 10, text: 24 };

type Convert = (v: CellValue) => ExcelJS.CellValue;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CONVERT: Record<TableColumn['type'], Convert> = {
  money: (v) => (typeof v === 'number' ? kr(v) : (v ?? null)),
  date: (v) => (typeof v === 'string' && DATE.test(v) ? new Date(`${v}T00:00:00Z`) : (v ?? null)),
  number: (v) => v ?? null,
  text: (v) => v ?? null,
};
const STYLE: Record<TableColumn['type'], () => Partial<ExcelJS.Style>> = {
  money: () => ({ numFmt: XLSX_MONEY_FORMAT }),
  date: () => ({ numFmt: XLSX_DATE_FORMAT }),
  number: () => ({}),
  text: () => ({}),
};

const sheetName = (s: string) => s.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Rapport';

async function writeSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, table: ReportTable): Promise<void> {
  const ws = wb.addWorksheet(sheetName(table.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = table.columns.map((c) => ({ key: c.key, width: Math.max(WIDTH[c.type], Math.min(40, c.label.length + 2)) }));
  const styles = table.columns.map((c) => STYLE[c.type]());
  const keys = table.columns.map((c) => c.key);
  const converts = table.columns.map((c) => CONVERT[c.type]);
  const n = keys.length;
  const add = (values: ExcelJS.CellValue[], font?: Partial<ExcelJS.Font>) => {
    const row = ws.addRow(values);
    for (let i = 0; i < n; i++) {
      const cell = row.getCell(i + 1);
      cell.style = font ? { ...styles[i], font } : (styles[i] as ExcelJS.Style);
    }
    row.commit();
  };
  add(table.columns.map((c) => c.label), { bold: true });
  if (n) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: n } };
  const totals = new MoneyTotals(table.columns);
  const values: ExcelJS.CellValue[] = new Array(n);
  for await (const chunk of table.rows()) {
    totals.addAll(chunk);
    for (let r = 0; r < chunk.length; r++) {
      const row = chunk[r];
      for (let i = 0; i < n; i++) values[i] = converts[i](row[keys[i]]);
      add(values);
    }
  }
  if (totals.any) add(table.columns.map((c, i) => (totals.get(c.key) !== undefined ? kr(totals.get(c.key)!) : i === 0 ? 'Sum' : null)), { bold: true });
  ws.commit();
}

/** Writes one sheet per table into `filename`. */
export async function writeXlsxFile(filename: string, tables: ReportTable[]): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: true, useSharedStrings: false });
  for (const t of tables) await writeSheet(wb, t);
  await wb.commit();
}
