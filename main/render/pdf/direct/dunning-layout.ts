/**
 * The page of a dunning (Purring / Inkassovarsel) as a display list (./display-list.ts), laid out by Kvitt directly
 * with the invoice's pieces (./page-parts.ts's head, paragraphs, giro and page heads; ./table.ts): the title
 * and the facts (notice number, dates, the new deadline bold, invoice, customer number, KID), the window address, the
 * claim as a debtor reads it (the invoice, what was paid, earlier fees and interest, this notice's fee, the interest
 * with rate and period, the amount to pay), the free text, the payment sentence, inkassoloven § 9's warning on an
 * inkassovarsel, and the giro for the whole amount by the new deadline at the bottom of the last page.
 */
import { formatAccount, formatDate, formatMoney, formatPercent } from '../../format';
import type { DocumentView } from '../../document-view';
import type { FactRow } from '../blocks/parties';
import { ACCENT, CONTENT_W, customerNumberOf, HEAD_FILL, INK, MARGIN_L, MUTED, nonEmpty, RULE, type ContentObject } from '../layout';
import type { DisplayDocument } from './display-list';
import { Flow } from './flow';
import { fontFor, widthOf } from './metrics';
import { giroPart, head, pageHeads, paragraph } from './page-parts';
import { drawRow, layRow, type Cell, type TableSpec } from './table';

export interface DunningDocument {
  /** The dunned invoice as issued (seller, buyer, KID, currency, total). */
  invoice: DocumentView;
  number: number;
  dunningNumber: number;
  dunningDate: string;
  dueDate: string;
  debtCollectionNotice: boolean;
  /** A closing interest note (rentenota): interest only, on an invoice paid in full late. */
  interestNote?: boolean;
  /** Which notice of its kind on the invoice this is (1. purring, 2. purring); dunningNumber when absent. */
  ordinal?: number;
  dunningText: string | null;
  /** Øre, the invoice's currency. */
  invoiceBalance: number;
  /** Fees and interest of earlier notices (part of invoiceBalance). */
  earlierCharges: number;
  fee: number;
  interest: number;
  interestPrincipal: number;
  interestParts: { from: string; to: string; days: number; rate: number; principal?: number; interest: number }[];
}

const title = (d: DunningDocument) => (d.interestNote ? 'Rentenota' : d.debtCollectionNotice ? 'Inkassovarsel' : 'Purring');
const total = (d: DunningDocument) => d.invoiceBalance + d.fee + d.interest;

function facts(d: DunningDocument): FactRow[] {
  const inv = d.invoice;
  const rows: FactRow[] = [
    d.interestNote ? ['Rentenota nr.', String(d.number)] : [d.debtCollectionNotice ? 'Varsel nr.' : 'Purring nr.', `${d.ordinal ?? d.dunningNumber} (løpenr. ${d.number})`],
    ['Dato', formatDate(d.dunningDate)],
    ['Ny betalingsfrist', formatDate(d.dueDate)],
    ['Faktura nr.', String(inv.number)],
    ['Fakturadato', formatDate(inv.issueDate)],
    ['Opprinnelig forfall', formatDate(inv.dueDate)],
  ];
  const customer = customerNumberOf(inv);
  if (customer) rows.push(['Kundenr.', customer]);
  if (nonEmpty(inv.kid)) rows.push(['KID', inv.kid!.trim()]);
  return rows;
}

function intro(d: DunningDocument): ContentObject[] {
  const inv = d.invoice;
  const cur = inv.currency.toUpperCase();
  const out: ContentObject[] = [{
    text:
      `Vi kan ikke se å ha mottatt full betaling for faktura nr. ${inv.number} av ${formatDate(inv.issueDate)}, ` +
      `som forfalt ${formatDate(inv.dueDate)}. Vi ber deg betale ${formatMoney(total(d), cur)} innen ${formatDate(d.dueDate)}.`,
    fontSize: 10,
    margin: [0, 16, 0, 6],
  }];
  if (!d.debtCollectionNotice) out.push({ text: 'Har du betalt de siste dagene, kan du se bort fra denne purringen.', fontSize: 9, color: MUTED });
  return out;
}

