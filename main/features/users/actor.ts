import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor, AppContext, Role } from '../../context.js';

export type { Actor, Role };
export const ROLES: readonly Role[] = ['owner', 'bookkeeper'];

export const LEGACY_OWNER: Actor = { id: null, name: 'owner (API key)', role: 'owner' };

const scope = new AsyncLocalStorage<Actor>();

/**
 * Runs one operation as `actor`: the context carries it (ctx.actor) and so does the async scope, which is where audit()
 * reads it. The scope spares the ~50 audit() call sites (which take a transaction and a clock, not the context) a change.
 */
export function asActor<T>(ctx: AppContext, actor: Actor, run: (ctx: AppContext) => T): T {
  return scope.run(actor, () => run({ ...ctx, actor }));
}

/** The actor of the operation being run, for the audit log; undefined for IPC (the desktop app) and background jobs. */
export const currentActor = (): Actor | undefined => scope.getStore();
