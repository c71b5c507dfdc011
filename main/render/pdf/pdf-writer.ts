/**
 * PDF writer for invoices, credit notes, offers and order confirmations (Norwegian A4 layout).
 *
 * pdfmake 0.2 on the server with the PDF standard Helvetica family (no font files; WinAnsi covers æøå).
 * Layout:
 *  - seller block (logo, name, address, "Org.nr 923 609 016 MVA", "Foretaksregisteret") top right,
 *    document facts (number, dates, references) under it;
 *  - title top left, buyer name and address at 20 mm / 47 mm where a C5/C4 window envelope shows it;
 *  - line table whose header repeats on every page, "Side X av Y" in the page header;
 *  - VAT summary per rate (with NOK figures for foreign currency) beside the totals;
 *  - invoices: a giro-style payment part at the bottom of the last page.
 * Pure with respect to business figures: everything printed comes from the DocumentView.
 */
import PdfPrinter from 'pdfmake/src/printer.js';
import type { DocumentView, LineView, PartySnapshot, VatBreakdown } from '../document-view';
import {
  formatAccount, formatDate, formatIban, formatMoney, formatOrgNumber, formatPercent, formatQuantity, needsForetaksregisteret,
} from '../format';

type Content = string | number | ContentObject | Content[];
interface ContentObject { [key: string]: unknown }

const MM = 72 / 25.4;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN_L = 20 * MM;
const MARGIN_R = 15 * MM;
const MARGIN_T = 16 * MM;
const MARGIN_B = 14 * MM;
const CONTENT_W = PAGE_W - MARGIN_L - MARGIN_R;
/** Window of a C5/C4 window envelope (left window): address block from 20 mm left, 47 mm top. */
const WINDOW_X = 20 * MM;
const WINDOW_Y = 47 * MM;
/** Height of the giro-style payment part at the bottom of the last invoice page. */
const GIRO_H = 92 * MM;

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d2dc';
const ACCENT = '#174a8c';
const HEAD_FILL = '#eef2f7';
const GIRO_FILL = '#fde7c8';
const GIRO_FIELD = '#ffffff';
const GIRO_LINE = '#e0a15a';

const FONTS = {
  Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
};

const TITLES: Record<DocumentView['kind'], string> = {
  invoice: 'Faktura',
  'credit-note': 'Kreditnota',
  offer: 'Tilbud',
  'order-confirmation': 'Ordrebekreftelse',
};

const NUMBER_LABELS: Record<DocumentView['kind'], string> = {
  invoice: 'Fakturanr.',
  'credit-note': 'Kreditnotanr.',
  offer: 'Tilbudsnr.',
  'order-confirmation': 'Ordrenr.',
};

const DATE_LABELS: Record<DocumentView['kind'], string> = {
  invoice: 'Fakturadato',
  'credit-note': 'Kreditnotadato',
  offer: 'Tilbudsdato',
  'order-confirmation': 'Dato',
};

function nonEmpty(s: string | null | undefined): string | null {
  const t = s?.trim();
  return t ? t : null;
}

function isNok(doc: DocumentView): boolean {
  return (doc.currency || 'NOK').toUpperCase() === 'NOK';
}

/** Exchange rate for display: 11.7245 -> "11,7245". */
function formatRate(rate: number): string {
  return rate.toFixed(4).replace(/0+$/, '').replace(/\.$/, '').replace('.', ',');
}

function documentNumber(doc: DocumentView): string {
  return doc.number != null ? String(doc.number) : `Utkast ${doc.draftNumber}`;
}

function countryLine(country: string | null | undefined): string | null {
  const c = nonEmpty(country);
  if (!c || c.toUpperCase() === 'NO') return null;
  const names: Record<string, string> = { SE: 'SVERIGE', DK: 'DANMARK', FI: 'FINLAND', DE: 'TYSKLAND', GB: 'STORBRITANNIA', FO: 'FÆRØYENE', IS: 'ISLAND', US: 'USA' };
  return names[c.toUpperCase()] ?? c.toUpperCase();
}

