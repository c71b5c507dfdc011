/**
 * The last reminder date of each invoice (2.2 `reminderDate`), read from the reminders (`dunnings`) for the invoice's own
 * view: the invoice area reads the table in SQL as the reports do, so it imports nothing of the dunnings area (which
 * builds on invoices). One query per 500 invoices.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

const CHUNK = 500;

export async function reminderDatesOf(db: Kysely<Database>, documentIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < documentIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('dunnings')
      .select(['document_id', (eb) => eb.fn.max('dunning_date').as('last')])
      .where('document_id', 'in', documentIds.slice(i, i + CHUNK))
      .groupBy('document_id')
      .execute();
    for (const r of rows) out.set(r.document_id, r.last as string);
  }
  return out;
}
