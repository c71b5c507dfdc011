/**
 * The lines table in the flow: header row (HEAD_FILL) repeated at the top of every page, rows never split (a row that
 * does not fit moves whole to the next page), discount column only when a line has a discount, the product code in
 * muted 7.5 pt before the description, numbers right-aligned; rules as the table always had them.
 */
import type { DocumentView, LineView } from '../../document-view';
import { formatMoney, formatPercent, formatQuantity } from '../../format';
import { unitForQuantity } from '../../../domain/units';
import { ACCENT, CONTENT_W, HEAD_FILL, INK, MARGIN_L, MUTED, nonEmpty, RULE } from '../layout';
import type { Flow } from './flow';
import { fontFor } from './metrics';
import { drawRow, drawRule, layRow, starWidth, type Cell, type TableSpec } from './table';
import type { Align } from './text-layout';

function lineVatLabel(l: LineView, sellerVat: boolean): string {
  if (!sellerVat || l.vatCategory === 'O') return '-';
  if (l.vatCategory === 'E') return 'Unnt.';
  return formatPercent(l.vatCategory === 'S' ? l.taxRateHundredths : 0);
}

const LH = 1.05;
const cell = (text: string, align: Align = 'left', noWrap = false): Cell =>
  ({ spans: [{ text, font: 'DejaVuSansCondensed', size: 8.5, color: INK, lineHeight: LH }], align, noWrap });
const head = (text: string, align: Align = 'right'): Cell => ({ spans: [{ text, font: fontFor(true), size: 8, color: INK, lineHeight: LH }], align });

export function drawLinesTable(flow: Flow, doc: DocumentView): void {
  const hasDiscount = doc.lines.some((l) => l.discountHundredths !== 0);
  const sellerVat = doc.seller.vatRegistered === true;
  const fixed = hasDiscount ? [40, 30, 56, 48, 36, 64] : [40, 30, 56, 36, 64];
  const body: Cell[][] = [[
    head('Beskrivelse', 'left'), head('Antall'), head('Enhet', 'left'), head('Pris'),
    ...(hasDiscount ? [head('Rabatt %')] : []), head('Mva %'), head('Beløp'),
  ]];
  for (const l of doc.lines) {
    const code = nonEmpty(l.productCode);
    const description: Cell = code
      ? { spans: [{ text: `${code}  `, font: 'DejaVuSansCondensed', size: 7.5, color: MUTED, lineHeight: LH }, ...cell(l.description).spans] }
      : cell(l.description);
    body.push([
      description,
      cell(formatQuantity(l.quantityMilli), 'right', true),
      cell(unitForQuantity(nonEmpty(l.unit), l.quantityMilli)),
      cell(formatMoney(l.unitPriceOre), 'right', true),
      ...(hasDiscount ? [cell(l.discountHundredths ? formatPercent(l.discountHundredths) : '', 'right')] : []),
      cell(lineVatLabel(l, sellerVat), 'right'),
      cell(formatMoney(l.netOre), 'right', true),
    ]);
  }
  const rows = body.length;
  const t: TableSpec = {
    widths: [starWidth(CONTENT_W, fixed, 3, 3), ...fixed],
    padL: 3, padR: 3, padT: () => 3, padB: () => 3,
    rule: (i) => ({ width: i === 0 ? 0 : i === 1 || i === rows ? 0.8 : 0.4, color: i === 1 || i === rows ? ACCENT : RULE }),
    fill: (row) => (row === 0 ? HEAD_FILL : null),
  };
  const header = layRow(t, body[0], 0);
  flow.y += 16;
  for (let i = 0; i < rows; i++) {
    const laid = i === 0 ? header : layRow(t, body[i], i);
    if (i === 0) {
      // pdfmake keeps the header rows with the row after them
      const first = rows > 1 ? layRow(t, body[1], 1) : null;
      const need = header.height + t.rule(1).width + (first ? first.height + t.rule(2).width : 0);
      if (need > flow.room()) flow.newPage();
    } else if (laid.height + t.rule(i + 1).width > flow.room()) {
      flow.newPage();
      flow.y = drawRow(flow.items, t, body[0], header, 0, MARGIN_L, drawRule(flow.items, t, 0, MARGIN_L, flow.y));
    }
    flow.y = drawRow(flow.items, t, body[i], laid, i, MARGIN_L, flow.y);
  }
}