function addressLines(p: PartySnapshot): string[] {
  return [
    nonEmpty(p.address1), nonEmpty(p.address2),
    [nonEmpty(p.zip), nonEmpty(p.city)].filter(Boolean).join(' ') || null,
    countryLine(p.country),
  ].filter((x): x is string => !!x);
}

function vatLabel(v: { vatCategory: string; taxRateHundredths: number }): string {
  switch (v.vatCategory) {
    case 'Z': return '0 % (fritatt)';
    case 'E': return 'Unntatt';
    case 'O': return 'Utenfor mva';
    default: return `${formatPercent(v.taxRateHundredths)} %`;
  }
}

function lineVatLabel(l: LineView, sellerVat: boolean): string {
  if (!sellerVat || l.vatCategory === 'O') return '-';
  if (l.vatCategory === 'E') return 'Unnt.';
  return formatPercent(l.vatCategory === 'S' ? l.taxRateHundredths : 0);
}

/** A block at an absolute page position with a fixed width. */
function at(x: number, y: number, width: number, content: ContentObject): ContentObject {
  return { absolutePosition: { x, y }, columns: [{ width, ...content }] };
}

// ---------------------------------------------------------------- header blocks

function sellerBlock(doc: DocumentView, withLogo: boolean): Content[] {
  const s = doc.seller;
  const out: Content[] = [];
  if (withLogo && s.logo && /^data:image\/(png|jpe?g);base64,/i.test(s.logo)) {
    out.push({ image: s.logo, fit: [170, 48], margin: [0, 0, 0, 6] });
  }
  out.push({ text: s.name, bold: true, fontSize: 11, color: INK });
  for (const l of addressLines(s)) out.push({ text: l });
  if (nonEmpty(s.orgNumber)) {
    out.push({ text: `Org.nr. ${formatOrgNumber(s.orgNumber!, s.vatRegistered === true)}`, margin: [0, 3, 0, 0] });
  }
  if (needsForetaksregisteret(s.orgForm)) out.push({ text: 'Foretaksregisteret' });
  const contact: string[] = [];
  if (nonEmpty(s.phone)) contact.push(`Tlf. ${s.phone!.trim()}`);
  if (nonEmpty(s.mobile)) contact.push(`Mob. ${s.mobile!.trim()}`);
  if (contact.length) out.push({ text: contact.join('  '), margin: [0, 3, 0, 0] });
  if (nonEmpty(s.email)) out.push({ text: s.email!.trim() });
  if (nonEmpty(s.web)) out.push({ text: s.web!.trim() });
  return out;
}

function factsRows(doc: DocumentView): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  rows.push([NUMBER_LABELS[doc.kind], documentNumber(doc)]);
  rows.push([DATE_LABELS[doc.kind], formatDate(doc.issueDate)]);
  if (doc.kind === 'invoice' && doc.dueDate) rows.push(['Forfallsdato', formatDate(doc.dueDate)]);
  if (doc.kind === 'offer' && doc.expiryDate) rows.push(['Gyldig til', formatDate(doc.expiryDate)]);
  if (doc.orderDate) rows.push(['Ordredato', formatDate(doc.orderDate)]);
  if (doc.deliveryDate) rows.push(['Leveringsdato', formatDate(doc.deliveryDate)]);
  const customerNumber = nonEmpty(doc.buyer.customerNumber) ?? (doc.buyer.recipientNumber != null ? String(doc.buyer.recipientNumber) : null);
  if (customerNumber) rows.push(['Kundenr.', customerNumber]);
  if (nonEmpty(doc.buyer.orgNumber)) rows.push(['Kundens org.nr.', formatOrgNumber(doc.buyer.orgNumber!, false)]);
  if (nonEmpty(doc.ourReference)) rows.push(['Vår referanse', doc.ourReference!.trim()]);
  if (nonEmpty(doc.yourReference)) rows.push(['Deres referanse', doc.yourReference!.trim()]);
  if (nonEmpty(doc.orderNumber)) rows.push(['Deres ordrenr.', doc.orderNumber!.trim()]);
  if (doc.kind === 'credit-note' && doc.creditedInvoiceNumber != null) rows.push(['Krediterer faktura', String(doc.creditedInvoiceNumber)]);
  if (doc.kind === 'invoice' && nonEmpty(doc.kid)) rows.push(['KID', doc.kid!.trim()]);
  if (!isNok(doc)) rows.push(['Valuta', `${doc.currency.toUpperCase()} (kurs ${formatRate(doc.exchangeRate)})`]);
  const d = doc.deliveryAddress;
  if (d && (nonEmpty(d.address) || nonEmpty(d.city))) {
    const place = [nonEmpty(d.address), [nonEmpty(d.zip), nonEmpty(d.city)].filter(Boolean).join(' '), countryLine(d.country)]
      .filter(Boolean).join(', ');
    rows.push(['Leveringssted', place]);
  }
  return rows;
}

