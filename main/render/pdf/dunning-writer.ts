/**
 * PDF writer for dunnings (Purring / Inkassovarsel), in the invoice family: the same page, head, window address and
 * giro as the invoice (blocks/), with the claim laid out as a debtor reads it: the invoice, what
 * was paid, earlier fees and interest, this notice's fee, the interest with rate and period, the amount to pay by the
 * new deadline, KID and account; an inkassovarsel carries the warning inkassoloven § 9 asks for.
 * Pure with respect to business figures: everything printed comes from the DunningDocument.
 */
import type { DocumentView } from '../document-view';
import { formatAccount, formatDate, formatMoney, formatPercent } from '../format';
import { giroAtBottom } from './blocks/giro';
import { pageFrame } from './blocks/page';
import { buyerAddress, factsTable, pageHead, titleBlock, type FactRow } from './blocks/parties';
import { ACCENT, customerNumberOf, HEAD_FILL, INK, MUTED, nonEmpty, RULE, type Content, type ContentObject } from './layout';
import { renderDefinition } from './render';

export interface DunningDocument {
  /** The dunned invoice as issued (seller, buyer, KID, currency, total). */
  invoice: DocumentView;
  number: number;
  dunningNumber: number;
  dunningDate: string;
  dueDate: string;
  debtCollectionNotice: boolean;
  dunningText: string | null;
  /** Øre, the invoice's currency. */
  invoiceBalance: number;
  /** Fees and interest of earlier notices (part of invoiceBalance). */
  earlierCharges: number;
  fee: number;
  interest: number;
  interestPrincipal: number;
  interestParts: { from: string; to: string; days: number; rate: number; interest: number }[];
}

const title = (d: DunningDocument) => (d.debtCollectionNotice ? 'Inkassovarsel' : 'Purring');
const total = (d: DunningDocument) => d.invoiceBalance + d.fee + d.interest;

function facts(d: DunningDocument): ContentObject {
  const inv = d.invoice;
  const rows: FactRow[] = [
    [d.debtCollectionNotice ? 'Varsel nr.' : 'Purring nr.', `${d.dunningNumber} (løpenr. ${d.number})`],
    ['Dato', formatDate(d.dunningDate)],
    ['Ny betalingsfrist', formatDate(d.dueDate)],
    ['Faktura nr.', String(inv.number)],
    ['Fakturadato', formatDate(inv.issueDate)],
    ['Opprinnelig forfall', formatDate(inv.dueDate)],
  ];
  const customer = customerNumberOf(inv);
  if (customer) rows.push(['Kundenr.', customer]);
  if (nonEmpty(inv.kid)) rows.push(['KID', inv.kid!.trim()]);
  return factsTable(rows, 82, (label) => label === 'Ny betalingsfrist');
}

function intro(d: DunningDocument): Content[] {
  const inv = d.invoice;
  const cur = inv.currency.toUpperCase();
  const out: Content[] = [
    {
      text:
        `Vi kan ikke se å ha mottatt full betaling for faktura nr. ${inv.number} av ${formatDate(inv.issueDate)}, ` +
        `som forfalt ${formatDate(inv.dueDate)}. Vi ber deg betale ${formatMoney(total(d), cur)} innen ${formatDate(d.dueDate)}.`,
      fontSize: 10,
      margin: [0, 16, 0, 6],
    },
  ];
  if (!d.debtCollectionNotice) out.push({ text: 'Har du betalt de siste dagene, kan du se bort fra denne purringen.', fontSize: 9, color: MUTED });
  return out;
}

