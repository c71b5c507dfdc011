import type { Kysely } from 'kysely';

/**
 * Leases (docs/office-leases.md): work that several Kvitt processes on one database may pick up is claimed on its row
 * before it is done, so it is done once.
 * - `outbox.claimed_by` / `outbox.lease_until`: the process that is sending the shipment and until when its claim holds
 *   (ISO UTC instant, the database's clock); both null when nobody holds it. A claim whose lease ran out (its process
 *   died mid-send) may be taken by another process.
 * - `job_leases`: one row per background job (the daily dunning run, the daily backup): who runs it and until when.
 * Portable DDL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('lease_until', 'text').execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
