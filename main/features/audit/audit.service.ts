import type { Kysely } from 'kysely';
import { insertValues, prepared } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../clock.js';
import { txActor } from '../../ops/transaction-core.js';

/** The entry's INSERT, built and compiled once (db/fast.ts): every write of every operation runs it. */
const insertEntry = prepared(
  (db, at: string, entity: string, entityId: string, action: string, data: string | null, actor: string | null) =>
    db.insertInto('audit_log').values({ at, entity, entity_id: entityId, action, data, actor }),
);

/**
 * Appends one entry to the audit log; call it inside the transaction that makes the change. `data` must be validated
 * input or values the service derived (never a raw body): operations only see validated input (main/ops/validate.ts).
 * The entry names who made the change: the actor the HTTP adapter runs the operation as (main/features/users/actor.ts),
 * which the transaction recorded when inTx or the group commit opened it for that operation's ctx (txActor).
 */
export async function audit(
  db: Kysely<Database>,
  clock: Clock,
  entity: string,
  entityId: string | number,
  action: string,
  data?: unknown,
): Promise<void> {
  // A change and its audit entry commit together or not at all: an entry written outside a transaction could stay
  // behind a failed change (or the change behind a failed entry), so it is refused here, for every operation.
  if (!db.isTransaction) throw new Error(`audit(${entity}, ${action}) must run inside the transaction that makes the change`);
  await insertEntry.execute(db, clock.timestamp(), entity, String(entityId), action, data === undefined ? null : JSON.stringify(data), txActor(db)?.name ?? null);
}

const AUDIT_COLUMNS = ['at', 'entity', 'entity_id', 'action', 'data', 'actor'] as const;

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  data?: unknown;
}

/**
 * Appends many entries at once (in order, 20 rows an INSERT), as audit() would one by one: inside the transaction that
 * makes the changes, each stamped now and with the transaction's actor. For a bulk write (a bank file's payments).
 */
export async function auditMany(db: Kysely<Database>, clock: Clock, entries: readonly AuditEntry[]): Promise<void> {
  if (!db.isTransaction) throw new Error('auditMany must run inside the transaction that makes the changes');
  const actor = txActor(db)?.name ?? null;
  for (let i = 0; i < entries.length; i += 20) {
    const n = Math.min(20, entries.length - i);
    const at = clock.timestamp(); // one stamp a statement: the rows of one INSERT are written in the same instant
    const values: unknown[] = [];
    for (let k = i; k < i + n; k++) {
      const e = entries[k];
      values.push(at, e.entity, String(e.entityId), e.action, e.data === undefined ? null : JSON.stringify(e.data), actor);
    }
    await insertValues(db, 'audit_log', AUDIT_COLUMNS, values, n);
  }
}