function factsTable(doc: DocumentView): ContentObject {
  return {
    table: {
      widths: [78, '*'],
      body: factsRows(doc).map(([label, value]) => [
        { text: label, color: MUTED },
        { text: value, bold: label === NUMBER_LABELS[doc.kind] || label === 'Forfallsdato' },
      ]),
    },
    layout: { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 4, paddingTop: () => 1, paddingBottom: () => 1 },
    margin: [0, 12, 0, 0],
  };
}

function titleBlock(doc: DocumentView): Content[] {
  const out: Content[] = [{ text: TITLES[doc.kind], fontSize: 24, bold: true, color: ACCENT }];
  const sub: string[] = [];
  if (doc.kind === 'credit-note' && doc.creditedInvoiceNumber != null) {
    sub.push(`Krediterer faktura nr. ${doc.creditedInvoiceNumber}${doc.creditedInvoiceDate ? ` av ${formatDate(doc.creditedInvoiceDate)}` : ''}`);
  }
  if (doc.kind === 'offer' && doc.expiryDate) sub.push(`Tilbudet gjelder til ${formatDate(doc.expiryDate)}`);
  if (doc.number == null) sub.push('Utkast: ikke utstedt');
  for (const s of sub) out.push({ text: s, fontSize: 10, color: INK, margin: [0, 2, 0, 0] });
  return out;
}

