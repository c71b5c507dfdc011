/**
 * The "one confirmation an hour per address and event" check of a signup reads one index entry, not every shipment of
 * the event in the last hour (which made each signup of a busy event slower than the one before).
 */
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { confirmationSince } from '../../main/features/events/notify.js';
import { dialectOf } from '../../db/dialect.js';
import { inTx } from '../../main/ops/transaction.js';
import { useMigratedDatabase } from '../helpers/database.js';

const t = useMigratedDatabase();

test('the check is answered through the outbox_ref_address index, on both databases', async () => {
  const query = confirmationSince(t.db, 7, ' Kari@Example.no ', '2026-11-28 10:00:00').compile();
  const plan = await inTx({ db: t.db }, async ({ db }) => {
    if (dialectOf(db) === 'postgres') {
      // An empty table is scanned whatever its indexes; without scans the planner shows which index it can use.
      await sql`set local enable_seqscan = off`.execute(db);
      const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${query.sql.replace(/\$(\d+)/g, (_, i) => literal(query.parameters[Number(i) - 1]))}`).execute(db);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    const values = [...query.parameters];
    const rows = await sql.raw<{ detail: string }>(`explain query plan ${query.sql.replace(/\?/g, () => literal(values.shift()))}`).execute(db);
    return rows.rows.map((r) => r.detail).join('\n');
  });
  expect(plan).toContain('outbox_ref_address');
  // Every column of the index is constrained, the address by its lower-case form.
  expect(query.parameters).toContain('kari@example.no');
});

test('the check finds a confirmation to the same address in another case, and not one to another event or before the hour', async () => {
  await t.db
    .insertInto('outbox')
    .values([
      { ref_type: 'event', ref_number: 7, method: 'email', address: 'KARI@example.no', status: 'DELIVERED', description: 'Påmelding', created_at: '2026-11-28 10:30:00', updated_at: '2026-11-28 10:30:00' },
      { ref_type: 'event', ref_number: 8, method: 'email', address: 'ola@example.no', status: 'DELIVERED', description: 'Påmelding', created_at: '2026-11-28 10:30:00', updated_at: '2026-11-28 10:30:00' },
    ] as never)
    .execute();
  expect(await confirmationSince(t.db, 7, 'kari@EXAMPLE.no', '2026-11-28 10:00:00').executeTakeFirst()).toBeTruthy();
  expect(await confirmationSince(t.db, 7, 'ola@example.no', '2026-11-28 10:00:00').executeTakeFirst()).toBeUndefined();
  expect(await confirmationSince(t.db, 7, 'kari@example.no', '2026-11-28 10:31:00').executeTakeFirst()).toBeUndefined();
});

function literal(v: unknown): string {
  return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
}
