import type { Actor, AppContext, Role } from '../../context.js';

export type { Actor, Role };
export const ROLES: readonly Role[] = ['owner', 'bookkeeper'];

export const LEGACY_OWNER: Actor = { id: null, name: 'owner (API key)', role: 'owner' };

/**
 * Runs one operation as `actor`: the context carries it (ctx.actor), and so does the transaction context inTx or the
 * group commit makes from it (tctx.actor, main/ops/transaction-core.ts), which audit(tctx, …) writes into each entry.
 */
export function asActor<T>(ctx: AppContext, actor: Actor, run: (ctx: AppContext) => T): T {
  return run({ ...ctx, actor });
}
