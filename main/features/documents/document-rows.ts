import type { Kysely, Selectable } from 'kysely';
import { prepared, preparedIn } from '../../../db/fast.js';
import { txMemo } from '../../ops/tx-memo.js';
import type { AppContext } from '../../context.js';
import type { TxCtx } from '../../ops/transaction.js';
import type { Database, DocumentLinesTable, DocumentsTable } from '../../../db/schema.js';
import type { DocumentTotals, LineAmountsInput, VatCategory } from '../../domain/totals.js';
import type { DocumentKind } from './document-kinds.js';

export type DocRow = Selectable<DocumentsTable>;
export type LineRow = Selectable<DocumentLinesTable>;
export type NewLineRow = Omit<LineRow, 'document_id' | 'line_no'>;

/** A stored line as input to computeTotals. */
export const lineAmountsInput = (l: NewLineRow): LineAmountsInput => ({
  quantityMilli: l.quantity_milli,
  unitPriceOre: l.unit_price,
  discountHundredths: l.discount,
  taxRateHundredths: l.tax_rate,
  vatCategory: l.vat_category as VatCategory,
  exemptionReason: l.exemption_reason,
});

/** A document's total columns from its computed totals. */
export const totalsColumns = (t: DocumentTotals) => ({
  net: t.netOre,
  tax: t.taxOre,
  total: t.totalOre,
  tax_nok: t.taxNokOre,
  total_nok: t.totalNokOre,
});

/** The lines of many documents, grouped by document id: one prepared query per 512 documents (db/fast.ts preparedIn). */
const linesQuery = preparedIn((db, ids) => db.selectFrom('document_lines').selectAll().where('document_id', 'in', ids as number[]).orderBy('document_id').orderBy('line_no'));
export async function linesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, LineRow[]>> {
  const out = new Map<number, LineRow[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  for (const r of await linesQuery.rows(db, ids)) out.get(r.document_id)!.push(r);
  return out;
}

/** An issued document by kind and number (null when there is none). */
export async function issuedRow(ctx: Pick<AppContext, 'db'>, kind: DocumentKind, number: number): Promise<DocRow | null> {
  const kept = txMemo(ctx)?.get(`issued:${kind}:${number}`) as DocRow | undefined;
  if (kept) return { ...kept };
  return (await issuedQuery.first(ctx.db, kind, number)) ?? null;
}

/**
 * The row a transaction has just issued, kept for the rest of it (the outbox queues its mail in the same transaction
 * and would read it back). An issued row never changes (the triggers refuse it), and a rollback to a savepoint forgets
 * the memo, so what is kept is what a read would answer.
 */
export function keepIssuedRow(tctx: TxCtx, row: DocRow): void {
  tctx.memo.set(`issued:${row.kind}:${row.number}`, row);
}
const issuedQuery = prepared((db, kind: DocumentKind, number: number) => db.selectFrom('documents').selectAll().where('kind', '=', kind).where('number', '=', number));

/** A draft (number null) by draft number, optionally of some kinds only. */
export async function draftRow(db: Kysely<Database>, id: number, kinds?: readonly DocumentKind[]): Promise<DocRow | null> {
  let q = db.selectFrom('documents').selectAll().where('id', '=', id).where('number', 'is', null);
  if (kinds) q = q.where('kind', 'in', kinds as DocumentKind[]);
  return (await q.executeTakeFirst()) ?? null;
}

/** Issued numbers and dates of documents referred to by id (credited invoices, sources), in one query. */
const numbersQuery = preparedIn((db, ids) => db.selectFrom('documents').select(['id', 'number', 'issue_date', 'kind']).where('id', 'in', ids as number[]));
export async function numbersOf(db: Kysely<Database>, ids: Array<number | null>): Promise<Map<number, { number: number | null; issueDate: string | null; kind: string }>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const out = new Map<number, { number: number | null; issueDate: string | null; kind: string }>();
  if (!wanted.length) return out;
  for (const r of await numbersQuery.rows(db, wanted)) out.set(r.id, { number: r.number, issueDate: r.issue_date, kind: r.kind });
  return out;
}
