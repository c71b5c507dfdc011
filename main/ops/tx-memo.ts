import type { Kysely } from 'kysely';
import { isTxCtx, type TxMark, type TxMemo } from './transaction-core.js';

/**
 * Values read inside a transaction, kept for the rest of it (settings, products by code, an event's facts): a paid signup
 * reads them in several places, and a group-commit batch (group-commit.ts) once for all its members. The memo is the
 * transaction context's (`tctx.memo`, made by inTx or the group commit); outside a transaction nothing is kept
 * (`txMemo(ctx)` is undefined), so a plain read always sees the database.
 *
 * Keys are `<area>:<id>`. A service that writes what it keeps calls `forgetTxMemo(tctx, '<area>:')`; a rollback to a
 * savepoint (a failed group-commit member) forgets everything, since what was read after a write of the rolled-back
 * member may no longer be true. Callers clone what they hand out if it can be changed.
 */

/** The memo of `ctx` when it is a transaction context; undefined for any other context (nothing kept outside one). */
export const txMemo = (ctx: { db: Kysely<any> }): TxMemo | undefined => // eslint-disable-line @typescript-eslint/no-explicit-any
  (isTxCtx(ctx) ? ctx.memo : undefined);

/** Forget the entries whose key starts with `prefix` (all of them without one). */
export function forgetTxMemo(tctx: TxMark, prefix?: string): void {
  if (prefix === undefined) return tctx.memo.clear();
  for (const key of tctx.memo.keys()) if (key.startsWith(prefix)) tctx.memo.delete(key);
}
