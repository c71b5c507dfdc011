import type { Kysely } from 'kysely';
import type { Actor } from '../context.js';
import { groupCommitOf } from './group-commit.js';
import { joined, ownTransaction, type TxCtx } from './transaction-core.js';

export type { TxCtx, TxMark } from './transaction-core.js';

export interface TxOptions {
  /** Share the transaction with other operations submitted at the same time (group commit; see below). */
  group?: boolean;
  /**
   * false: on SQLite the COMMIT does not wait for the disk (db/connection.ts withoutCommitSync): durable against a
   * killed process, not against a power loss before the next commit. Only for frequent bookkeeping whose loss is
   * harmless (the outbox's delivery notes); never for documents, payments or settings. Not with `group`.
   */
  syncOnCommit?: false;
}

/**
 * The one way to run work in a transaction. `fn` gets a transaction context (`TxCtx`, main/ops/transaction-core.ts): the
 * caller's ctx whose `db` is the transaction, with the transaction's memo; audit() and every helper that must run in
 * its caller's transaction take it.
 *
 * - inside a transaction already (`ctx` is a transaction context) it runs `fn` with the same ctx, so the work joins the
 *   caller's transaction (its writes and audit entries commit or roll back with the caller's). A ctx built by hand
 *   around a transaction (`{ ...ctx, db: trx }`) is refused: it would carry neither the transaction's memo nor its actor;
 * - outside one it opens a transaction and passes a new transaction context, which names `ctx.actor` for the audit
 *   entries written in it (and, on SQLite, holds the connection: db/connection.ts). When PostgreSQL aborts it for a
 *   serialization failure or a deadlock, the whole transaction (and `fn`) runs again (withRetry, db/dialect.ts). This is
 *   the only retry: runOp never runs an operation again, so work committed by an earlier transaction of the same
 *   operation is never applied twice. After 5 attempts, and for busy/conflict errors, the error reaches runOp, which
 *   maps it to an HTTP answer (main/ops/invoke.ts).
 *
 * - with `{ group: true }` the transaction may be shared with other operations submitted at the same time (group
 *   commit, main/ops/group-commit.ts: one COMMIT for many small writes on SQLite, each member in its own savepoint with
 *   its own transaction context; on PostgreSQL a transaction of its own as above). For small, frequent writes from many
 *   clients (public event signups).
 *
 * Services take `ctx` (db + clock) and call `inTx(ctx, async (tctx) => …)` for every write; helpers that must run in the
 * caller's transaction take `tctx: TxCtx<AppContext>`. Never spread `{ ...ctx, db: trx }` by hand.
 */
export async function inTx<C extends { db: Kysely<any>; actor?: Actor }, T>(ctx: C, fn: (tctx: TxCtx<C>) => Promise<T>, opts: TxOptions = {}): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (ctx.db.isTransaction) return fn(joined(ctx));
  return opts.group ? groupCommitOf(ctx.db).run(ctx, fn) : ownTransaction(ctx, fn, opts);
}