function claimTable(d: DunningDocument): Content {
  const inv = d.invoice;
  const cur = inv.currency.toUpperCase();
  const paid = inv.totalOre + d.earlierCharges - d.invoiceBalance;
  const rows: Content[][] = [];
  const row = (label: string, ore: number, opts: { strong?: boolean; muted?: boolean } = {}) =>
    rows.push([
      { text: label, bold: opts.strong, fontSize: opts.strong ? 11 : 9, color: opts.muted ? MUTED : INK },
      { text: formatMoney(ore, cur), alignment: 'right', bold: opts.strong, fontSize: opts.strong ? 11 : 9, noWrap: true },
    ]);
  row(`Faktura nr. ${inv.number}, forfall ${formatDate(inv.dueDate)}`, inv.totalOre);
  if (paid !== 0) row('Innbetalt og kreditert', -paid);
  if (d.earlierCharges !== 0) row('Gebyr og renter fra tidligere varsler', d.earlierCharges);
  row(`Utestående per ${formatDate(d.dunningDate)}`, d.invoiceBalance, { muted: true });
  if (d.fee !== 0) row(d.debtCollectionNotice ? 'Gebyr for inkassovarsel' : 'Purregebyr', d.fee);
  for (const p of d.interestParts) {
    row(`Forsinkelsesrente ${formatPercent(p.rate)} % av ${formatMoney(d.interestPrincipal, cur)}, ${formatDate(p.from)}–${formatDate(p.to)} (${p.days} dager)`, p.interest);
  }
  if (d.interestParts.length > 1) row('Forsinkelsesrente i alt', d.interest);
  row('Å betale', total(d), { strong: true });
  const n = rows.length;
  return {
    table: { widths: ['*', 'auto'], body: rows, headerRows: 0 },
    layout: {
      hLineWidth: (i: number) => (i === n - 1 ? 1 : i === n ? 1.6 : i > 0 && i < n - 1 ? 0.4 : 0),
      hLineColor: (i: number) => (i >= n - 1 ? ACCENT : RULE),
      vLineWidth: () => 0,
      fillColor: (i: number) => (i === n - 1 ? HEAD_FILL : null),
      paddingLeft: () => 4, paddingRight: () => 4, paddingTop: () => 3, paddingBottom: () => 3,
    },
    margin: [0, 14, 0, 0],
  };
}

function payment(d: DunningDocument): Content | null {
  const s = d.invoice.seller;
  const cur = d.invoice.currency.toUpperCase();
  const parts: string[] = [];
  if (nonEmpty(s.bankAccount)) parts.push(`Betal ${formatMoney(total(d), cur)} til konto ${formatAccount(s.bankAccount!)} innen ${formatDate(d.dueDate)}.`);
  if (nonEmpty(d.invoice.kid)) parts.push(`Bruk KID ${d.invoice.kid!.trim()}.`);
  return parts.length ? { text: parts.join(' '), fontSize: 9, bold: true, margin: [0, 12, 0, 0] } : null;
}

function legal(d: DunningDocument): Content[] {
  const notes: Content[] = [];
  if (d.debtCollectionNotice) {
    notes.push({
      stack: [
        { text: 'Varsel om inkasso', bold: true, fontSize: 10, color: ACCENT },
        {
          text:
            `Dersom kravet ikke er betalt innen ${formatDate(d.dueDate)}, vil det bli sendt til inkasso uten nytt varsel. ` +
            'Det vil da påløpe inkassokostnader som du blir ansvarlig for, i tillegg til forsinkelsesrente. ' +
            'Har du innsigelser mot kravet, må du gi oss beskjed før fristen går ut.',
          fontSize: 9,
          margin: [0, 2, 0, 0],
        },
      ],
      margin: [0, 14, 0, 0],
    });
  }
  if (d.interestParts.length) {
    notes.push({
      text: 'Forsinkelsesrente etter forsinkelsesrenteloven, beregnet fra dagen etter forfall (dager/365, 366 i skuddår).',
      fontSize: 7.5,
      color: MUTED,
      margin: [0, 10, 0, 0],
    });
  }
  return notes;
}

export function renderDunningPdf(d: DunningDocument): Promise<Buffer> {
  return renderDefinition(() => dunningDefinition(d));
}

function dunningDefinition(d: DunningDocument): ContentObject {
  const inv = d.invoice;
  const name = title(d);
  // The giro asks for the whole amount by the new deadline, with the invoice's KID.
  const giroView: DocumentView = { ...inv, totalOre: total(d), prepaidOre: 0, dueDate: d.dueDate };
  const text = nonEmpty(d.dunningText);
  const content: Content[] = [
    pageHead(titleBlock(name, [`Faktura nr. ${inv.number}`], {}), inv, !!inv.seller.logo, facts(d)),
    ...buyerAddress(inv),
    ...intro(d),
    claimTable(d),
  ];
  if (text) content.push({ text, fontSize: 9, margin: [0, 12, 0, 0] });
  const pay = payment(d);
  if (pay) content.push(pay);
  content.push(...legal(d));
  content.push(...giroAtBottom(giroView));
  return pageFrame({
    heading: `${name} ${d.number}`,
    author: inv.seller.name,
    subject: `${name} for faktura ${inv.number} til ${inv.buyer.name}`,
    content,
  });
}
