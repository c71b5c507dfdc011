/** The VAT summary per rate (with NOK figures for a foreign currency) and the totals beside it. */
import type { DocumentView, VatBreakdown } from '../../document-view';
import { formatMoney, formatPercent } from '../../format';
import { ACCENT, formatRate, isNok, MUTED, nonEmpty, RULE, type Content, type ContentObject } from '../layout';

function vatLabel(v: { vatCategory: string; taxRateHundredths: number }): string {
  switch (v.vatCategory) {
    case 'Z': return '0 % (fritatt)';
    case 'E': return 'Unntatt';
    case 'O': return 'Utenfor mva';
    default: return `${formatPercent(v.taxRateHundredths)} %`;
  }
}

export function vatSummary(doc: DocumentView): Content | null {
  if (doc.seller.vatRegistered !== true) {
    return { text: 'Selger er ikke registrert i Merverdiavgiftsregisteret. Beløpene er uten merverdiavgift.', fontSize: 8, color: MUTED, margin: [0, 6, 0, 0] };
  }
  if (doc.vat.length === 0) return null;
  const foreign = !isNok(doc);
  const cur = doc.currency.toUpperCase();
  const head = (text: string, alignment = 'right') => ({ text, bold: true, fontSize: 7.5, alignment });
  const body: Content[][] = [[
    head('Mva-sats', 'left'), head(foreign ? `Grunnlag\n${cur}` : 'Grunnlag'), head(foreign ? `Mva\n${cur}` : 'Mva'),
    ...(foreign ? [head('Grunnlag\nNOK'), head('Mva\nNOK')] : []),
  ]];
  const money = (ore: number) => ({ text: formatMoney(ore), alignment: 'right', noWrap: true });
  for (const v of doc.vat) {
    body.push([
      { text: vatLabel(v) },
      money(v.baseOre), money(v.taxOre),
      ...(foreign ? [money(v.baseNokOre), money(v.taxNokOre)] : []),
    ]);
  }
  if (foreign) {
    const sum = (f: (v: VatBreakdown) => number) => doc.vat.reduce((s, v) => s + f(v), 0);
    body.push([
      { text: 'Sum', bold: true },
      { ...money(doc.netOre), bold: true }, { ...money(doc.taxOre), bold: true },
      { ...money(sum((v) => v.baseNokOre)), bold: true }, { ...money(doc.taxNokOre), bold: true },
    ]);
  }
  const reasons = doc.vat.filter((v) => (v.vatCategory === 'E' || v.vatCategory === 'Z') && nonEmpty(v.exemptionReason))
    .map((v) => `${vatLabel(v)}: ${v.exemptionReason!.trim()}`);
  const rows = body.length;
  return {
    stack: [
      {
        table: { widths: foreign ? [48, '*', '*', '*', '*'] : [60, 62, 56], body },
        layout: {
          hLineWidth: (i: number) => (i === 1 || (foreign && i === rows - 1) ? 0.5 : 0),
          hLineColor: () => RULE, vLineWidth: () => 0,
          paddingLeft: () => 2, paddingRight: () => 2, paddingTop: () => 1.5, paddingBottom: () => 1.5,
        },
        fontSize: 7.5,
      },
      ...reasons.map((r) => ({ text: r, fontSize: 7, color: MUTED, margin: [2, 3, 0, 0] })),
      ...(foreign ? [{ text: `Kurs: 1 ${cur} = ${formatRate(doc.exchangeRate)} NOK`, fontSize: 7, color: MUTED, margin: [2, 3, 0, 0] }] : []),
    ],
  };
}

/** Sum eks. mva, Mva, (prepaid), and the final amount under `finalLabel` ("Å betale", "Til gode", …). */
export function totalsBlock(doc: DocumentView, finalLabel: string): ContentObject {
  const cur = doc.currency.toUpperCase();
  const prepaid = doc.prepaidOre ?? 0;
  const rows: Content[][] = [];
  const row = (label: string, ore: number, strong = false) => rows.push([
    { text: label, bold: strong, fontSize: strong ? 11 : 9 },
    { text: formatMoney(ore, cur), alignment: 'right', bold: strong, fontSize: strong ? 11 : 9, noWrap: true },
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
  const stack: Content[] = [{
    table: { widths: ['*', 'auto'], body: rows },
    layout: {
      hLineWidth: (i: number) => (i === n - 1 ? 1 : i === n ? 1.6 : 0),
      hLineColor: () => ACCENT, vLineWidth: () => 0,
      paddingLeft: () => 2, paddingRight: () => 2, paddingTop: (i: number) => (i === n - 1 ? 4 : 1.5), paddingBottom: (i: number) => (i === n - 1 ? 4 : 1.5),
    },
  }];
  if (!isNok(doc) && doc.seller.vatRegistered === true) {
    stack.push({ text: `Mva i NOK: ${formatMoney(doc.taxNokOre, 'NOK')}`, alignment: 'right', fontSize: 8, color: MUTED, margin: [0, 3, 2, 0] });
  }
  return { stack };
}

/** The VAT summary (left) and the totals (right), kept together on one page. */
export function summaryRow(doc: DocumentView, finalLabel: string): ContentObject {
  const summary = vatSummary(doc);
  return {
    columns: [
      { width: '*', stack: summary ? [summary] : [] },
      { width: 215, ...totalsBlock(doc, finalLabel) },
    ],
    columnGap: 24,
    margin: [0, 10, 0, 0],
    unbreakable: true,
  };
}
