/**
 * Offers (tilbud) and order confirmations (ordrebekreftelser), built on the documents core: drafts, issuing and numbering
 * are the documents service's (each kind has its own continuous series: settings.invoicing.firstOfferNumber and
 * firstOrderConfirmationNumber; an offer's expiry date defaults to its date + offerValidDays when issued). This file adds
 * what is particular to them: their read shapes and lists, the chain offer -> order confirmation -> invoice draft kept in
 * documents.source_document_id, their PDFs and the offer's sending history (spec 4.6).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';
import { fromScaled, oreToKr } from '../../domain/money.js';
import { fieldError, OpError, notFound } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { countryName } from '../common/index.js';
import {
  buildView,
  checkDraft,
  deliveryAddressShape,
  draftPath,
  draftRow,
  insertDraft,
  internationalShape,
  issueDraft,
  issuedPath,
  issuedRow,
  itemShape,
  linesOf,
  numbersOf,
  originatorShape,
  recipientShape,
  type DocRow,
  type DocumentKind,
  type DraftInput,
  type ItemInput,
  type Issued,
  type LineRow,
  type Snapshot,
} from '../documents/core.js';
import { productsByCode } from '../products/index.js';
import type { Settings } from '../settings/index.js';
import { getSettings } from '../settings/index.js';
import { historyOf, type HistoryEntry } from '../sending/index.js';
import type { ChainKind, ConvertInput, OfferListQuery } from './offers.schema.js';


const LABEL: Record<ChainKind, string> = { offer: 'Offer', 'order-confirmation': 'Order confirmation' };
const CHUNK = 500;

/* ------------------------------------------------------------------ rows */

export async function issuedChainRow(ctx: Pick<AppContext, 'db'>, kind: ChainKind, number: number): Promise<DocRow> {
  const row = await issuedRow(ctx, kind, number);
  if (!row) throw notFound(kind, { number });
  return row;
}

interface Successor {
  id: number;
  kind: DocumentKind;
  number: number | null;
  sourceId: number;
}

/** Documents made directly from any of `ids` (one query per 500 ids). */
async function successorsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, Successor[]>> {
  const out = new Map<number, Successor[]>(ids.map((id) => [id, []]));
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'kind', 'number', 'source_document_id'])
      .where('source_document_id', 'in', ids.slice(i, i + CHUNK))
      .orderBy('id')
      .execute();
    for (const r of rows) out.get(r.source_document_id!)!.push({ id: r.id, kind: r.kind as DocumentKind, number: r.number, sourceId: r.source_document_id! });
  }
  return out;
}

const successorRef = (s: Successor) => ({
  kind: s.kind,
  number: s.number,
  draftNumber: s.number === null ? s.id : null,
  uri: s.number === null ? draftPath(s.kind, s.id) : issuedPath(s.kind, s.number),
});

/* ------------------------------------------------------------------ shapes */

export type OfferState = 'open' | 'expired' | 'converted';

/**
 * The read shape of offers and order confirmations: the 2.2 invoice fields that apply (no kid, accountNumber, balance),
 * `invoiceDate` being the document's date as in the draft body, plus `expiryDate` and `state` on offers, and the chain:
 * `source` (what it was made from) and `successors` (what was made from it).
 */
