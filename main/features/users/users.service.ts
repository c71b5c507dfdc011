import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { randomSecret } from './secrets.js';
import { conflict, fieldError, notFound, OpError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import type { Actor, Role } from './actor.js';
import type { UserInput, UserUpdate, UserView } from './users.schema.js';
import { inTx } from '../../ops/transaction.js';
import { endSessionsOf } from './sessions.service.js';

/** Keys are 256 random bits: an unsalted SHA-256 is enough to keep them out of the database and a backup. */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

type Row = { id: number; name: string; role: string; active: number; created_at: string };
const view = (r: Row): UserView => ({ id: r.id, name: r.name, role: r.role as Role, active: r.active === 1, createdAt: r.created_at });
const columns = ['id', 'name', 'role', 'active', 'created_at'] as const;

export async function listUsers(ctx: AppContext): Promise<UserView[]> {
  const rows = await ctx.db.selectFrom('users').select(columns).orderBy('id').execute();
  return rows.map(view);
}

export async function getUser(ctx: AppContext, id: number): Promise<UserView> {
  const row = await ctx.db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('user', { id });
  return view(row);
}

/** Creates a user with a fresh key; the key is in the answer and nowhere else. */
export async function createUser(ctx: AppContext, input: UserInput): Promise<UserView & { key: string }> {
  const name = input.name.trim();
  const key = randomSecret(32);
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const taken = await trx.selectFrom('users').select('id').where('name', '=', name).executeTakeFirst();
    if (taken) throw conflict(`A user named ${name} exists`, [fieldError('name', 'TAKEN')]);
    const row = await trx
      .insertInto('users')
      .values({ name, role: input.role, key_hash: keyHash(key), active: 1, created_at: ctx.clock.timestamp() })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await audit(tctx, 'user', row.id, 'create', { name, role: input.role });
    return { ...view(row), key };
  });
}

/**
 * Disables/enables a user or changes the role. A disabled or demoted user's sessions end (their key stops working at
 * once when disabled). The last active owner cannot disable or demote themselves (409 LAST_OWNER): nobody would be
 * left to manage users and settings in the GUI.
 */
export async function updateUser(ctx: AppContext, id: number, input: UserUpdate): Promise<UserView> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const row = await trx.selectFrom('users').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('user', { id });
    const next = { active: input.active === undefined ? row.active : input.active ? 1 : 0, role: input.role ?? row.role };
    const losesOwner = row.role === 'owner' && row.active === 1 && (next.active !== 1 || next.role !== 'owner');
    if (losesOwner && ctx.actor?.id === id) {
      // Owners are locked too (forUpdate on PostgreSQL): two last owners demoting each other at once cannot both pass.
      const others = await trx.selectFrom('users').select('id').where('role', '=', 'owner').where('active', '=', 1).where('id', '!=', id).forUpdate().execute();
      if (others.length === 0) throw new OpError('LAST_OWNER', 'You are the last owner: make another user owner before you disable or demote yourself');
    }
    await trx.updateTable('users').set(next).where('id', '=', id).execute();
    if (next.active !== 1 || (row.role === 'owner' && next.role !== 'owner')) await endSessionsOf(trx, id);
    await audit(tctx, 'user', id, 'update', input);
    return view({ ...row, ...next });
  });
}

export async function regenerateUserKey(ctx: AppContext, id: number): Promise<UserView & { key: string }> {
  const key = randomSecret(32);
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const row = await trx.selectFrom('users').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('user', { id });
    await trx.updateTable('users').set({ key_hash: keyHash(key) }).where('id', '=', id).execute();
    // Every session of the old key ends, except the one renewing its own key (that person just proved who they are).
    await endSessionsOf(trx, id, ctx.actor?.id === id ? ctx.actor.sessionId : undefined);
    await audit(tctx, 'user', id, 'regenerate-key');
    return { ...view(row), key };
  });
}

/** The active user whose key has this SHA-256, or null. One indexed lookup (users_key_hash). */
export async function actorForKeyHash(ctx: Pick<AppContext, 'db'>, hash: string): Promise<Actor | null> {
  const row = await ctx.db.selectFrom('users').select(['id', 'name', 'role']).where('key_hash', '=', hash).where('active', '=', 1).executeTakeFirst();
  return row ? { id: row.id, name: row.name, role: row.role as Role } : null;
}

/**
 * Deletes a user: their key and sessions stop working at once. The audit log keeps their name (it is text there, not a
 * reference). Nobody deletes themselves (the owner would lock themselves out): disable another owner's access instead.
 */
export async function deleteUser(ctx: AppContext, id: number): Promise<void> {
  if (ctx.actor?.id === id) throw conflict('You cannot delete yourself; another owner can');
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const row = await trx.selectFrom('users').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('user', { id });
    await endSessionsOf(trx, id);
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await audit(tctx, 'user', id, 'delete', { name: row.name });
  });
}

/** Who the caller is: the user of the key or session, the owner's original key, or (no actor) the desktop app itself. */
export function whoAmI(ctx: AppContext): { id: number | null; name: string; role: Role; office: boolean } {
  const actor = ctx.actor;
  return actor ? { id: actor.id, name: actor.name, role: actor.role, office: true } : { id: null, name: '', role: 'owner', office: false };
}
