import type { Kysely } from 'kysely';

/**
 * Values read inside a transaction, kept for the rest of it (settings, products by code, an event's facts): a paid signup
 * reads them in several places, and a group-commit batch (group-commit.ts) once for all its members. Outside a
 * transaction nothing is kept (`txMemo` is undefined), so a plain read always sees the database.
 *
 * Keys are `<area>:<id>`. A service that writes what it keeps calls `forgetTxMemo(trx, '<area>:')`; a rollback to a
 * savepoint (a failed group-commit member) forgets everything, since what was read after a write of the rolled-back
 * member may no longer be true. Callers clone what they hand out if it can be changed.
 */
const memos = new WeakMap<object, Map<string, unknown>>();

/** The transaction's memo, or undefined outside a transaction. */
export function txMemo(db: Kysely<any>): Map<string, unknown> | undefined { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!db.isTransaction) return undefined;
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  return memo;
}

/** Forget the entries whose key starts with `prefix` (all of them without one). */
export function forgetTxMemo(db: Kysely<any>, prefix?: string): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  const memo = memos.get(db);
  if (!memo) return;
  if (prefix === undefined) return void memos.delete(db);
  for (const key of memo.keys()) if (key.startsWith(prefix)) memo.delete(key);
}
