import { prepared } from '../../../db/fast.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../ops/errors.js';
import { verifyContentHash, draftRow, issuedRow, type DocRow, kindsServedWith } from '../documents/core.js';
import type { DocumentKind } from '../documents/core.js';
import { creditNoteLinks, creditNoteShapes, draftDetails, invoiceLinks, invoiceShapes, stateShape, type DocWithBalance } from './invoices.read.js';

/** An issued invoice with its running balance (prepared once per database: GET /invoices/{n}, its PDF and EHF). */
const withBalance = prepared((db, number: number) =>
  db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .selectAll('d')
    .select(['b.balance', 'b.lost', 'b.paid_total', 'b.credited_total', 'b.lost_total', 'b.fees_total', 'b.interest_total'])
    .where('d.kind', '=', 'invoice')
    .where('d.number', '=', number),
);

/** An issued invoice with its running balance, or 404. */
export async function invoiceWithBalance(ctx: AppContext, number: number): Promise<DocWithBalance & { balance: number; lost: number }> {
  const row = await withBalance.first(ctx.db, number);
  if (!row) throw notFound('invoice', { number });
  return row as DocWithBalance & { balance: number; lost: number };
}

/** GET /invoices/{number}: the 2.2 shape with _links, plus the derived `state` and `stateDetail` at today. */
export async function getInvoice(ctx: AppContext, number: number) {
  const row = await invoiceWithBalance(ctx, number);
  const [shape] = await invoiceShapes(ctx.db, [row]);
  return { ...shape, _links: invoiceLinks(shape.number, row.recipient_number), ...stateShape(row, ctx.clock.today()) };
}

export async function getCreditNoteRow(ctx: AppContext, number: number): Promise<DocRow> {
  const row = await issuedRow(ctx, 'credit-note', number);
  if (!row) throw notFound('credit-note', { number });
  return row;
}

export async function getCreditNote(ctx: AppContext, number: number) {
  const row = await getCreditNoteRow(ctx, number);
  const [shape] = await creditNoteShapes(ctx.db, [row]);
  return { ...shape, _links: creditNoteLinks(shape.number, shape.creditedInvoiceNumber, row.recipient_number) };
}

export async function getDraftRow(ctx: AppContext, kind: DocumentKind, id: number): Promise<DocRow> {
  const row = await draftRow(ctx.db, id, kindsServedWith(kind));
  if (!row) throw notFound('draft', { id });
  return row;
}

export async function getDraft(ctx: AppContext, kind: DocumentKind, id: number) {
  const [shape] = await draftDetails(ctx.db, [await getDraftRow(ctx, kind, id)]);
  return shape;
}

/** Proof that an issued document is unchanged: its stored content hashed again equals the hash taken when it was issued. */
export async function documentIntegrity(ctx: AppContext, doc: DocRow) {
  const lines = await ctx.db.selectFrom('document_lines').selectAll().where('document_id', '=', doc.id).orderBy('line_no').execute();
  return { kind: doc.kind, number: doc.number, issuedAt: doc.issued_at, algorithm: 'sha256', contentHash: doc.content_hash, unchanged: verifyContentHash(doc, lines) };
}
