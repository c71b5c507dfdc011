import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppContext } from '../../context.js';

export type Role = 'owner' | 'bookkeeper';
export const ROLES: readonly Role[] = ['owner', 'bookkeeper'];

/** Who an HTTP request acts as: a user of the users table, or the owner through the original API key / login link. */
export interface Actor {
  /** users.id; null for the original API key and the login link (the owner of the desktop/loopback case). */
  id: number | null;
  name: string;
  role: Role;
}

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