function buyerAddress(doc: DocumentView): Content[] {
  const b = doc.buyer;
  const s = doc.seller;
  const sender = [s.name, nonEmpty(s.address1), [nonEmpty(s.zip), nonEmpty(s.city)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const width = 85 * MM;
  return [
    at(WINDOW_X, WINDOW_Y - 11, width, { text: sender, fontSize: 6.5, color: MUTED }),
    at(WINDOW_X, WINDOW_Y, width, {
      stack: [
        { text: b.name, bold: true },
        ...addressLines(b).map((l) => ({ text: l })),
      ],
      fontSize: 10.5,
      lineHeight: 1.1,
    }),
  ];
}

// ---------------------------------------------------------------- lines and totals

function lineTable(doc: DocumentView): ContentObject {
  const hasDiscount = doc.lines.some((l) => l.discountHundredths !== 0);
  const sellerVat = doc.seller.vatRegistered === true;
  const head = (text: string, alignment = 'right') => ({ text, bold: true, fontSize: 8, color: INK, alignment });
  const header = [
    head('Beskrivelse', 'left'), head('Antall'), head('Enhet', 'left'), head('Pris'),
    ...(hasDiscount ? [head('Rabatt %')] : []),
    head('Mva %'), head('Beløp'),
  ];
  const widths: Array<number | string> = ['*', 40, 30, 56, ...(hasDiscount ? [38] : []), 30, 64];
  const body: Content[][] = [header];
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
    table: { headerRows: 1, dontBreakRows: true, widths, body },
    layout: {
      hLineWidth: (i: number) => (i === 0 ? 0 : i === 1 ? 0.8 : i === rows ? 0.8 : 0.4),
      hLineColor: (i: number) => (i === 1 || i === rows ? ACCENT : RULE),
      vLineWidth: () => 0,
      fillColor: (row: number) => (row === 0 ? HEAD_FILL : null),
      paddingLeft: () => 3,
      paddingRight: () => 3,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    fontSize: 8.5,
    margin: [0, 16, 0, 0],
  };
}

function vatSummary(doc: DocumentView): Content | null {
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

function totalsBlock(doc: DocumentView): ContentObject {
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
  const finalLabel = doc.kind === 'invoice' ? 'Å betale' : doc.kind === 'credit-note' ? 'Til gode' : 'Totalt inkl. mva';
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

function paymentInstruction(doc: DocumentView): Content | null {
  if (doc.kind !== 'invoice') return null;
  const s = doc.seller;
  const parts: string[] = [];
  const payable = doc.totalOre - (doc.prepaidOre ?? 0);
  const account = nonEmpty(s.bankAccount);
  const iban = nonEmpty(s.iban);
  const due = doc.dueDate ? ` innen ${formatDate(doc.dueDate)}` : '';
  if (isNok(doc) && account) parts.push(`Vennligst betal ${formatMoney(payable, 'NOK')} til konto ${formatAccount(account)}${due}.`);
  else if (iban) parts.push(`Vennligst betal ${formatMoney(payable, doc.currency.toUpperCase())} til IBAN ${formatIban(iban)}${nonEmpty(s.bic) ? `, BIC/SWIFT ${s.bic!.trim()}` : ''}${due}.`);
  else if (account) parts.push(`Vennligst betal ${formatMoney(payable, doc.currency.toUpperCase())} til konto ${formatAccount(account)}${due}.`);
  if (nonEmpty(doc.kid)) parts.push(`Bruk KID ${doc.kid!.trim()} ved betaling.`);
  if (!parts.length) return null;
  return { text: parts.join(' '), fontSize: 9, bold: true, color: INK, margin: [0, 12, 0, 0] };
}

// ---------------------------------------------------------------- giro

function giro(doc: DocumentView): Content[] {
  const y0 = PAGE_H - GIRO_H;
  const s = doc.seller;
  const b = doc.buyer;
  const payable = doc.totalOre - (doc.prepaidOre ?? 0);
  const nok = isNok(doc);
  const account = nok ? nonEmpty(s.bankAccount) : null;
  const accountText = account ? formatAccount(account) : nonEmpty(s.iban) ? formatIban(s.iban!) : (nonEmpty(s.bankAccount) ? formatAccount(s.bankAccount!) : '');
  const kid = nonEmpty(doc.kid) ?? '';
  const abs = Math.abs(payable);
  const kroner = formatMoney(payable).replace(/,\d\d$/, '');
  const ore = String(abs % 100).padStart(2, '0');
  const L = 14 * MM;
  const R = PAGE_W - 14 * MM;
  const W = R - L;
  const mid = L + W * 0.52;

  const label = (x: number, y: number, w: number, text: string) => at(x, y0 + y, w, { text, fontSize: 6.5, color: '#7a4a12' });
  const value = (x: number, y: number, w: number, text: string, extra: ContentObject = {}) =>
    at(x, y0 + y, w, { text, fontSize: 9.5, color: INK, ...extra });
  const rect = (x: number, y: number, w: number, h: number, color = GIRO_FIELD) =>
    ({ type: 'rect', x, y, w, h, color, lineColor: GIRO_LINE, lineWidth: 0.5 });

  // Field geometry (x relative to the page, y relative to the giro top).
  const receiptY = 22, receiptH = 18;
  const receipt = [
    { x: L, w: W * 0.27, label: 'Innbetalt til konto', value: accountText },
    { x: L + W * 0.28, w: W * 0.2, label: nok ? 'Beløp' : `Beløp ${doc.currency.toUpperCase()}`, value: formatMoney(payable) },
    { x: L + W * 0.49, w: W * 0.27, label: 'Betalerens kontonummer', value: '' },
    { x: L + W * 0.77, w: W * 0.23, label: 'Blankettnummer', value: '' },
  ];
  const infoY = 60;
  const partyY = 128, partyH = 58;
  const bottomY = GIRO_H - 56, bottomH = 22;
  const bottom = nok
    ? [
      { x: L, w: W * 0.34, label: 'Kundeidentifikasjon (KID)', value: kid },
      { x: L + W * 0.35, w: W * 0.2, label: 'Kroner', value: kroner, align: 'right' },
      { x: L + W * 0.56, w: W * 0.07, label: 'Øre', value: ore, align: 'right' },
      { x: L + W * 0.65, w: W * 0.35, label: 'Til konto', value: accountText },
    ]
    : [
      { x: L, w: W * 0.34, label: 'Kundeidentifikasjon (KID)', value: kid },
      { x: L + W * 0.35, w: W * 0.28, label: `Beløp ${doc.currency.toUpperCase()}`, value: formatMoney(payable), align: 'right' },
      { x: L + W * 0.65, w: W * 0.35, label: 'Til konto (IBAN)', value: accountText },
    ];

  const canvas: ContentObject = {
    absolutePosition: { x: 0, y: y0 },
    canvas: [
      { type: 'rect', x: 0, y: 0, w: PAGE_W, h: GIRO_H, color: GIRO_FILL },
      { type: 'line', x1: 0, y1: 0, x2: PAGE_W, y2: 0, lineWidth: 0.8, dash: { length: 4, space: 3 }, lineColor: '#9a6a2f' },
      { type: 'line', x1: 0, y1: receiptY + receiptH + 10, x2: PAGE_W, y2: receiptY + receiptH + 10, lineWidth: 0.6, lineColor: GIRO_LINE },
      ...receipt.map((f) => rect(f.x, receiptY, f.w, receiptH)),
      rect(R - 110, infoY + 8, 110, 20),
      rect(L, partyY, mid - L - 12, partyH),
      rect(mid, partyY, R - mid, partyH),
      ...bottom.map((f) => rect(f.x, bottomY, f.w, bottomH)),
    ],
  };

  const partyLines = (p: PartySnapshot) => [p.name, ...addressLines(p)].join('\n');
  const info: string[] = [];
  info.push(`Faktura nr. ${documentNumber(doc)} av ${formatDate(doc.issueDate)}`);
  if (kid) info.push(`KID: ${kid}`);
  if (nonEmpty(s.iban)) info.push(`IBAN: ${formatIban(s.iban!)}${nonEmpty(s.bic) ? `  BIC: ${s.bic!.trim()}` : ''}`);
  if (nonEmpty(b.customerNumber)) info.push(`Kundenr.: ${b.customerNumber!.trim()}`);

  return [
    canvas,
    at(L, y0 + 6, 120, { text: 'KVITTERING', fontSize: 7, bold: true, color: '#7a4a12' }),
    ...receipt.flatMap((f) => [label(f.x + 2, receiptY - 8, f.w, f.label), value(f.x + 4, receiptY + 4.5, f.w - 8, f.value, { fontSize: 9 })]),
    label(L, infoY, mid - L, 'Betalingsinformasjon'),
    value(L, infoY + 10, mid - L - 12, info.join('\n'), { fontSize: 8.5, lineHeight: 1.15 }),
    at(mid, y0 + infoY - 4, 120, { text: 'GIRO', fontSize: 20, bold: true, color: '#7a4a12' }),
    label(R - 110, infoY, 110, 'Betalingsfrist'),
    value(R - 106, infoY + 13, 102, formatDate(doc.dueDate), { bold: true, fontSize: 10 }),
    label(L, partyY - 9, 120, 'Betalt av'),
    value(L + 6, partyY + 6, mid - L - 24, partyLines(b), { fontSize: 9, lineHeight: 1.15 }),
    label(mid, partyY - 9, 120, 'Betalt til'),
    value(mid + 6, partyY + 6, R - mid - 12, partyLines(s), { fontSize: 9, lineHeight: 1.15 }),
    ...bottom.flatMap((f) => [
      label(f.x + 2, bottomY - 8, f.w, f.label),
      value(f.x + 4, bottomY + 6, f.w - 8, f.value, { bold: true, fontSize: 10, alignment: f.align ?? 'left' }),
    ]),
  ];
}

// ---------------------------------------------------------------- document

function buildDefinition(doc: DocumentView, withLogo: boolean): ContentObject {
  const title = TITLES[doc.kind];
  const number = documentNumber(doc);
  const isInvoice = doc.kind === 'invoice';
  const summary = vatSummary(doc);
  const text = nonEmpty(doc.invoiceText);
  const payment = paymentInstruction(doc);

  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            ...titleBlock(doc),
            // Keeps the flow below the window address even when the right column is short.
            { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 0, y2: 1, lineWidth: 0, lineColor: 'white' }], margin: [0, WINDOW_Y + 62 - MARGIN_T - 40, 0, 0] },
          ],
        },
        { width: 205, stack: [{ stack: sellerBlock(doc, withLogo), fontSize: 8.5, lineHeight: 1.1 }, factsTable(doc)], fontSize: 8.5 },
      ],
      columnGap: 12,
    },
    ...buyerAddress(doc),
    lineTable(doc),
    {
      columns: [
        { width: '*', stack: summary ? [summary] : [] },
        { width: 215, ...totalsBlock(doc) },
      ],
      columnGap: 24,
      margin: [0, 10, 0, 0],
      unbreakable: true,
    },
  ];
  if (text) content.push({ text, fontSize: 9, margin: [0, 14, 0, 0] });
  if (payment) content.push(payment);
  if (isInvoice) {
    // Reserve room for the giro on the current page (moves to a new page when it does not fit), then draw it there.
    content.push({ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 0, y2: GIRO_H - MARGIN_B + 8, lineWidth: 0, lineColor: 'white' }] });
    content.push(...giro(doc));
  }

  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_L, MARGIN_T, MARGIN_R, MARGIN_B],
    info: {
      title: `${title} ${number}`,
      author: doc.seller.name,
      subject: `${title} ${number} til ${doc.buyer.name}`,
      creator: 'Kvitt',
      producer: 'Kvitt',
    },
    defaultStyle: { font: 'Helvetica', fontSize: 9, color: INK, lineHeight: 1.05 },
    ...(doc.number == null ? { watermark: { text: 'UTKAST', color: '#9aa5b1', opacity: 0.15, bold: true } } : {}),
    header: (currentPage: number, pageCount: number): Content => ({
      margin: [MARGIN_L, 8 * MM, MARGIN_R, 0],
      columns: [
        { text: currentPage > 1 ? `${title} ${number} · ${doc.seller.name}` : '', fontSize: 7.5, color: MUTED },
        { text: `Side ${currentPage} av ${pageCount}`, alignment: 'right', fontSize: 7.5, color: MUTED, width: 100 },
      ],
    }),
    content,
  };
}

