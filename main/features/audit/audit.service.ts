import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../clock.js';

/** Appends one entry to the audit log; call it inside the transaction that makes the change. */
export async function audit(
  db: Kysely<Database>,
  clock: Clock,
  entity: string,
  entityId: string | number,
  action: string,
  data?: unknown,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at: clock.timestamp(), entity, entity_id: String(entityId), action, data: data === undefined ? null : JSON.stringify(data) })
    .execute();
}
