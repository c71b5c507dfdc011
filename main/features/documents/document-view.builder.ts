/**
 * DB rows -> DocumentView: the one place where the computed view for the PDF and EHF writers is built.
 * Issued documents read their frozen snapshots; drafts show the originator and recipient as they are now.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { DocumentView, LineView, PartySnapshot, VatCategory } from '../../render/document-view.js';
import { computeTotals } from '../../domain/totals.js';
import { getSettings } from '../settings/index.js';
import type { DocumentKind } from './document-kinds.js';
import { lineAmountsInput, linesOf, numbersOf, type DocRow, type LineRow } from './document-rows.js';
import { originatorSnapshot, recipientSnapshot } from './party.js';

function lineView(l: LineRow): LineView {
  return {
    lineNo: l.line_no,
    productCode: l.product_code,
    description: l.description,
    quantityMilli: l.quantity_milli,
    unit: l.unit,
    unitPriceOre: l.unit_price,
    discountHundredths: l.discount,
    taxRateHundredths: l.tax_rate,
    vatCategory: l.vat_category as VatCategory,
    exemptionReason: l.exemption_reason,
    netOre: l.net,
    taxOre: l.tax,
    totalOre: l.total,
  };
}

export interface ViewParts {
  doc: DocRow;
  lines: LineRow[];
  seller: PartySnapshot;
  buyer: PartySnapshot;
  credited: { number: number | null; issueDate: string | null } | null;
}

/** Pure assembly; the VAT breakdown is recomputed from the stored line nets with the same rules as issuing. */
export function assembleView(p: ViewParts): DocumentView {
  const d = p.doc;
  const totals = computeTotals(p.lines.map(lineAmountsInput), d.exchange_rate_micro);
  const delivery = d.delivery_address ? (JSON.parse(d.delivery_address) as DocumentView['deliveryAddress']) : null;
  return {
    kind: d.kind as DocumentKind,
    number: d.number,
    draftNumber: d.id,
    issueDate: d.issue_date ?? '',
    dueDate: d.due_date,
    orderDate: d.order_date,
    deliveryDate: d.delivery_date,
    expiryDate: d.expiry_date,
    orderNumber: d.order_number,
    ourReference: d.our_reference,
    yourReference: d.your_reference,
    kid: d.kid,
    invoiceText: d.invoice_text,
    currency: d.currency,
    exchangeRate: d.exchange_rate_micro / 1e6,
    creditedInvoiceNumber: p.credited?.number ?? null,
    creditedInvoiceDate: p.credited?.issueDate ?? null,
    seller: p.seller,
    buyer: p.buyer,
    deliveryAddress: delivery,
    lines: p.lines.map(lineView),
    vat: totals.vat,
    // Issued documents: the figures frozen at issue (equal to the recomputed ones).
    netOre: d.number !== null ? d.net : totals.netOre,
    taxOre: d.number !== null ? d.tax : totals.taxOre,
    totalOre: d.number !== null ? d.total : totals.totalOre,
    taxNokOre: d.number !== null ? d.tax_nok : totals.taxNokOre,
    prepaidOre: 0,
  };
}

/** Views of many documents with a fixed number of queries. */
export async function buildViews(db: Kysely<Database>, ctx: AppContext, docs: DocRow[]): Promise<DocumentView[]> {
  if (!docs.length) return [];
  const needsLive = docs.some((d) => d.number === null);
  const [lines, credited, settings, recipients] = await Promise.all([
    linesOf(db, docs.map((d) => d.id)),
    numbersOf(db, docs.map((d) => d.credited_document_id)),
    needsLive ? getSettings({ ...ctx, db }) : Promise.resolve(null),
    needsLive
      ? db.selectFrom('recipients').selectAll().where('number', 'in', [...new Set(docs.filter((d) => d.number === null).map((d) => d.recipient_number))]).execute()
      : Promise.resolve([]),
  ]);
  const live = new Map(recipients.map((r) => [r.number, recipientSnapshot(r)]));
  return docs.map((doc) => {
    const issued = doc.number !== null;
    const seller = issued && doc.originator_snapshot ? (JSON.parse(doc.originator_snapshot) as PartySnapshot) : originatorSnapshot(settings!);
    const buyer = issued ? (JSON.parse(doc.recipient_snapshot) as PartySnapshot) : (live.get(doc.recipient_number) ?? (JSON.parse(doc.recipient_snapshot) as PartySnapshot));
    const c = doc.credited_document_id !== null ? credited.get(doc.credited_document_id) : undefined;
    return assembleView({ doc, lines: lines.get(doc.id) ?? [], seller, buyer, credited: c ? { number: c.number, issueDate: c.issueDate } : null });
  });
}

export async function buildView(ctx: AppContext, doc: DocRow): Promise<DocumentView> {
  return (await buildViews(ctx.db, ctx, [doc]))[0];
}
