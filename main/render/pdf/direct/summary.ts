/**
 * The VAT summary per rate (with NOK columns for a foreign currency, exemption reasons, the rate line) on the left and
 * the totals (215 pt) on the right, kept together: when the pair does not fit above the bottom margin it moves whole
 * to the next page.
 */
import type { DocumentView, VatBreakdown } from '../../document-view';
import { formatMoney, formatPercent } from '../../format';
import { ACCENT, CONTENT_W, formatRate, INK, isNok, MARGIN_L, MUTED, nonEmpty, RULE } from '../layout';
import type { DrawItem } from './display-list';
import type { Flow } from './flow';
import { fontFor, widthOf } from './metrics';
import { drawRow, layRow, starWidth, type Cell, type TableSpec } from './table';
import { drawLines, layoutText, type Align } from './text-layout';

const TOTALS_W = 215;
const GAP = 24;
const LH = 1.05;

export function vatLabel(v: { vatCategory: string; taxRateHundredths: number }): string {
  switch (v.vatCategory) {
    case 'Z': return '0 % (fritatt)';
    case 'E': return 'Unntatt';
    case 'O': return 'Utenfor mva';
    default: return `${formatPercent(v.taxRateHundredths)} %`;
  }
}

const text = (t: string, size: number, opts: { bold?: boolean; color?: string; align?: Align; noWrap?: boolean } = {}): Cell => ({
  spans: [{ text: t, font: fontFor(!!opts.bold), size, color: opts.color ?? INK, lineHeight: LH }],
  align: opts.align, noWrap: opts.noWrap,
});

/** Draws a free paragraph (muted notes) at (x, y) in width; returns the height used. */
function note(items: DrawItem[], t: string, size: number, x: number, y: number, width: number, align: Align = 'left'): number {
  return drawLines(items, layoutText([{ text: t, font: 'DejaVuSansCondensed', size, color: MUTED, lineHeight: LH }], width), x, y, width, align);
}

function vatBlock(items: DrawItem[], doc: DocumentView, x: number, y: number, width: number): number {
  if (doc.seller.vatRegistered !== true) {
    return 6 + note(items, 'Selger er ikke registrert i Merverdiavgiftsregisteret. Beløpene er uten merverdiavgift.', 8, x, y + 6, width);
  }
  if (doc.vat.length === 0) return 0;
  const foreign = !isNok(doc);
  const cur = doc.currency.toUpperCase();
  const head = (t: string, align: Align = 'right') => text(t, 7.5, { bold: true, align });
  const body: Cell[][] = [[
    head('Mva-sats', 'left'), head(foreign ? `Grunnlag\n${cur}` : 'Grunnlag'), head(foreign ? `Mva\n${cur}` : 'Mva'),
    ...(foreign ? [head('Grunnlag\nNOK'), head('Mva\nNOK')] : []),
  ]];
  const money = (ore: number, bold = false) => text(formatMoney(ore), 7.5, { align: 'right', noWrap: true, bold });
  for (const v of doc.vat) {
    body.push([text(vatLabel(v), 7.5), money(v.baseOre), money(v.taxOre), ...(foreign ? [money(v.baseNokOre), money(v.taxNokOre)] : [])]);
  }
  if (foreign) {
    const sum = (f: (v: VatBreakdown) => number) => doc.vat.reduce((s, v) => s + f(v), 0);
    body.push([text('Sum', 7.5, { bold: true }), money(doc.netOre, true), money(doc.taxOre, true), money(sum((v) => v.baseNokOre), true), money(doc.taxNokOre, true)]);
  }
  const rows = body.length;
  const star = starWidth(width, [48], 2, 2, 4);
  const t: TableSpec = {
    widths: foreign ? [48, star, star, star, star] : [60, 62, 56],
    padL: 2, padR: 2, padT: () => 1.5, padB: () => 1.5,
    rule: (i) => ({ width: i === 1 || (foreign && i === rows - 1) ? 0.5 : 0, color: RULE }),
  };
  let top = y;
  body.forEach((row, i) => { top = drawRow(items, t, row, layRow(t, row, i), i, x, top); });
  const reasons = doc.vat.filter((v) => (v.vatCategory === 'E' || v.vatCategory === 'Z') && nonEmpty(v.exemptionReason))
    .map((v) => `${vatLabel(v)}: ${v.exemptionReason!.trim()}`);
  if (foreign) reasons.push(`Kurs: 1 ${cur} = ${formatRate(doc.exchangeRate)} NOK`);
  for (const r of reasons) top += 3 + note(items, r, 7, x + 2, top + 3, width - 2);
  return top - y;
}

function totalsBlock(items: DrawItem[], doc: DocumentView, finalLabel: string, x: number, y: number): number {
  const cur = doc.currency.toUpperCase();
  const prepaid = doc.prepaidOre ?? 0;
  const rows: Cell[][] = [];
  const row = (label: string, ore: number, strong = false) => rows.push([
    text(label, strong ? 11 : 9, { bold: strong }),
    text(formatMoney(ore, cur), strong ? 11 : 9, { bold: strong, align: 'right', noWrap: true }),
  ]);
  const vatRegistered = doc.seller.vatRegistered === true;
  row(vatRegistered ? 'Sum eks. mva' : 'Sum', doc.netOre);
  if (vatRegistered || doc.taxOre !== 0) row('Mva', doc.taxOre);
  if (prepaid !== 0) {
    row('Sum inkl. mva', doc.totalOre);
    row('Forskuddsbetalt', -prepaid);
  }
  row(finalLabel, doc.totalOre - prepaid, true);
  const n = rows.length;
  const auto = Math.max(...rows.map((r) => widthOf(r[1].spans[0].text, r[1].spans[0].font, r[1].spans[0].size)));
  const t: TableSpec = {
    widths: [TOTALS_W - 8 - auto, auto],
    padL: 2, padR: 2,
    padT: (i) => (i === n - 1 ? 4 : 1.5), padB: (i) => (i === n - 1 ? 4 : 1.5),
    rule: (i) => ({ width: i === n - 1 ? 1 : i === n ? 1.6 : 0, color: ACCENT }),
  };
  let top = y;
  rows.forEach((r, i) => { top = drawRow(items, t, r, layRow(t, r, i), i, x, top); });
  if (!isNok(doc) && doc.seller.vatRegistered === true) top += 3 + note(items, `Mva i NOK: ${formatMoney(doc.taxNokOre, 'NOK')}`, 8, x, top + 3, TOTALS_W - 2, 'right');
  return top - y;
}

export function drawSummary(flow: Flow, doc: DocumentView, finalLabel: string): void {
  flow.y += 10;
  const leftW = CONTENT_W - TOTALS_W - GAP;
  const draw = (items: DrawItem[], y: number) =>
    Math.max(vatBlock(items, doc, MARGIN_L, y, leftW), totalsBlock(items, doc, finalLabel, MARGIN_L + leftW + GAP, y));
  const height = draw([], 0);
  if (height > flow.room()) flow.newPage();
  flow.y += draw(flow.items, flow.y);
}