export async function chainShapes(db: Kysely<Database>, rows: DocRow[], today: string) {
  const ids = rows.map((r) => r.id);
  const [lines, sources, successors] = await Promise.all([
    linesOf(db, ids),
    numbersOf(db, rows.map((r) => r.source_document_id)),
    successorsOf(db, ids),
  ]);
  return rows.map((d) => {
    const kind = d.kind as ChainKind;
    const number = d.number!;
    const self = issuedPath(kind, number);
    // Issuing always stores the originator and the date (issue.service.ts).
    const originator = JSON.parse(d.originator_snapshot!) as Snapshot;
    const src = d.source_document_id !== null ? sources.get(d.source_document_id) : undefined;
    const next = successors.get(d.id) ?? [];
    const state: OfferState = next.length ? 'converted' : d.expiry_date !== null && d.expiry_date < today ? 'expired' : 'open';
    const head = { number, orderNumber: d.order_number, invoiceDate: d.issue_date! };
    const body = {
      orderDate: d.order_date,
      deliveryDate: d.delivery_date,
      ourReference: d.our_reference,
      yourReference: d.your_reference,
      tax: oreToKr(d.tax),
      total: oreToKr(d.total),
      invoiceText: d.invoice_text,
      currency: d.currency,
      deliveryAddress: deliveryAddressShape(d.delivery_address),
      originator: originatorShape(originator),
      recipient: recipientShape(JSON.parse(d.recipient_snapshot) as Snapshot, d.recipient_number),
      items: (lines.get(d.id) ?? []).map(itemShape),
      international: internationalShape(d),
      source:
        src && src.number !== null
          ? { kind: src.kind as DocumentKind, number: src.number, uri: issuedPath(src.kind as DocumentKind, src.number) }
          : null,
      successors: next.map(successorRef),
    };
    const links = { self: { uri: self }, pdf: { uri: `${self}/pdf` } };
    const tail = { invoice: { uri: `${self}/invoice` }, recipient: { uri: `/recipients/${d.recipient_number}` } };
    if (kind === 'offer') {
      // An issued offer always has its expiry date (issuing defaults it to the date + offerValidDays).
      return {
        ...head,
        expiryDate: d.expiry_date!,
        state,
        ...body,
        _links: { ...links, history: { uri: `${self}/history` }, orderConfirmation: { uri: `${self}/order-confirmation` }, ...tail },
      };
    }
    return { ...head, dueDate: d.due_date, ...body, _links: { ...links, ...tail } };
  });
}
export type ChainShape = Awaited<ReturnType<typeof chainShapes>>[number];
/** The shape of one kind: an offer's (expiryDate, state) or an order confirmation's (dueDate). */
export type ChainShapeOf<K extends ChainKind> = K extends 'offer' ? Extract<ChainShape, { state: OfferState }> : Extract<ChainShape, { dueDate: string | null }>;

export async function getChainDocument<K extends ChainKind>(ctx: AppContext, kind: K, number: number): Promise<ChainShapeOf<K>> {
  const [shape] = await chainShapes(ctx.db, [await issuedChainRow(ctx, kind, number)], ctx.clock.today());
  return shape as ChainShapeOf<K>;
}

/* ------------------------------------------------------------------ lists */

export type ChainFilter = Pick<OfferListQuery, 'recipientNumber' | 'from' | 'to' | 'state'>;

/** The `state` of chainShapes as SQL on `documents as d`: converted when a document was made from it, else expired past its expiry date, else open. */
export function chainStateWhere(eb: ExpressionBuilder<Database & { d: Database['documents'] }, 'd'>, state: OfferState, today: string) {
  const converted = eb.exists(eb.selectFrom('documents as s').select('s.id').whereRef('s.source_document_id', '=', 'd.id'));
  if (state === 'converted') return converted;
  const expired = eb.and([eb('d.expiry_date', 'is not', null), eb('d.expiry_date', '<', today)]);
  return eb.and([eb.not(converted), state === 'expired' ? expired : eb.not(expired)]);
}

function issuedQuery(db: Kysely<Database>, kind: ChainKind, f: ChainFilter, today: string) {
  let q = db.selectFrom('documents as d').where('d.kind', '=', kind).where('d.number', 'is not', null);
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (f.from) q = q.where('d.issue_date', '>=', f.from);
  if (f.to) q = q.where('d.issue_date', '<=', f.to);
  const state = f.state;
  if (state) q = q.where((eb) => chainStateWhere(eb, state, today));
  return q;
}

/** One page (limit -1 = all), descending by number, counted in SQL. */
export async function listChainDocuments(ctx: AppContext, kind: ChainKind, f: ChainFilter, limit: number, offset: number) {
  const today = ctx.clock.today();
  const [rows, count] = await Promise.all([
    issuedQuery(ctx.db, kind, f, today).selectAll('d').orderBy('d.number', 'desc').limit(limit).offset(offset).execute(),
    issuedQuery(ctx.db, kind, f, today).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await chainShapes(ctx.db, rows, ctx.clock.today()), total: Number(count.n) };
}

/** The whole list in keyset chunks, so memory stays flat. */
export async function* streamChainDocuments(ctx: AppContext, kind: ChainKind, f: ChainFilter): AsyncGenerator<ChainShape> {
  const today = ctx.clock.today();
  let after: number | null = null;
  for (;;) {
    let q = issuedQuery(ctx.db, kind, f, today).selectAll('d');
    if (after !== null) q = q.where('d.number', '<', after);
    const rows = await q.orderBy('d.number', 'desc').limit(CHUNK).execute();
    if (!rows.length) return;
    yield* await chainShapes(ctx.db, rows, today);
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1].number!;
  }
}

