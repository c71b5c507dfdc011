/**
 * The page of an invoice, credit note, offer or order confirmation as a display list (./display-list.ts), laid out by
 * Kvitt directly (no pdfmake): the same page the pdfmake definition described. First page: title and subtitle lines
 * (left), the seller block with the facts (right), the sender line and the buyer in the envelope window; then the
 * lines table, the VAT summary beside the totals, the free text, the payment sentence, and for invoices the giro at
 * the bottom of the last page (on a new page when the room left is less than its reservation). Every page: "Side X
 * av Y", from page 2 the running head; drafts: the UTKAST watermark.
 * The shared blocks' definitions (seller block, title, window address, payment sentence, giro) are drawn by ./nodes.ts.
 */
import type { DocumentView } from '../../document-view';
import { giro, paymentInstruction } from '../blocks/giro';
import { buyerAddress, sellerBlock, titleBlock, type FactRow } from '../blocks/parties';
import { KIND_LAYOUTS } from '../kinds';
import { factRows } from '../kinds/fact-rows';
import {
  CONTENT_W, documentNumber, GIRO_H, INK, MARGIN_B, MARGIN_L, MARGIN_R, MARGIN_T, MM, MUTED, nonEmpty, PAGE_H, PAGE_W, WINDOW_Y,
  type ContentObject,
} from '../layout';
import type { DisplayDocument, DrawItem } from './display-list';
import { Flow } from './flow';
import { drawLinesTable } from './lines-table';
import { fontMetrics, fontFor, lineHeightOf, widthOf } from './metrics';
import { drawAbsolute, drawStack, type Style } from './nodes';
import { drawSummary } from './summary';
import { drawRow, layRow, starWidth, type TableSpec } from './table';
import { drawLines, layoutText } from './text-layout';

const BASE: Style = { fontSize: 9, bold: false, color: INK, lineHeight: 1.05, alignment: 'left' };
const SELLER_W = 205;
const HEAD_GAP = 12;

/** What the head of the first page shows: the title and its lines (left), the facts under the seller block (right). */
export interface HeadPart {
  title: string;
  subtitle: string[];
  facts: FactRow[];
  labelWidth: number;
  /** Labels whose value prints bold. */
  bold: Set<string>;
}

function facts(items: DrawItem[], h: HeadPart, x: number, y: number): number {
  const bold = h.bold;
  const t: TableSpec = { widths: [h.labelWidth, starWidth(SELLER_W, [h.labelWidth], 0, 4)], padL: 0, padR: 4, padT: () => 1, padB: () => 1, rule: () => ({ width: 0, color: INK }) };
  let top = y + 12;
  h.facts.forEach(([label, value], i) => {
    const row = [
      { spans: [{ text: label, font: fontFor(false), size: 8.5, color: MUTED, lineHeight: 1.05 }] },
      { spans: [{ text: value, font: fontFor(bold.has(label)), size: 8.5, color: INK, lineHeight: 1.05 }] },
    ];
    top = drawRow(items, t, row, layRow(t, row, i), i, x, top);
  });
  return top - y;
}

/** Title (left; keeps the flow below the window address) and seller + facts (right). */
export function head(flow: Flow, doc: DocumentView, h: HeadPart, withLogo: boolean): void {
  const leftW = CONTENT_W - SELLER_W - HEAD_GAP;
  const items = flow.items;
  let left = drawStack(items, titleBlock(h.title, h.subtitle) as ContentObject[], BASE, MARGIN_L, flow.y, leftW);
  left += WINDOW_Y + 62 - MARGIN_T - 40 + 1; // the spacer under the title (margin + a 1 pt canvas)
  const rightX = MARGIN_L + leftW + HEAD_GAP;
  const seller = sellerBlock(doc, withLogo) as ContentObject[];
  let right = drawStack(items, seller, { ...BASE, fontSize: 8.5, lineHeight: 1.1 }, rightX, flow.y, SELLER_W);
  right += facts(items, h, rightX, flow.y + right);
  flow.y += Math.max(left, right);
  drawAbsolute(items, buyerAddress(doc) as ContentObject[], BASE);
}

/** A text node ({text, fontSize, bold, color, margin}) in the flow, breaking to a new page between its lines. */
export function paragraph(flow: Flow, node: ContentObject | null): void {
  if (!node) return;
  const m = (node.margin as number[] | undefined) ?? [0, 0, 0, 0];
  flow.y += m[1];
  const lines = layoutText([{ text: String(node.text), font: fontFor(node.bold === true), size: node.fontSize as number, color: (node.color as string) ?? INK, lineHeight: 1.05 }], CONTENT_W);
  for (const line of lines) {
    if (line.height > flow.room()) flow.newPage();
    flow.y += drawLines(flow.items, [line], MARGIN_L, flow.y, CONTENT_W);
  }
  flow.y += m[3];
}

