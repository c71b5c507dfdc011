/**
 * The page of an invoice, credit note, offer or order confirmation as a display list (./display-list.ts), laid out by
 * Kvitt directly (no pdfmake): the same page the pdfmake definition described. First page: title and subtitle lines
 * (left), the seller block with the facts (right), the sender line and the buyer in the envelope window; then the
 * lines table, the VAT summary beside the totals, the free text, the payment sentence, and for invoices the giro at
 * the bottom of the last page (on a new page when the room left is less than its reservation). Every page: "Side X
 * av Y", from page 2 the running head; drafts: the UTKAST watermark.
 * The page parts it shares with the dunning (head, window address, paragraphs, giro, page heads) are ./page-parts.ts.
 */
import type { DocumentView } from '../../document-view';
import { paymentInstruction } from '../blocks/giro';
import { KIND_LAYOUTS } from '../kinds';
import { factRows } from '../kinds/fact-rows';
import { documentNumber, nonEmpty, PAGE_H, PAGE_W, type ContentObject } from '../layout';
import type { DisplayDocument } from './display-list';
import { Flow } from './flow';
import { drawLinesTable } from './lines-table';
import { fontMetrics, fontFor, lineHeightOf, widthOf } from './metrics';
import { giroPart, head, pageHeads, paragraph } from './page-parts';
import { drawSummary } from './summary';

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