/* ------------------------------------------------------------------ the chain */

/**
 * The draft body that makes a new document from an issued one: the same recipient, lines (with their own prices, VAT and
 * discounts, so later product changes do not alter what was agreed), references, currency and delivery address.
 */
export async function inputFrom(ctx: Pick<AppContext, 'db'>, doc: DocRow, lines: LineRow[], over: ConvertInput & { orderNumber?: string | null; orderDate?: string | null }): Promise<DraftInput> {
  const codes = await productsByCode(ctx, lines.map((l) => l.product_code).filter((c): c is string => !!c));
  const items: ItemInput[] = lines.map((l) => ({
    // A product deleted since keeps nothing but its code on the old document: the line stands as free text.
    productCode: l.product_code && codes.has(l.product_code) ? l.product_code : null,
    description: l.description,
    quantity: fromScaled(l.quantity_milli, 3),
    unitPrice: oreToKr(l.unit_price),
    discount: fromScaled(l.discount, 2),
    taxRate: (l.vat_category === 'O' ? 0 : l.tax_rate / 100) as ItemInput['taxRate'],
    vatCategory: l.vat_category === 'O' ? null : (l.vat_category as 'S' | 'Z' | 'E'),
    exemptionReason: l.exemption_reason,
    unit: l.unit,
  }));
  const delivery = doc.delivery_address ? (JSON.parse(doc.delivery_address) as { address: string | null; zip: string | null; city: string | null; country: string | null }) : null;
  return {
    recipient: { number: doc.recipient_number },
    orderNumber: over.orderNumber !== undefined ? over.orderNumber : doc.order_number,
    invoiceDate: over.invoiceDate ?? null,
    dueDate: over.dueDate ?? null,
    orderDate: over.orderDate !== undefined ? over.orderDate : doc.order_date,
    deliveryDate: over.deliveryDate !== undefined ? over.deliveryDate : doc.delivery_date,
    // Left out when the source has none: the invoice then gets "Vår referanse" from Settings → Fakturering.
    ourReference: doc.our_reference ?? undefined,
    yourReference: doc.your_reference,
    invoiceText: doc.invoice_text,
    currency: doc.currency,
    deliveryAddress: delivery ? { ...delivery, country: delivery.country ? countryName(delivery.country) : null } : null,
    items,
  };
}

async function linesOfOne(db: Kysely<Database>, id: number): Promise<LineRow[]> {
  return (await linesOf(db, [id])).get(id) ?? [];
}

function describe(s: Successor): string {
  return s.number === null ? `${LABEL_ANY[s.kind]} draft ${s.id} (${draftPath(s.kind, s.id)})` : `${LABEL_ANY[s.kind]} ${s.number} (${issuedPath(s.kind, s.number)})`;
}
const LABEL_ANY: Record<DocumentKind, string> = { invoice: 'invoice', 'credit-note': 'credit note', offer: 'offer', 'order-confirmation': 'order confirmation' };

function alreadyConverted(what: string, s: Successor): OpError {
  return new OpError('ALREADY_CONVERTED', `${what} has already been made into ${describe(s)}`, [
    fieldError('(path)', 'ALREADY_CONVERTED', { into: describe(s) }),
  ]);
}

/**
 * POST /offer/{n}/order-confirmation: issues an order confirmation with the offer's content (its own series), its
 * source being the offer; one transaction. An offer becomes one order confirmation and is invoiced through it.
 */
