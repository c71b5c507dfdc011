/** The lines table: header row repeated on every page, rows never split, discount column only when a line has one. */
import type { DocumentView, LineView } from '../../document-view';
import { formatMoney, formatPercent, formatQuantity } from '../../format';
import { ACCENT, HEAD_FILL, INK, MUTED, nonEmpty, RULE, type Content, type ContentObject } from '../layout';

function lineVatLabel(l: LineView, sellerVat: boolean): string {
  if (!sellerVat || l.vatCategory === 'O') return '-';
  if (l.vatCategory === 'E') return 'Unnt.';
  return formatPercent(l.vatCategory === 'S' ? l.taxRateHundredths : 0);
}

const head = (text: string, alignment = 'right') => ({ text, bold: true, fontSize: 8, color: INK, alignment });
// Cells are built fresh for each document: pdfmake writes its measurements into the nodes it lays out.
const header = (hasDiscount: boolean) => [
  head('Beskrivelse', 'left'), head('Antall'), head('Enhet', 'left'), head('Pris'),
  ...(hasDiscount ? [head('Rabatt %')] : []),
  head('Mva %'), head('Beløp'),
];
const WIDTHS: Array<number | string> = ['*', 40, 30, 56, 30, 64];
const WIDTHS_DISCOUNT: Array<number | string> = ['*', 40, 30, 56, 38, 30, 64];
const pad = () => 3;

export function lineTable(doc: DocumentView): ContentObject {
  const hasDiscount = doc.lines.some((l) => l.discountHundredths !== 0);
  const sellerVat = doc.seller.vatRegistered === true;
  const body: Content[][] = [header(hasDiscount)];
  for (const l of doc.lines) {
    const description: Content = nonEmpty(l.productCode)
      ? { text: [{ text: `${l.productCode!.trim()}  `, color: MUTED, fontSize: 7.5 }, { text: l.description }] }
      : { text: l.description };
    body.push([
      description,
      { text: formatQuantity(l.quantityMilli), alignment: 'right', noWrap: true },
      { text: nonEmpty(l.unit) ?? '' },
      { text: formatMoney(l.unitPriceOre), alignment: 'right', noWrap: true },
      ...(hasDiscount ? [{ text: l.discountHundredths ? formatPercent(l.discountHundredths) : '', alignment: 'right' }] : []),
      { text: lineVatLabel(l, sellerVat), alignment: 'right' },
      { text: formatMoney(l.netOre), alignment: 'right', noWrap: true },
    ]);
  }
  const rows = body.length;
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: hasDiscount ? WIDTHS_DISCOUNT : WIDTHS, body },
    layout: {
      hLineWidth: (i: number) => (i === 0 ? 0 : i === 1 ? 0.8 : i === rows ? 0.8 : 0.4),
      hLineColor: (i: number) => (i === 1 || i === rows ? ACCENT : RULE),
      vLineWidth: () => 0,
      fillColor: (row: number) => (row === 0 ? HEAD_FILL : null),
      paddingLeft: pad,
      paddingRight: pad,
      paddingTop: pad,
      paddingBottom: pad,
    },
    fontSize: 8.5,
    margin: [0, 16, 0, 0],
  };
}