/** The claim: one row per part, "Å betale" last (bold, on HEAD_FILL between accent rules); rows never split. */
function claimTable(flow: Flow, d: DunningDocument): void {
  const inv = d.invoice;
  const cur = inv.currency.toUpperCase();
  const paid = inv.totalOre + d.earlierCharges - d.invoiceBalance;
  const rows: Cell[][] = [];
  const row = (label: string, ore: number, opts: { strong?: boolean; muted?: boolean } = {}) => {
    const size = opts.strong ? 11 : 9;
    const font = fontFor(!!opts.strong);
    rows.push([
      { spans: [{ text: label, font, size, color: opts.muted ? MUTED : INK, lineHeight: 1.05 }] },
      { spans: [{ text: formatMoney(ore, cur), font, size, color: INK, lineHeight: 1.05 }], align: 'right', noWrap: true },
    ]);
  };
  row(`Faktura nr. ${inv.number}, forfall ${formatDate(inv.dueDate)}`, inv.totalOre);
  if (paid !== 0) row('Innbetalt og kreditert', -paid);
  if (d.earlierCharges !== 0) row('Gebyr og renter fra tidligere varsler', d.earlierCharges);
  row(`Utestående per ${formatDate(d.dunningDate)}`, d.invoiceBalance, { muted: true });
  if (d.fee !== 0) row(d.debtCollectionNotice ? 'Gebyr for inkassovarsel' : 'Purregebyr', d.fee);
  for (const p of d.interestParts) {
    row(`Forsinkelsesrente ${formatPercent(p.rate)} % av ${formatMoney(p.principal ?? d.interestPrincipal, cur)}, ${formatDate(p.from)}–${formatDate(p.to)} (${p.days} dager)`, p.interest);
  }
  if (d.interestParts.length > 1) row('Forsinkelsesrente i alt', d.interest);
  row('Å betale', total(d), { strong: true });
  const n = rows.length;
  const auto = Math.max(...rows.map((r) => widthOf(r[1].spans[0].text, r[1].spans[0].font, r[1].spans[0].size)));
  const t: TableSpec = {
    widths: [CONTENT_W - 16 - auto, auto],
    padL: 4, padR: 4, padT: () => 3, padB: () => 3,
    rule: (i) => ({ width: i === n - 1 ? 1 : i === n ? 1.6 : i > 0 && i < n - 1 ? 0.4 : 0, color: i >= n - 1 ? ACCENT : RULE }),
    fill: (i) => (i === n - 1 ? HEAD_FILL : null),
  };
  flow.y += 14;
  rows.forEach((r, i) => {
    const laid = layRow(t, r, i);
    if (laid.height + t.rule(i + 1).width > flow.room()) flow.newPage();
    flow.y = drawRow(flow.items, t, r, laid, i, MARGIN_L, flow.y);
  });
}

function payment(d: DunningDocument): ContentObject | null {
  const s = d.invoice.seller;
  const cur = d.invoice.currency.toUpperCase();
  const parts: string[] = [];
  if (nonEmpty(s.bankAccount)) parts.push(`Betal ${formatMoney(total(d), cur)} til konto ${formatAccount(s.bankAccount!)} innen ${formatDate(d.dueDate)}.`);
  if (nonEmpty(d.invoice.kid)) parts.push(`Bruk KID ${d.invoice.kid!.trim()}.`);
  return parts.length ? { text: parts.join(' '), fontSize: 9, bold: true, margin: [0, 12, 0, 0] } : null;
}

function legal(d: DunningDocument): ContentObject[] {
  const notes: ContentObject[] = [];
  if (d.debtCollectionNotice) {
    notes.push(
      { text: 'Varsel om inkasso', bold: true, fontSize: 10, color: ACCENT, margin: [0, 14, 0, 0] },
      {
        text:
          `Dersom kravet ikke er betalt innen ${formatDate(d.dueDate)}, vil det bli sendt til inkasso uten nytt varsel. ` +
          'Det vil da påløpe inkassokostnader som du blir ansvarlig for, i tillegg til forsinkelsesrente. ' +
          'Har du innsigelser mot kravet, må du gi oss beskjed før fristen går ut.',
        fontSize: 9,
        margin: [0, 2, 0, 0],
      },
    );
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

/** The display list of a dunning. */
export function layoutDunning(d: DunningDocument, withLogo = !!d.invoice.seller.logo): DisplayDocument {
  const inv = d.invoice;
  const name = title(d);
  const flow = new Flow();
  head(flow, inv, { title: name, subtitle: [`Faktura nr. ${inv.number}`], facts: facts(d), labelWidth: 82, bold: new Set(['Ny betalingsfrist']) }, withLogo);
  for (const node of intro(d)) paragraph(flow, node);
  claimTable(flow, d);
  const text = nonEmpty(d.dunningText);
  if (text) paragraph(flow, { text, fontSize: 9, margin: [0, 12, 0, 0] });
  paragraph(flow, payment(d));
  for (const node of legal(d)) paragraph(flow, node);
  // The giro asks for the whole amount by the new deadline, with the invoice's KID.
  const giroView: DocumentView = { ...inv, totalOre: total(d), prepaidOre: 0, dueDate: d.dueDate };
  giroPart(flow, giroView);
  const heading = `${name} ${d.number}`;
  const out: DisplayDocument = {
    info: { title: heading, author: inv.seller.name, subject: `${name} for faktura ${inv.number} til ${inv.buyer.name}`, creator: 'Kvitt', producer: 'Kvitt' },
    pages: flow.pages,
  };
  pageHeads(out, heading, inv.seller.name);
  return out;
}