export async function offerToOrderConfirmation(ctx: AppContext, offerNumber: number, over: ConvertInput = {}, opts: { settings?: Settings } = {}): Promise<Issued> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const offer = await issuedChainRow(tctx, 'offer', offerNumber);
    const existing = (await successorsOf(trx, [offer.id])).get(offer.id)!;
    if (existing.length) throw alreadyConverted(`Offer ${offerNumber}`, existing[0]);
    const settings = opts.settings ?? (await getSettings(tctx));
    const input = await inputFrom(tctx, offer, await linesOfOne(trx, offer.id), { ...over, dueDate: null, orderDate: over.invoiceDate ?? offer.order_date });
    const checked = await checkDraft(tctx, settings, 'order-confirmation', input);
    const id = await insertDraft(tctx, checked, offer.id);
    const issued = await issueDraft(tctx, id, { kinds: ['order-confirmation'], settings });
    await audit(tctx, 'offer', offerNumber, 'order-confirmation', { orderConfirmation: issued.number });
    return issued;
  });
}

/**
 * POST /order-confirmation/{n}/invoice and POST /offer/{n}/invoice: an invoice draft with the document's content, its
 * source being the order confirmation (or the offer). An offer that already has an order confirmation is invoiced
 * through it, so the chain stays offer -> order confirmation -> invoice. A document is invoiced once: while an
 * invoice (draft or issued) made from it exists, another is refused (409). Returns the draft number.
 */
export async function invoiceDraftFrom(ctx: AppContext, kind: ChainKind, number: number, over: ConvertInput = {}, opts: { settings?: Settings } = {}): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    let doc = await issuedChainRow(tctx, kind, number);
    let next = (await successorsOf(trx, [doc.id])).get(doc.id)!;
    if (kind === 'offer') {
      const oc = next.find((s) => s.kind === 'order-confirmation' && s.number !== null);
      if (oc) {
        doc = (await issuedRow(tctx, 'order-confirmation', oc.number!))!;
        next = (await successorsOf(trx, [doc.id])).get(doc.id)!;
      }
    }
    const invoiced = next.find((s) => s.kind === 'invoice');
    if (invoiced) throw alreadyConverted(`${LABEL[doc.kind as ChainKind]} ${doc.number}`, invoiced);
    const settings = opts.settings ?? (await getSettings(tctx));
    const input = await inputFrom(tctx, doc, await linesOfOne(trx, doc.id), {
      ...over,
      // "Deres ordrenr." is the customer's order number, given on the offer or confirmation; our own confirmation number is
      // not theirs (the invoice keeps its link to the confirmation as its source document).
      orderNumber: doc.order_number ?? null,
      orderDate: doc.order_date ?? (doc.kind === 'order-confirmation' ? doc.issue_date : null),
    });
    const checked = await checkDraft(tctx, settings, 'invoice', input);
    const id = await insertDraft(tctx, checked, doc.id);
    await audit(tctx, doc.kind, doc.number!, 'invoice-draft', { draft: id });
    return id;
  });
}

/* ------------------------------------------------------------------ files and history */

const FILE_NAME: Record<ChainKind, string> = { offer: 'tilbud', 'order-confirmation': 'ordrebekreftelse' };

export async function chainPdf(ctx: AppContext, kind: ChainKind, number: number): Promise<{ filename: string; data: Buffer }> {
  const row = await issuedChainRow(ctx, kind, number);
  return { filename: `${FILE_NAME[kind]}-${number}.pdf`, data: await renderDocumentPdf(await buildView(ctx, row)) };
}

/** A draft's PDF (the editor's live preview). */
export async function chainDraftPdf(ctx: AppContext, kind: ChainKind, id: number): Promise<{ filename: string; data: Buffer }> {
  const row = await draftRow(ctx.db, id, [kind]);
  if (!row) throw notFound('draft', { id });
  return { filename: `${FILE_NAME[kind]}-utkast-${id}.pdf`, data: await renderDocumentPdf(await buildView(ctx, row)) };
}

/** GET /offer/{n}/history: the shipments of the offer, its order confirmation and invoice, newest first ([] when nothing was sent). */
export async function offerHistory(ctx: AppContext, number: number): Promise<HistoryEntry[]> {
  await issuedChainRow(ctx, 'offer', number);
  return historyOf(ctx.db, { type: 'offer', number });
}
