/** Sending history (spec 2.9, 4.6), read from the outbox rows. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ShipmentMethod, ShipmentStatus } from './sending.schema.js';

/** A sending-history entry, spec 2.9. */
export interface HistoryEntry {
  description: string;
  /** Empty for paper. */
  recipientAddress: string;
  /** YYYY-MM-DD HH:MM (local) */
  date: string;
  status: ShipmentStatus;
}

/**
 * Records a finished shipment made outside the outbox (an import of history); `at` is `YYYY-MM-DD HH:MM[:SS]`.
 * Paper keeps no recipient address in the history.
 */
export async function recordShipment(
  trx: Kysely<Database>,
  documentId: number,
  method: ShipmentMethod,
  address: string | null,
  description: string,
  status: ShipmentStatus,
  at: string,
): Promise<number> {
  const doc = await trx.selectFrom('documents').select(['kind', 'number']).where('id', '=', documentId).executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('outbox')
    .values({
      ref_type: doc.kind,
      ref_number: doc.number ?? 0,
      document_id: documentId,
      method,
      address: method === 'paper' ? '' : (address ?? '').trim(),
      status,
      description,
      payload: '{}',
      message_id: null,
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
      created_at: at,
      updated_at: at,
      delivered_at: status === 'DELIVERED' ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The document ids of a chain: the document and every document made from it (offer -> order confirmation -> invoice). */
export async function chainFrom(db: Kysely<Database>, rootId: number): Promise<number[]> {
  const all = [rootId];
  let frontier = [rootId];
  const seen = new Set(all);
  // The chain is short; the bound guards against a cycle in bad data.
  for (let depth = 0; depth < 10 && frontier.length; depth++) {
    const rows = await db.selectFrom('documents').select('id').where('source_document_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !seen.has(id));
    for (const id of frontier) {
      seen.add(id);
      all.push(id);
    }
  }
  return all;
}

/** Sending history (spec 2.9) of one document, newest first; an offer's covers its successors too (spec 4.6). */
export async function historyOf(db: Kysely<Database>, doc: { type: string; number: number }): Promise<HistoryEntry[]> {
  let q = db.selectFrom('outbox').select(['description', 'address', 'created_at', 'status', 'method']);
  const isDocument = ['invoice', 'credit-note', 'offer', 'order-confirmation'].includes(doc.type);
  if (isDocument) {
    const row = await db.selectFrom('documents').select('id').where('kind', '=', doc.type).where('number', '=', doc.number).executeTakeFirst();
    if (!row) return [];
    const ids = doc.type === 'offer' ? await chainFrom(db, row.id) : [row.id];
    q = q.where('document_id', 'in', ids);
  } else {
    q = q.where('ref_type', '=', doc.type).where('ref_number', '=', doc.number);
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    description: r.description,
    recipientAddress: r.method === 'paper' ? '' : r.address,
    date: r.created_at.slice(0, 16),
    status: r.status as ShipmentStatus,
  }));
}
