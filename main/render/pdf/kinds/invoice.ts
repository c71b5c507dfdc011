/** Faktura: due date and KID in the facts, "Å betale", the payment sentence and the giro. */
import { formatDate } from '../../format';
import { nonEmpty } from '../layout';
import type { KindLayout } from './kind-layout';

export const invoiceLayout: KindLayout = {
  title: 'Faktura',
  numberLabel: 'Fakturanr.',
  dateLabel: 'Fakturadato',
  dateRows: (doc) => (doc.dueDate ? [['Forfallsdato', formatDate(doc.dueDate)]] : []),
  referenceRows: (doc) => (nonEmpty(doc.kid) ? [['KID', doc.kid!.trim()]] : []),
  boldLabels: ['Forfallsdato'],
  totalLabel: 'Å betale',
  payable: true,
};
