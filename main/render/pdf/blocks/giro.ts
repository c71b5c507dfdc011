/** The payment slip (giro with KID) at the bottom of the last page, and the payment sentence above it. */
import type { DocumentView, PartySnapshot } from '../../document-view';
import { formatAccount, formatDate, formatIban, formatMoney } from '../../format';
import {
  addressLines, at, documentNumber, GIRO_FIELD, GIRO_FILL, GIRO_H, GIRO_LINE, INK, isNok, MM, nonEmpty, PAGE_H, PAGE_W,
  type Content, type ContentObject,
} from '../layout';

/** "Vennligst betal … til konto … innen …. Bruk KID …" (invoices). */
export function paymentInstruction(doc: DocumentView): Content | null {
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

/** The giro-style payment part at the bottom of the page: receipt, payment information, payer/payee, KID, amount, account. */
export function giro(doc: DocumentView): ContentObject[] {
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

