import { sql, type Kysely } from 'kysely';

/**
 * An event signup checks whether its address had a confirmation from that event within the hour (one mail an hour per
 * address and event: main/features/events/notify.ts). With only (ref_type, ref_number, created_at) indexed, that read
 * every shipment of the event in the last hour, so each signup of a busy event cost more than the one before. This
 * index finds the address directly. The expression is written as the query writes it (`lower(address)`), which both
 * SQLite and PostgreSQL need to use it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index outbox_ref_address on outbox (ref_type, ref_number, lower(address), created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
