/** Ordrebekreftelse: the common facts only. */
import type { KindLayout } from './kind-layout';

export const orderConfirmationLayout: KindLayout = {
  title: 'Ordrebekreftelse',
  numberLabel: 'Ordrenr.',
  dateLabel: 'Dato',
  totalLabel: 'Totalt inkl. mva',
};
