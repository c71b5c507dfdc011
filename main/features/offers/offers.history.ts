import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** How a document went out (shipments.method). Paper has no recipient address. */
export type ShipmentMethod = 'email' | 'paper' | 'ehf' | 'efaktura';
/** Delivery status in the sending history (spec section 3). */
export type ShipmentStatus = 'IN_PROGRESS' | 'DELIVERED' | 'NOT_DELIVERED';

/** A sending-history entry, spec 2.9. */
export interface HistoryEntry {
  description: string;
  /** Empty for paper. */
  recipientAddress: string;
  /** YYYY-MM-DD HH:MM */
  date: string;
  status: ShipmentStatus;
}

/**
 * Records one shipment of an issued document (the sending features call it inside their transaction).
 * `at` is a clock timestamp (`ctx.clock.timestamp()`); the history keeps it to the minute.
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
  const row = await trx
    .insertInto('shipments')
    .values({
      document_id: documentId,
      method,
      address: method === 'paper' ? '' : (address ?? '').trim(),
      status,
      description,
      sent_at: at.slice(0, 16),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The document ids of a chain: the given document and every document made from it, directly or through
 * another (offer -> order confirmation -> invoice), following documents.source_document_id.
 */
export async function chainFrom(db: Kysely<Database>, rootId: number): Promise<number[]> {
  const all = [rootId];
  let frontier = [rootId];
  const seen = new Set(all);
  // The chain is short (offer -> order confirmation -> invoice); the bound guards against a cycle in bad data.
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

/** Spec 4.6: how the offer and its successors (order confirmation, invoice) were sent, oldest first. */
export async function historyOf(db: Kysely<Database>, offerId: number): Promise<HistoryEntry[]> {
  const ids = await chainFrom(db, offerId);
  const rows = await db
    .selectFrom('shipments')
    .select(['description', 'address', 'sent_at', 'status', 'id'])
    .where('document_id', 'in', ids)
    .orderBy('sent_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    description: r.description,
    recipientAddress: r.address,
    date: r.sent_at.slice(0, 16),
    status: r.status as ShipmentStatus,
  }));
}
