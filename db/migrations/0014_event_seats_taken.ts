import { sql, type Kysely } from 'kysely';

/**
 * The seats an event's participants hold, kept on the event's row (issue 14): `events.seats_taken` is the number of its
 * participants that are not cancelled (pending ones hold a seat until the host decides), the rule the seat limit counts.
 * Before, every signup counted them (`count(*)` over the event's participants, growing with the event); now the
 * signup's lock UPDATE (migration 0006: signup_seq) adds its seat in the same statement and answers the new count
 * (`… set signup_seq = signup_seq + 1, seats_taken = seats_taken + 1 … returning …`), so the count is exact under the same
 * lock as before, on SQLite and PostgreSQL. Whatever changes a participant's seat changes the column in its own
 * transaction: a signup +1 (a refused one is rolled back with it), a cancellation −1; confirming a pending participant
 * keeps its seat; participants are never deleted. Backfilled from the rows that exist. Portable DDL and SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update events set seats_taken = (select count(*) from event_participants p where p.event_number = events.number and p.status != 'cancelled')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
