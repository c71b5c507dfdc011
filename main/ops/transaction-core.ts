import type { Kysely } from 'kysely';
import { holdingConnection, withoutCommitSync } from '../../db/connection.js';
import { withRetry } from '../../db/dialect.js';
import type { Actor, AppContext } from '../context.js';

/**
 * Marks a transaction context with the transaction it belongs to; not exported, so only makeTxCtx (inTx, the group
 * commit) can make one. A copy whose `db` was replaced (`{ ...tctx, db: other }`) no longer matches its mark, so it is
 * not taken for a context of `other` (no memo of another transaction, and inTx refuses it around a transaction).
 */
const TX = Symbol('transaction context');

/**
 * Values read inside a transaction and kept for the rest of it (main/ops/tx-memo.ts): settings, products by code, an
 * event's facts. One per transaction; the members of a group commit share theirs.
 */
export type TxMemo = Map<string, unknown>;

/** What inTx and the group commit add to a context: the mark and the transaction's memo. */
export interface TxMark {
  readonly [TX]: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  readonly memo: TxMemo;
}

/**
 * A transaction context: the caller's context `C` (clock, actor, push, …) whose `db` is an open transaction, plus that
 * transaction's memo. Only inTx and the group commit make one (makeTxCtx), so a function that takes a `TxCtx` (audit,
 * and every helper that must run in its caller's transaction) cannot be handed a context outside a transaction.
 * Spreading one (`{ ...tctx, extra }`) keeps it a transaction context of the same transaction. `TxCtx` alone is a
 * service's: `TxCtx<AppContext>`.
 */
export type TxCtx<C extends { db: Kysely<any> } = AppContext> = C & TxMark; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Whether `ctx` is a transaction context made by inTx or the group commit. */
export const isTxCtx = (ctx: object): ctx is TxMark => {
  const mark = (ctx as Partial<TxMark>)[TX];
  return mark !== undefined && mark === (ctx as { db?: unknown }).db;
};

/** `ctx`, whose db is a transaction, as the transaction context it must be (inTx and the group commit joining it). */
export function joined<C extends { db: Kysely<any> }>(ctx: C): TxCtx<C> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!isTxCtx(ctx)) throw new Error('inTx: a context around a transaction must be the transaction context inTx gave (tctx), not one built by hand');
  return ctx;
}

/**
 * The transaction context for `ctx` running in the transaction `trx` with `memo`: the group commit makes one per member
 * (each with its own `ctx.actor`, all sharing the batch's transaction and memo). For main/ops only
 * (test/architecture/layers.test.ts).
 */
export function makeTxCtx<C extends { db: Kysely<any> }>(ctx: C, trx: Kysely<any>, memo: TxMemo): TxCtx<C> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return { ...ctx, db: trx, memo, [TX]: trx };
}

/**
 * A transaction of its own for `fn` (inTx's plain case, and the group commit's on PostgreSQL): its context names
 * `ctx.actor` for the audit, holds the connection on SQLite (db/connection.ts), and runs again when PostgreSQL aborted it
 * for a serialization failure or a deadlock (withRetry, db/dialect.ts: the only retry there is). Each attempt starts
 * with an empty memo.
 */
export function ownTransaction<C extends { db: Kysely<any>; actor?: Actor }, T>(ctx: C, fn: (tctx: TxCtx<C>) => Promise<T>, opts: { syncOnCommit?: boolean } = {}): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const once = (db: Kysely<any>) => // eslint-disable-line @typescript-eslint/no-explicit-any
    db.transaction().execute((trx) => holdingConnection(trx, () => fn(makeTxCtx(ctx, trx, new Map()))));
  return withRetry(() => (opts.syncOnCommit === false ? withoutCommitSync(ctx.db, once) : once(ctx.db)));
}