/** The giro's reservation: on this page if the room allows, else on a new one; then its nodes at the page bottom. */
export function giroPart(flow: Flow, doc: DocumentView): void {
  if (flow.room() < GIRO_H - MARGIN_B + 8) flow.newPage();
  flow.y += GIRO_H - MARGIN_B + 8;
  drawAbsolute(flow.items, giro(doc), BASE);
}

export function pageHeads(doc: DisplayDocument, heading: string, author: string): void {
  const n = doc.pages.length;
  const size = 7.5;
  const y = 8 * MM + (fontMetrics('Helvetica').ascender / 1000) * size;
  doc.pages.forEach((page, i) => {
    const items = page.items;
    if (i > 0) items.push({ t: 'text', x: MARGIN_L, y, text: `${heading} · ${author}`, font: 'Helvetica', size, color: MUTED });
    const side = `Side ${i + 1} av ${n}`;
    items.push({ t: 'text', x: PAGE_W - MARGIN_R - widthOf(side, 'Helvetica', size), y, text: side, font: 'Helvetica', size, color: MUTED });
  });
}

/** pdfmake's automatic watermark: the largest size whose rotated box fits the page, along the diagonal, centred. */
function watermark(doc: DisplayDocument, text: string): void {
  const font = fontFor(true);
  const angle = (Math.atan2(PAGE_H, PAGE_W) * -180) / Math.PI;
  const rad = (angle * Math.PI) / -180;
  const rotated = (size: number) => {
    const w = widthOf(text, font, size), h = lineHeightOf(font, size);
    return { w: Math.abs(h * Math.sin(rad)) + Math.abs(w * Math.cos(rad)), h: Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad)) };
  };
  let a = 0, b = 1000, c = 500;
  while (Math.abs(a - b) > 1) {
    const r = rotated(c);
    if (r.w > PAGE_W || (r.w < PAGE_W && r.h > PAGE_H)) b = c;
    else if (r.w < PAGE_W) a = c;
    c = (a + b) / 2;
    if (r.w === PAGE_W) break;
  }
  const size = c;
  const w = widthOf(text, font, size), h = lineHeightOf(font, size);
  // pdfkit rotates the page by `angle` (clockwise in its y-down space) around the centre and draws at the centred box.
  const cx = PAGE_W / 2, cy = PAGE_H / 2;
  const px = cx - w / 2 - cx, py = cy - h / 2 + (fontMetrics(font).ascender / 1000) * size - cy;
  const phi = -angle * (Math.PI / 180); // counter-clockwise, as the display list counts
  const x = cx + px * Math.cos(phi) + py * Math.sin(phi);
  const y = cy - px * Math.sin(phi) + py * Math.cos(phi);
  for (const page of doc.pages) {
    page.items.push({ t: 'text', x, y, text, font, size, color: '#9aa5b1', opacity: 0.15, rotate: -angle });
  }
}

/** The display list of an invoice, credit note, offer or order confirmation. */
export function layoutCommercialDocument(doc: DocumentView, withLogo = !!doc.seller.logo): DisplayDocument {
  const k = KIND_LAYOUTS[doc.kind];
  const number = documentNumber(doc);
  const flow = new Flow();
  const subtitle = [...(k.subtitle?.(doc) ?? []), ...(doc.number == null ? ['Utkast: ikke utstedt'] : [])];
  head(flow, doc, { title: k.title, subtitle, facts: factRows(doc, k), labelWidth: 78, bold: new Set([k.numberLabel, ...(k.boldLabels ?? [])]) }, withLogo);
  drawLinesTable(flow, doc);
  drawSummary(flow, doc, k.totalLabel);
  const text = nonEmpty(doc.invoiceText);
  if (text) paragraph(flow, { text, fontSize: 9, margin: [0, 14, 0, 0] });
  if (k.payable) {
    paragraph(flow, paymentInstruction(doc) as ContentObject | null);
    giroPart(flow, doc);
  }
  const heading = `${k.title} ${number}`;
  const out: DisplayDocument = {
    info: { title: heading, author: doc.seller.name, subject: `${heading} til ${doc.buyer.name}`, creator: 'Kvitt', producer: 'Kvitt' },
    pages: flow.pages,
  };
  if (doc.number == null) watermark(out, 'UTKAST');
  pageHeads(out, heading, doc.seller.name);
  return out;
}
