/**
 * The outbox's claims (docs/office-leases.md): before a process sends a shipment it claims the row (claimed_by,
 * lease_until) in one transaction: `FOR UPDATE SKIP LOCKED` on PostgreSQL, so two processes claiming at once take
 * different rows; the single writer on SQLite. A row whose lease has not run out is never taken by another claimant, so
 * any number of processes, flushes and restarts send each shipment once. The sender renews its leases while it works
 * and gives back what it did not finish; a process that dies leaves its claims to run out.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { leaseEnd } from '../../ops/leases.js';
import { inTx } from '../../ops/transaction.js';

/** Methods the background sender delivers (paper is printed by a person). */
export const SENT_METHODS = ['email', 'ehf', 'sms'];

/**
 * Claims up to `limit` due shipments with ids above `after` for `me` (ids ascending). `force` (a flush) takes them
 * whatever their backoff. Returns the claimed ids and when the claim runs out (ISO UTC).
 */
export async function claimShipments(ctx: AppContext, me: string, opts: { after: number; limit: number; force: boolean }): Promise<{ ids: number[]; until: string }> {
  return inTx(ctx, async ({ db: trx }) => {
    const { now, until } = await leaseEnd(trx);
    let q = trx
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'IN_PROGRESS')
      .where('method', 'in', SENT_METHODS)
      .where('id', '>', opts.after)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]));
    if (!opts.force) q = q.where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', new Date().toISOString())]));
    const ids = (await q.orderBy('id').limit(opts.limit).forUpdate().skipLocked().execute()).map((r) => Number(r.id));
    if (ids.length) await trx.updateTable('outbox').set({ claimed_by: me, lease_until: until }).where('id', 'in', ids).execute();
    return { ids, until };
  });
}

/** Extends `me`'s claims; returns the new end (ISO UTC). */
export async function renewClaims(db: Kysely<Database>, me: string): Promise<string> {
  const { until } = await leaseEnd(db);
  await db.updateTable('outbox').set({ lease_until: until }).where('claimed_by', '=', me).execute();
  return until;
}

/** Gives back every claim of `me` (the rows it did not finish go to whoever claims next). */
export async function releaseClaims(db: Kysely<Database>, me: string): Promise<void> {
  await db.updateTable('outbox').set({ claimed_by: null, lease_until: null }).where('claimed_by', '=', me).execute();
}
