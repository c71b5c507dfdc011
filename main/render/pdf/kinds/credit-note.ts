/** Kreditnota: names the credited invoice (facts and under the title), "Til gode". */
import { formatDate } from '../../format';
import type { KindLayout } from './kind-layout';

export const creditNoteLayout: KindLayout = {
  title: 'Kreditnota',
  numberLabel: 'Kreditnotanr.',
  dateLabel: 'Kreditnotadato',
  referenceRows: (doc) => (doc.creditedInvoiceNumber != null ? [['Krediterer faktura', String(doc.creditedInvoiceNumber)]] : []),
  subtitle: (doc) =>
    doc.creditedInvoiceNumber != null
      ? [`Krediterer faktura nr. ${doc.creditedInvoiceNumber}${doc.creditedInvoiceDate ? ` av ${formatDate(doc.creditedInvoiceDate)}` : ''}`]
      : [],
  totalLabel: 'Til gode',
};
