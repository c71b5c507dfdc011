/**
 * The page parts the invoice family's layouts share (./commercial-layout.ts for invoices, credit notes, offers and
 * order confirmations; ./dunning-layout.ts for dunnings), as display-list drawing on the flow: the first page's head
 * (title and its lines left, the seller block with the facts right, the buyer in the envelope window), a paragraph that
 * breaks between its lines, the giro's reservation and the giro at the bottom of the page, and on every page "Side X
 * av Y" with the running head from page 2. The shared blocks' definitions (seller block, title, window address, giro)
 * are drawn by ./nodes.ts.
 */
import type { DocumentView } from '../../document-view';
import { giro } from '../blocks/giro';
import { buyerAddress, sellerBlock, titleBlock, type FactRow } from '../blocks/parties';
import { CONTENT_W, GIRO_H, INK, MARGIN_B, MARGIN_L, MARGIN_R, MARGIN_T, MM, MUTED, PAGE_W, WINDOW_Y, type ContentObject } from '../layout';
import type { DisplayDocument, DrawItem } from './display-list';
import type { Flow } from './flow';
import { fontMetrics, fontFor, widthOf } from './metrics';
import { drawAbsolute, drawStack, type Style } from './nodes';
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
  const y = 8 * MM + (fontMetrics('DejaVuSansCondensed').ascender / 1000) * size;
  doc.pages.forEach((page, i) => {
    const items = page.items;
    if (i > 0) items.push({ t: 'text', x: MARGIN_L, y, text: `${heading} · ${author}`, font: 'DejaVuSansCondensed', size, color: MUTED });
    const side = `Side ${i + 1} av ${n}`;
    items.push({ t: 'text', x: PAGE_W - MARGIN_R - widthOf(side, 'DejaVuSansCondensed', size), y, text: side, font: 'DejaVuSansCondensed', size, color: MUTED });
  });
}
