/** Tilbud: how long the offer holds (facts and under the title). */
import { formatDate } from '../../format';
import type { KindLayout } from './kind-layout';

export const offerLayout: KindLayout = {
  title: 'Tilbud',
  numberLabel: 'Tilbudsnr.',
  dateLabel: 'Tilbudsdato',
  dateRows: (doc) => (doc.expiryDate ? [['Gyldig til', formatDate(doc.expiryDate)]] : []),
  subtitle: (doc) => (doc.expiryDate ? [`Tilbudet gjelder til ${formatDate(doc.expiryDate)}`] : []),
  totalLabel: 'Totalt inkl. mva',
};
