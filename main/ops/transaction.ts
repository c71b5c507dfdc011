import type { Kysely } from 'kysely';
import { holdingConnection } from '../../db/connection.js';
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
 * The one way to run work in a transaction. `fn` gets a context whose `db` is a transaction:
 *
 * - inside a transaction already (`ctx.db.isTransaction`, Kysely's own state) it runs `fn` with the same ctx, so the work
 *   joins the caller's transaction (its writes and audit entries commit or roll back with the caller's);
 * - outside one it opens a transaction and passes `{ ...ctx, db: trx }`, the transaction recording `ctx.actor` for the
 *   audit entries written in it (and, on SQLite, holding the connection: db/connection.ts). When PostgreSQL aborts it for a serialization failure or a deadlock, the whole
 *   transaction (and `fn`) runs again (withRetry, db/dialect.ts). This is the only retry: runOp never runs an operation
 *   again, so work committed by an earlier transaction of the same operation is never applied twice. After 5 attempts,
 *   and for busy/conflict errors, the error reaches runOp, which maps it to an HTTP answer (main/ops/invoke.ts).
 *
 * Services take `ctx` (db + clock) and call `inTx(ctx, async (tctx) => …)` for every write; helpers that must run in the
 * caller's transaction take `tctx` like any service. Never spread `{ ...ctx, db: trx }` by hand.
 */
export async function inTx<C extends { db: Kysely<any>; actor?: Actor }, T>(ctx: C, fn: (tctx: C) => Promise<T>): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (ctx.db.isTransaction) return fn(ctx);
  return withRetry(() =>
    ctx.db.transaction().execute((trx) => {
      setTxActor(trx, ctx.actor);
      return holdingConnection(trx, () => fn({ ...ctx, db: trx }));
    }),
  );
}
