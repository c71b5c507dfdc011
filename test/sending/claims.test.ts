/**
 * The outbox's claims (main/features/sending/claims.ts, docs/office-leases.md), on SQLite and PostgreSQL alike:
 * claimants at once take different rows; a live lease is never taken; one that ran out (its process died) is.
 */
import { describe, expect, test } from 'vitest';
import type { AppContext } from '../../main/context.js';
import { claimShipments, releaseClaims, renewClaims } from '../../main/features/sending/claims.js';
import { useMigratedDatabase } from '../helpers/database.js';

const t = useMigratedDatabase();
const ctx = () => ({ db: t.db }) as AppContext;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

async function queue(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await t.db
      .insertInto('outbox')
      .values({
        ref_type: 'message', ref_number: 0, document_id: null, method: 'email', address: `k${i}@example.no`, status: 'IN_PROGRESS',
        description: 'test', payload: '{}', message_id: null, attempts: 0, next_attempt_at: null, last_error: null,
        created_at: '2026-03-15 12:00:00', updated_at: '2026-03-15 12:00:00', delivered_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(r.id));
  }
  return ids;
}

const claimedBy = async (ids: number[]) =>
  (await t.db.selectFrom('outbox').select(['id', 'claimed_by']).where('id', 'in', ids).orderBy('id').execute()).map((r) => r.claimed_by);

describe('claiming shipments', () => {
  test('four claimants at once take different rows, every row once', async () => {
    const ids = await queue(40);
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((me) => claimShipments(ctx(), me, { after: 0, limit: 15, force: false })));
    const taken = claims.flatMap((c) => c.ids).filter((id) => ids.includes(id));
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.sort((x, y) => x - y)).toEqual(ids);
    for (const me of ['a', 'b', 'c', 'd']) await releaseClaims(t.db, me);
    expect(new Set(await claimedBy(ids))).toEqual(new Set([null]));
  });

  test('a live lease is left, renewed stays live, one that ran out is taken over', async () => {
    const ids = await queue(3);
    const first = await claimShipments(ctx(), 'alive', { after: ids[0] - 1, limit: 3, force: true });
    expect(first.ids).toEqual(ids);
    expect((await claimShipments(ctx(), 'other', { after: ids[0] - 1, limit: 3, force: true })).ids).toEqual([]);
    await renewClaims(t.db, 'alive');
    expect((await claimShipments(ctx(), 'other', { after: ids[0] - 1, limit: 3, force: true })).ids).toEqual([]);
    // The claimant dies: its lease runs out.
    await t.db.updateTable('outbox').set({ lease_until: iso(-1_000) }).where('claimed_by', '=', 'alive').execute();
    expect((await claimShipments(ctx(), 'other', { after: ids[0] - 1, limit: 3, force: true })).ids).toEqual(ids);
    expect(await claimedBy(ids)).toEqual(['other', 'other', 'other']);
    await releaseClaims(t.db, 'other');
  });

  test('a shipment waiting for its retry is claimed by a flush only; a delivered one never', async () => {
    const [waiting, done] = await queue(2);
    await t.db.updateTable('outbox').set({ next_attempt_at: iso(60 * 60_000) }).where('id', '=', waiting).execute();
    await t.db.updateTable('outbox').set({ status: 'DELIVERED' }).where('id', '=', done).execute();
    expect((await claimShipments(ctx(), 'pass', { after: waiting - 1, limit: 10, force: false })).ids).toEqual([]);
    expect((await claimShipments(ctx(), 'flush', { after: waiting - 1, limit: 10, force: true })).ids).toEqual([waiting]);
    await releaseClaims(t.db, 'flush');
  });
});
