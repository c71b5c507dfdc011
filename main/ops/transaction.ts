import type { Kysely } from 'kysely';
import { withRetry } from '../../db/dialect.js';

/**
 * The one way to run work in a transaction. `fn` gets a context whose `db` is a transaction:
 *
 * - inside a transaction already (`ctx.db.isTransaction`, Kysely's own state) it runs `fn` with the same ctx, so the work
 *   joins the caller's transaction (its writes and audit entries commit or roll back with the caller's);
 * - outside one it opens a transaction and passes `{ ...ctx, db: trx }`. When PostgreSQL aborts it for a serialization
 *   failure or a deadlock, the whole transaction (and `fn`) runs again (withRetry, db/dialect.ts); busy/conflict errors
 *   still reach runOp, which maps them to HTTP answers (main/ops/invoke.ts).
 *
 * Services take `ctx` (db + clock) and call `inTx(ctx, async (tctx) => …)` for every write; helpers that must run in the
 * caller's transaction take `tctx` like any service. Never spread `{ ...ctx, db: trx }` by hand.
 */
export async function inTx<C extends { db: Kysely<any> }, T>(ctx: C, fn: (tctx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return withRetry(() => ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx })));
}
