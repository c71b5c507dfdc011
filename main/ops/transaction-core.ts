import type { Kysely } from 'kysely';
import { holdingConnection, withoutCommitSync } from '../../db/connection.js';
import { withRetry } from '../../db/dialect.js';
import type { Actor } from '../context.js';

/**
 * Who each open transaction runs for (the audit's actor): set by inTx and, per member, by the group commit, read by
 * audit(). It travels with the transaction object instead of an AsyncLocalStorage, which on Node 20 turns on promise
 * hooks for every promise of the process (Kysely makes many: ~4 % of a signup's server CPU).
 */
const actors = new WeakMap<object, Actor>();

/** Records (or, without one, clears) the actor of the transaction `trx`; inTx and the group commit call it. */
export function setTxActor(trx: Kysely<any>, actor: Actor | undefined): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (actor) actors.set(trx, actor);
  else actors.delete(trx);
}

/** The actor the transaction `db` runs for; undefined outside a transaction, over IPC and for background jobs. */
export const txActor = (db: Kysely<any>): Actor | undefined => actors.get(db); // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A transaction of its own for `fn` (inTx's plain case, and the group commit's on PostgreSQL): it records `ctx.actor`,
 * holds the connection on SQLite (db/connection.ts), and runs again when PostgreSQL aborted it for a serialization
 * failure or a deadlock (withRetry, db/dialect.ts: the only retry there is).
 */
export function ownTransaction<C extends { db: Kysely<any>; actor?: Actor }, T>(ctx: C, fn: (tctx: C) => Promise<T>, opts: { syncOnCommit?: boolean } = {}): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const once = (db: Kysely<any>) => // eslint-disable-line @typescript-eslint/no-explicit-any
    db.transaction().execute((trx) => {
      setTxActor(trx, ctx.actor);
      return holdingConnection(trx, () => fn({ ...ctx, db: trx }));
    });
  return withRetry(() => (opts.syncOnCommit === false ? withoutCommitSync(ctx.db, once) : once(ctx.db)));
}
