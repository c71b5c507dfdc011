/**
 * XLSX through the exceljs streaming WorkbookWriter: each row is committed as it arrives, so memory stays flat; the
 * workbook goes to a file (the caller streams that file out and deletes it). Money cells are numbers in kroner with the
 * format `#,##0.00` (Excel stores formats locale-free; Norwegian Excel shows it as `# ##0,00`), dates are real dates
 * (`dd.mm.yyyy`), the header row is bold and frozen with an autofilter, widths follow the column types, and a bold "Sum"
 * row closes sheets that have money columns.
 */
import ExcelJS from 'exceljs';
import { kr, MoneyTotals, type CellValue, type ReportTable, type TableColumn } from '../report/report-table.js';

export const XLSX_MONEY_FORMAT = '#,##0.00';
export const XLSX_DATE_FORMAT = 'dd.mm.yyyy';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WIDTH: Record<TableColumn['type'], number> = { money: 16, date: 12, number: 10, text: 24 };

function value(c: TableColumn, v: CellValue): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (c.type === 'money' && typeof v === 'number') return kr(v);
  if (c.type === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  return v;
}

const sheetName = (s: string) => s.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Rapport';

async function writeSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, table: ReportTable): Promise<void> {
  const ws = wb.addWorksheet(sheetName(table.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = table.columns.map((c) => ({
    key: c.key,
    width: Math.max(WIDTH[c.type], Math.min(40, c.label.length + 2)),
    style: c.type === 'money' ? { numFmt: XLSX_MONEY_FORMAT } : c.type === 'date' ? { numFmt: XLSX_DATE_FORMAT } : {},
  }));
  const header = ws.addRow(table.columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();
  if (table.columns.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  const totals = new MoneyTotals(table.columns);
  for await (const chunk of table.rows()) {
    for (const row of chunk) {
      totals.add(row);
      ws.addRow(table.columns.map((c) => value(c, row[c.key]))).commit();
    }
  }
  if (totals.any) {
    const sum = ws.addRow(table.columns.map((c, i) => (totals.get(c.key) !== undefined ? kr(totals.get(c.key)!) : i === 0 ? 'Sum' : null)));
    sum.font = { bold: true };
    sum.commit();
  }
  ws.commit();
}

/** Writes one sheet per table into `filename`. */
export async function writeXlsxFile(filename: string, tables: ReportTable[]): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: true, useSharedStrings: false });
  for (const t of tables) await writeSheet(wb, t);
  await wb.commit();
}
