/**
 * The account statement (kontoutskrift) as a display list (./display-list.ts), laid out by Kvitt directly as the
 * pdfmake definition had it: A4 (landscape with more than 7 columns), margins 40/50/40/40; the title (16 pt bold,
 * accent), the company and the period (grey) on top; then the table in pdfmake's lightHorizontalLines look: the header
 * row bold on HEAD_FILL with a 2 pt black rule under it, repeated at the top of every page, 1 pt light rules between
 * rows, none above the header or under the bold Sum row. Money and number columns right-aligned. Text columns share the
 * room left ('*'), the others are as wide as their widest content ('auto'), as pdfmake sized them; a row never splits
 * (one that does not fit moves whole to the next page), a cell too long for its column wraps within it.
 * Every page: "Side X av Y" top right, 7 pt grey.
 */
import { formatDate, formatMoney } from '../../format';
import type { ReportRow, TableColumn } from '../../report/report-table';
import { ACCENT, HEAD_FILL, MUTED, PAGE_H, PAGE_W } from '../layout';
import type { DisplayDocument, FontName } from './display-list';
import { Flow } from './flow';
import { ascentOf, fontFor, widthOf } from './metrics';
import { drawRow, layRow, type Cell, type TableSpec } from './table';
import { drawLines, layoutText, textWidths, type Align } from './text-layout';

export interface Statement {
  title: string;
  company: string;
  period: string;
  columns: TableColumn[];
  rows: ReportRow[];
  totals: Record<string, number>;
}

const MARGIN_X = 40;
const MARGIN_TOP = 50;
const MARGIN_BOTTOM = 40;
const SIZE = 8;
const BLACK = '#000000';
const LIGHT = '#aaaaaa';
const PAD_GAP = 8;
const PAD_Y = 2;

function cellText(c: TableColumn, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (c.type === 'money') return formatMoney(v as number);
  if (c.type === 'date') return formatDate(v as string);
  return String(v);
}

const alignOf = (c: TableColumn): Align => (c.type === 'money' || c.type === 'number' ? 'right' : 'left');
const cell = (text: string, font: FontName, align: Align): Cell => ({ spans: [{ text, font, size: SIZE, color: BLACK }], align });

/**
 * pdfmake's column widths (columnCalculator): 'auto' columns get their widest content when everything fits, else a
 * share between narrowest and widest; '*' columns share what is left (or get the widest star minimum when even the
 * narrowest layout does not fit).
 */
function columnWidths(columns: TableColumn[], body: Cell[][], available: number): number[] {
  const min = columns.map(() => 0), max = columns.map(() => 0);
  for (const row of body) {
    row.forEach((c, i) => {
      const w = textWidths(c.spans);
      if (w.min > min[i]) min[i] = w.min;
      if (w.max > max[i]) max[i] = w.max;
    });
  }
  const star = columns.map((c) => c.type === 'text');
  let autoMin = 0, autoMax = 0, starMin = 0, starMax = 0, stars = 0;
  columns.forEach((_, i) => {
    if (star[i]) {
      stars++;
      starMin = Math.max(starMin, min[i]);
      starMax = Math.max(starMax, max[i]);
    } else {
      autoMin += min[i];
      autoMax += max[i];
    }
  });
  const minW = autoMin + starMin * stars, maxW = autoMax + starMax * stars;
  if (minW >= available) return columns.map((_, i) => (star[i] ? starMin : min[i]));
  const widths = columns.map((_, i) => {
    if (star[i]) return 0;
    return maxW < available ? max[i] : min[i] + ((max[i] - min[i]) * (available - minW)) / (maxW - minW);
  });
  const left = available - widths.reduce((a, b) => a + b, 0);
  return widths.map((w, i) => (star[i] ? left / stars : w));
}

function line(flow: Flow, text: string, font: FontName, size: number, color: string, width: number): void {
  for (const l of layoutText([{ text, font, size, color }], width)) {
    if (l.height > flow.room()) flow.newPage();
    flow.y += drawLines(flow.items, [l], MARGIN_X, flow.y, width);
  }
}

/** The display list of an account statement. */
export function layoutStatement(s: Statement): DisplayDocument {
  const landscape = s.columns.length > 7;
  const page = { width: landscape ? PAGE_H : PAGE_W, height: landscape ? PAGE_W : PAGE_H, top: MARGIN_TOP, bottom: MARGIN_BOTTOM };
  const contentW = page.width - 2 * MARGIN_X;
  const flow = new Flow(page);

  line(flow, s.title, fontFor(true), 16, ACCENT, contentW);
  flow.y += 4;
  line(flow, s.company, fontFor(false), SIZE, BLACK, contentW);
  flow.y += 2;
  line(flow, s.period, fontFor(false), SIZE, MUTED, contentW);
  flow.y += 10;

  const bold = fontFor(true), normal = fontFor(false);
  const body: Cell[][] = [
    s.columns.map((c) => cell(c.label, bold, alignOf(c))),
    ...s.rows.map((r) => s.columns.map((c) => cell(cellText(c, r[c.key]), normal, alignOf(c)))),
    s.columns.map((c, i) => cell(s.totals[c.key] !== undefined ? formatMoney(s.totals[c.key]) : i === 0 ? 'Sum' : '', bold, alignOf(c))),
  ];
  const n = s.columns.length;
  const rows = body.length;
  const padCols = s.columns.map((_, i): [number, number] => [i === 0 ? 0 : PAD_GAP, i === n - 1 ? 0 : PAD_GAP]);
  const padTotal = padCols.reduce((a, [l, r]) => a + l + r, 0);
  const t: TableSpec = {
    widths: columnWidths(s.columns, body, contentW - padTotal),
    padL: 0, padR: 0, padCols,
    padT: () => PAD_Y, padB: () => PAD_Y,
    rule: (i) => ({ width: i === 0 || i === rows ? 0 : i === 1 ? 2 : 1, color: i === 1 ? BLACK : LIGHT }),
    fill: (row) => (row === 0 ? HEAD_FILL : null),
  };
  const header = layRow(t, body[0], 0);
  const headerH = header.height + t.rule(1).width;
  for (let i = 0; i < rows; i++) {
    const laid = i === 0 ? header : layRow(t, body[i], i);
    const need = laid.height + t.rule(i + 1).width;
    if (i === 0) {
      // the header stays with the first row under it
      const first = rows > 1 ? layRow(t, body[1], 1) : null;
      if (need + (first ? first.height + t.rule(2).width : 0) > flow.room()) flow.newPage();
    } else if (need > flow.room() && flow.y > page.top + headerH) {
      flow.newPage();
      flow.y = drawRow(flow.items, t, body[0], header, 0, MARGIN_X, flow.y);
    }
    flow.y = drawRow(flow.items, t, body[i], laid, i, MARGIN_X, flow.y);
  }

  const out: DisplayDocument = {
    info: { title: s.title, author: s.company, subject: s.period, creator: 'Kvitt', producer: 'Kvitt' },
    pages: flow.pages,
  };
  const count = out.pages.length;
  const y = 20 + ascentOf('DejaVuSansCondensed', 7);
  out.pages.forEach((p, i) => {
    const side = `Side ${i + 1} av ${count}`;
    p.items.push({ t: 'text', x: p.width - MARGIN_X - widthOf(side, 'DejaVuSansCondensed', 7), y, text: side, font: 'DejaVuSansCondensed', size: 7, color: MUTED });
  });
  return out;
}
