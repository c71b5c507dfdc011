/**
 * The page of an invoice, credit note, offer or order confirmation, put together from the shared blocks and the kind's
 * layout (kinds/): head (title, seller, facts), window address, lines, VAT and totals, free text, and for invoices
 * the payment sentence and the giro.
 */
import type { DocumentView } from '../document-view';
import { formatDate, formatOrgNumber } from '../format';
import { giroAtBottom, paymentInstruction } from './blocks/giro';
import { lineTable } from './blocks/lines';
import { pageFrame } from './blocks/page';
import { buyerAddress, factsTable, pageHead, titleBlock, type FactRow } from './blocks/parties';
import { summaryRow } from './blocks/totals';
import { countryLine, customerNumberOf, documentNumber, formatRate, isNok, nonEmpty, type Content, type ContentObject } from './layout';
import type { KindLayout } from './kinds';

function factRows(doc: DocumentView, k: KindLayout): FactRow[] {
  const rows: FactRow[] = [[k.numberLabel, documentNumber(doc)], [k.dateLabel, formatDate(doc.issueDate)], ...(k.dateRows?.(doc) ?? [])];
  if (doc.orderDate) rows.push(['Ordredato', formatDate(doc.orderDate)]);
  if (doc.deliveryDate) rows.push(['Leveringsdato', formatDate(doc.deliveryDate)]);
  const customerNumber = customerNumberOf(doc);
  if (customerNumber) rows.push(['Kundenr.', customerNumber]);
  if (nonEmpty(doc.buyer.orgNumber)) rows.push(['Kundens org.nr.', formatOrgNumber(doc.buyer.orgNumber!, false)]);
  if (nonEmpty(doc.ourReference)) rows.push(['Vår referanse', doc.ourReference!.trim()]);
  if (nonEmpty(doc.yourReference)) rows.push(['Deres referanse', doc.yourReference!.trim()]);
  if (nonEmpty(doc.orderNumber)) rows.push(['Deres ordrenr.', doc.orderNumber!.trim()]);
  rows.push(...(k.referenceRows?.(doc) ?? []));
  if (!isNok(doc)) rows.push(['Valuta', `${doc.currency.toUpperCase()} (kurs ${formatRate(doc.exchangeRate)})`]);
  const d = doc.deliveryAddress;
  if (d && (nonEmpty(d.address) || nonEmpty(d.city))) {
    const place = [nonEmpty(d.address), [nonEmpty(d.zip), nonEmpty(d.city)].filter(Boolean).join(' '), countryLine(d.country)]
      .filter(Boolean).join(', ');
    rows.push(['Leveringssted', place]);
  }
  return rows;
}

export function commercialDocument(doc: DocumentView, k: KindLayout, withLogo: boolean): ContentObject {
  const number = documentNumber(doc);
  const bold = new Set([k.numberLabel, ...(k.boldLabels ?? [])]);
  const subtitle = [...(k.subtitle?.(doc) ?? []), ...(doc.number == null ? ['Utkast: ikke utstedt'] : [])];
  const text = nonEmpty(doc.invoiceText);
  const payment = k.payable ? paymentInstruction(doc) : null;
  const content: Content[] = [
    pageHead(titleBlock(k.title, subtitle), doc, withLogo, factsTable(factRows(doc, k), 78, (label) => bold.has(label))),
    ...buyerAddress(doc),
    lineTable(doc),
    summaryRow(doc, k.totalLabel),
  ];
  if (text) content.push({ text, fontSize: 9, margin: [0, 14, 0, 0] });
  if (payment) content.push(payment);
  if (k.payable) content.push(...giroAtBottom(doc));
  return pageFrame({
    heading: `${k.title} ${number}`,
    author: doc.seller.name,
    subject: `${k.title} ${number} til ${doc.buyer.name}`,
    draft: doc.number == null,
    content,
  });
}
