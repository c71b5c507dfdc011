import type { Kysely } from 'kysely';
import { insertValues, prepared } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../clock.js';
import type { Actor } from '../../context.js';
import type { TxMark } from '../../ops/transaction.js';

/**
 * What audit() needs: a transaction context (made only by inTx or the group commit, so an entry cannot be written
 * outside the transaction that makes the change), its clock and the actor it runs for.
 */
export type AuditCtx = TxMark & { readonly db: Kysely<Database>; readonly clock: Clock; readonly actor?: Actor };

/** The entry's INSERT, built and compiled once (db/fast.ts): every write of every operation runs it. */
const insertEntry = prepared(
  (db, at: string, entity: string, entityId: string, action: string, data: string | null, actor: string | null) =>
    db.insertInto('audit_log').values({ at, entity, entity_id: entityId, action, data, actor }),
);

/**
 * Appends one entry to the audit log; call it inside the transaction that makes the change. `data` must be validated
 * input or values the service derived (never a raw body): operations only see validated input (main/ops/validate.ts).
 * The entry names who made the change: the actor the HTTP adapter runs the operation as (main/features/users/actor.ts),
 * which inTx or the group commit put in the operation's transaction context (`tctx.actor`; null without one: IPC,
 * background jobs).
 */
export async function audit(
  tctx: AuditCtx,
  entity: string,
  entityId: string | number,
  action: string,
  data?: unknown,
): Promise<void> {
  // A change and its audit entry commit together or not at all: an entry written outside a transaction could stay
  // behind a failed change (or the change behind a failed entry), so it is refused here, for every operation.
  // The type says so already (AuditCtx); this stays as a belt for a context cast by hand.
  if (!tctx.db.isTransaction) throw new Error(`audit(${entity}, ${action}) must run inside the transaction that makes the change`);
  await insertEntry.execute(tctx.db, tctx.clock.timestamp(), entity, String(entityId), action, data === undefined ? null : JSON.stringify(data), tctx.actor?.name ?? null);
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
export async function auditMany(tctx: AuditCtx, entries: readonly AuditEntry[]): Promise<void> {
  const { db, clock } = tctx;
  if (!db.isTransaction) throw new Error('auditMany must run inside the transaction that makes the changes');
  const actor = tctx.actor?.name ?? null;
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
