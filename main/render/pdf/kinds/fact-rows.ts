/** The facts under the seller block (number, dates, references, currency, delivery place) of a document of the invoice family. */
import type { DocumentView } from '../../document-view';
import { formatDate, formatOrgNumber } from '../../format';
import type { FactRow } from '../blocks/parties';
import { countryLine, customerNumberOf, documentNumber, formatRate, isNok, nonEmpty } from '../layout';
import type { KindLayout } from './kind-layout';

export function factRows(doc: DocumentView, k: KindLayout): FactRow[] {
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
