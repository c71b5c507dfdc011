/**
 * A statement PDF (kontoutskrift) of report rows: title, company and period on top, a table whose header repeats on
 * every page, right-aligned Norwegian amounts, a bold total row, "Side X av Y". Same pdfmake printer and fonts as the
 * document writer; the figures come ready from the caller.
 */
import { formatDate, formatMoney } from '../format';
import type { ReportRow, TableColumn } from '../report/report-table.js';
import { renderDefinition } from './render.js';

export interface Statement {
  title: string;
  company: string;
  period: string;
  columns: TableColumn[];
  rows: ReportRow[];
  totals: Record<string, number>;
}

function cellText(c: TableColumn, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (c.type === 'money') return formatMoney(v as number);
  if (c.type === 'date') return formatDate(v as string);
  return String(v);
}

export function renderStatementPdf(s: Statement): Promise<Buffer> {
  const align = (c: TableColumn) => (c.type === 'money' || c.type === 'number' ? 'right' : 'left');
  const body = [
    s.columns.map((c) => ({ text: c.label, bold: true, alignment: align(c), fillColor: '#eef2f7' })),
    ...s.rows.map((r) => s.columns.map((c) => ({ text: cellText(c, r[c.key]), alignment: align(c) }))),
    s.columns.map((c, i) => ({ text: s.totals[c.key] !== undefined ? formatMoney(s.totals[c.key]) : i === 0 ? 'Sum' : '', bold: true, alignment: align(c) })),
  ];
  const definition = {
    pageSize: 'A4',
    pageOrientation: s.columns.length > 7 ? 'landscape' : 'portrait',
    pageMargins: [40, 50, 40, 40],
    info: { title: s.title, producer: 'Kvitt' },
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    header: (page: number, count: number) => ({ text: `Side ${page} av ${count}`, alignment: 'right', margin: [40, 20, 40, 0], fontSize: 7, color: '#5f6b7a' }),
    content: [
      { text: s.title, fontSize: 16, bold: true, color: '#174a8c' },
      { text: s.company, margin: [0, 4, 0, 0] },
      { text: s.period, margin: [0, 2, 0, 10], color: '#5f6b7a' },
      { table: { headerRows: 1, widths: s.columns.map((c) => (c.type === 'text' ? '*' : 'auto')), body }, layout: 'lightHorizontalLines' },
    ],
  };
  return renderDefinition(definition);
}
