import type { Kysely } from 'kysely';
import { insertRows } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { getSettings } from '../settings/index.js';
import type { DocumentKind } from './document-kinds.js';
import { draftRow, type NewLineRow } from './document-rows.js';
import type { DraftInput } from './documents.schema.js';
import { checkDraft, type CheckedDraft } from './draft-input.js';

/** Kinds served together: the invoice drafts path holds invoices and credit notes. */
export const INVOICE_KINDS: readonly DocumentKind[] = ['invoice', 'credit-note'];
export const kindsServedWith = (kind: DocumentKind): readonly DocumentKind[] => (kind === 'invoice' || kind === 'credit-note' ? INVOICE_KINDS : [kind]);

export async function insertLines(db: Kysely<Database>, documentId: number, lines: NewLineRow[]): Promise<void> {
  // The usual few lines: one INSERT compiled once per line count (db/fast.ts); long documents in chunks of 500.
  if (lines.length > 0 && lines.length <= 8) {
    await insertRows(db, 'document_lines', lines.map((l, j) => ({ ...l, document_id: documentId, line_no: j + 1 })));
    return;
  }
  for (let i = 0; i < lines.length; i += 500) {
    await db
      .insertInto('document_lines')
      .values(lines.slice(i, i + 500).map((l, j) => ({ ...l, document_id: documentId, line_no: i + j + 1 })))
      .execute();
  }
}

/** Writes a checked draft as a new documents row (number null): the draft number is the row id. */
export async function insertDraft(ctx: AppContext, checked: CheckedDraft, sourceDocumentId: number | null = null): Promise<number> {
  const now = ctx.clock.timestamp();
  const inserted = await insertRows<{ id: number }>(ctx.db, 'documents', [{ ...checked.doc, series: null, number: null, source_document_id: sourceDocumentId, created_at: now, updated_at: now }], ['id']);
  const id = Number(inserted.rows[0].id);
  await insertLines(ctx.db, id, checked.lines);
  return id;
}

/** A new draft of `kind` (invoice drafts with credit: true become credit-note drafts). Returns the draft number. */
export async function createDraft(ctx: AppContext, kind: DocumentKind, input: DraftInput, sourceDocumentId: number | null = null): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const settings = await getSettings(tctx);
    const checked = await checkDraft(tctx, settings, kind, input);
    const id = await insertDraft(tctx, checked, sourceDocumentId);
    await audit(tctx, 'draft', id, 'create', { kind: checked.doc.kind, input });
    return id;
  });
}

/** Replaces a draft's content (same rules as creation). */
export async function updateDraft(ctx: AppContext, kind: DocumentKind, id: number, input: DraftInput): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const existing = await draftRow(trx, id, kindsServedWith(kind));
    if (!existing) throw notFound('draft', { id });
    const settings = await getSettings(tctx);
    const checked = await checkDraft(tctx, settings, existing.kind as DocumentKind, { ...input, credit: input.credit ?? existing.kind === 'credit-note' });
    await trx.deleteFrom('document_lines').where('document_id', '=', id).execute();
    await trx
      .updateTable('documents')
      .set({ ...checked.doc, updated_at: ctx.clock.timestamp() })
      .where('id', '=', id)
      .where('number', 'is', null)
      .execute();
    await insertLines(trx, id, checked.lines);
    await audit(tctx, 'draft', id, 'update', { kind: checked.doc.kind, input });
  });
}

export async function deleteDraft(ctx: AppContext, kind: DocumentKind, id: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const existing = await draftRow(trx, id, kindsServedWith(kind));
    if (!existing) throw notFound('draft', { id });
    await trx.deleteFrom('document_lines').where('document_id', '=', id).execute();
    await trx.deleteFrom('documents').where('id', '=', id).where('number', 'is', null).execute();
    await audit(tctx, 'draft', id, 'delete', { kind: existing.kind });
  });
}
