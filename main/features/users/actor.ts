import type { Actor, AppContext, Role } from '../../context.js';

export type { Actor, Role };
export const ROLES: readonly Role[] = ['owner', 'bookkeeper'];

export const LEGACY_OWNER: Actor = { id: null, name: 'owner (API key)', role: 'owner' };

/**
 * Runs one operation as `actor`: the context carries it (ctx.actor), and the transaction the operation opens with it
 * (inTx, the group commit) records it for the audit entries written there (txActor, main/ops/transaction.ts), so the
 * ~50 audit() call sites, which take a transaction and a clock, need not pass it.
 */
export function asActor<T>(ctx: AppContext, actor: Actor, run: (ctx: AppContext) => T): T {
  return run({ ...ctx, actor });
}
