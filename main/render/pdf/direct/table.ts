/**
 * Table geometry as pdfmake 0.2 lays a table out (no vertical rules, no spans): each column's content box is its width
 * between the left and right paddings; a row is its top padding, its tallest cell, its bottom padding, and then the
 * horizontal rule under it (which takes its own width of room; rule i is the one above row i).
 */
import type { Color, DrawItem } from './display-list';
import { drawLines, layoutText, linesHeight, type Align, type Span, type TextLine } from './text-layout';

export interface Cell {
  spans: Span[];
  align?: Align;
  noWrap?: boolean;
}

export interface TableSpec {
  /** Column content widths (already resolved). */
  widths: number[];
  padL: number;
  padR: number;
  /** Per-column [left, right] paddings, instead of padL/padR for every column (pdfmake's lightHorizontalLines). */
  padCols?: Array<[number, number]>;
  padT(row: number): number;
  padB(row: number): number;
  /** Rule i (above row i; i = rows is under the last row): width 0 for none. */
  rule(i: number): { width: number; color: Color };
  fill?(row: number): Color | null;
}

export interface LaidRow {
  cells: TextLine[][];
  /** Padding + content + padding (without the rule under it). */
  height: number;
  padT: number;
}

/** The '*' column's width when the others are fixed, as pdfmake shares the room. */
export function starWidth(total: number, fixed: number[], padL: number, padR: number, stars = 1): number {
  const cols = fixed.length + stars;
  return (total - cols * (padL + padR) - fixed.reduce((a, b) => a + b, 0)) / stars;
}

const padLeft = (t: TableSpec, i: number) => (t.padCols ? t.padCols[i][0] : t.padL);
const padRight = (t: TableSpec, i: number) => (t.padCols ? t.padCols[i][1] : t.padR);

export function tableWidth(t: TableSpec): number {
  return t.widths.reduce((a, w, i) => a + w + padLeft(t, i) + padRight(t, i), 0);
}

export function layRow(t: TableSpec, row: Cell[], index: number): LaidRow {
  let content = 0;
  const cells = row.map((c, i) => {
    const lines = layoutText(c.spans, t.widths[i], c.noWrap);
    content = Math.max(content, linesHeight(lines));
    return lines;
  });
  return { cells, height: t.padT(index) + content + t.padB(index), padT: t.padT(index) };
}

/** Draws a laid-out row with its top at y (fill, cells, then rule index+1 under it); returns the y after the rule. */
export function drawRow(items: DrawItem[], t: TableSpec, row: Cell[], laid: LaidRow, index: number, x: number, y: number): number {
  const fill = t.fill?.(index);
  if (fill) items.push({ t: 'rect', x, y, w: tableWidth(t), h: laid.height, fill });
  let cx = x;
  laid.cells.forEach((lines, i) => {
    drawLines(items, lines, cx + padLeft(t, i), y + laid.padT, t.widths[i], row[i].align ?? 'left');
    cx += padLeft(t, i) + t.widths[i] + padRight(t, i);
  });
  return drawRule(items, t, index + 1, x, y + laid.height);
}

/** Draws rule i at y (its width centred below y) and returns y + its width. */
export function drawRule(items: DrawItem[], t: TableSpec, i: number, x: number, y: number): number {
  const r = t.rule(i);
  if (!r.width) return y;
  items.push({ t: 'line', x1: x, y1: y + r.width / 2, x2: x + tableWidth(t), y2: y + r.width / 2, color: r.color, lineWidth: r.width });
  return y + r.width;
}