/** Renders a pdfmake document definition with the standard fonts (also used by the report statement writer). */
export function renderDefinition(definition: ContentObject): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const printer = new PdfPrinter(FONTS);
      const pdf = printer.createPdfKitDocument(definition);
      const chunks: Buffer[] = [];
      pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      pdf.on('end', () => resolve(Buffer.concat(chunks)));
      pdf.on('error', reject);
      pdf.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * Renders an invoice, credit note, offer or order confirmation as an A4 PDF.
 * A logo that cannot be decoded is left out rather than failing the document.
 */
export async function renderDocumentPdf(doc: DocumentView): Promise<Buffer> {
  const hasLogo = !!doc.seller.logo;
  try {
    return await renderDefinition(buildDefinition(doc, hasLogo));
  } catch (error) {
    if (!hasLogo) throw error;
    return renderDefinition(buildDefinition(doc, false));
  }
}

/** Exposed for tests and other writers: the giro height in points and the window position. */
export const PDF_LAYOUT = { PAGE_W, PAGE_H, CONTENT_W, WINDOW_X, WINDOW_Y, GIRO_H } as const;

/** The blocks other documents of the invoice family (the dunning writer) build on; the invoice layout is not changed by them. */
export const PDF_BLOCKS = {
  at, sellerBlock, buyerAddress, giro, renderDefinition, addressLines, nonEmpty,
  MM, MARGIN_L, MARGIN_T, MARGIN_R, MARGIN_B, WINDOW_Y, GIRO_H,
  COLORS: { INK, MUTED, RULE, ACCENT, HEAD_FILL },
} as const;
