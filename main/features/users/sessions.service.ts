import { createHash } from 'node:crypto';
import type { Db } from '../../../db/connection.js';
import type { AppContext } from '../../context.js';
import { randomSecret } from './secrets.js';
import { notFound } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { getSettings } from '../settings/index.js';
import { LEGACY_OWNER, type Actor, type Role } from './actor.js';

/**
 * Browser sessions (table `sessions`, migration 0017): every login its own random token, stored as its SHA-256, with its
 * user (null: the owner key or the start-up login link), when it started and when it was last used. A session ends
 * when it is idle longer than Settings → API `sessionIdleMinutes` or older than `sessionMaxDays`, at logout, when the
 * owner ends it (Settings → Brukere), and when its user's key is renewed or the user is disabled, demoted or deleted.
 * Times are real UTC time (not the business clock, which tests fix to a day): a session is security, not bookkeeping.
 */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** last_seen_at is written at most this often per session, so a busy GUI does not write on every request. */
const SEEN_EVERY_MS = 60_000;
const CLIENT_MAX = 200;

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

async function limitsOf(ctx: AppContext): Promise<SessionLimits> {
  const { api } = await getSettings(ctx);
  return { idleMs: api.sessionIdleMinutes * 60_000, maxMs: api.sessionMaxDays * 86_400_000 };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Starts a session for a user (null: the owner key / login link); the token is for the cookie and stored nowhere. */
export async function startSession(ctx: AppContext, userId: number | null, client: string | undefined): Promise<{ id: number; token: string }> {
  const token = randomSecret(32);
  const now = Date.now();
  const { idleMs, maxMs } = await limitsOf(ctx);
  return inTx(ctx, async ({ db }) => {
    // Sessions nobody ended by hand go when they expire: pruned here, on the way in.
    await db.deleteFrom('sessions').where((eb) => eb.or([eb('last_seen_at', '<', iso(now - idleMs)), eb('created_at', '<', iso(now - maxMs))])).execute();
    const row = await db
      .insertInto('sessions')
      .values({ token_hash: tokenHash(token), user_id: userId, created_at: iso(now), last_seen_at: iso(now), client: client ? client.slice(0, CLIENT_MAX) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, token };
  });
}

/**
 * The actor of a session token, or null when there is no such session, it expired (deleted then), or its user is gone
 * or disabled. The role is read from the user on every request, so a change holds at once.
 */
export async function sessionActor(ctx: AppContext, token: string): Promise<Actor | null> {
  const row = await ctx.db
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.created_at', 's.last_seen_at', 'u.name', 'u.role', 'u.active'])
    .where('s.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const { idleMs, maxMs } = await limitsOf(ctx);
  const seen = Date.parse(row.last_seen_at);
  const gone = row.user_id !== null && (row.name === null || row.active !== 1);
  if (gone || seen < now - idleMs || Date.parse(row.created_at) < now - maxMs) {
    await ctx.db.deleteFrom('sessions').where('id', '=', row.id).execute();
    return null;
  }
  if (now - seen >= SEEN_EVERY_MS) await ctx.db.updateTable('sessions').set({ last_seen_at: iso(now) }).where('id', '=', row.id).execute();
  return row.user_id === null
    ? { ...LEGACY_OWNER, sessionId: row.id }
    : { id: row.user_id, name: row.name!, role: row.role as Role, sessionId: row.id };
}

/** Logout: ends the session of this token (nothing when there is none). */
export async function endSessionByToken(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/**
 * Ends every session of a user (null: of the owner key), in the caller's transaction; `except` keeps one (the session
 * that renewed its own key goes on: the person at it proved who they are by doing so).
 */
export async function endSessionsOf(db: Db, userId: number | null, except?: number): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', userId === null ? 'is' : '=', userId);
  if (except !== undefined) q = q.where('id', '!=', except);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

export interface SessionView {
  id: number;
  userId: number | null;
  userName: string;
  role: Role;
  createdAt: string;
  lastSeenAt: string;
  /** When it ends unless used again (idle timeout), or at the latest (absolute lifetime). */
  expiresAt: string;
  client: string | null;
  /** The session this request came with. */
  current: boolean;
}

/** The sessions that are active now, newest first, with whose they are. */
export async function listSessions(ctx: AppContext): Promise<SessionView[]> {
  const now = Date.now();
  const { idleMs, maxMs } = await limitsOf(ctx);
  const rows = await ctx.db
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.created_at', 's.last_seen_at', 's.client', 'u.name', 'u.role'])
    .where('s.last_seen_at', '>=', iso(now - idleMs))
    .where('s.created_at', '>=', iso(now - maxMs))
    .where((eb) => eb.or([eb('s.user_id', 'is', null), eb('u.active', '=', 1)]))
    .orderBy('s.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userName: r.user_id === null ? LEGACY_OWNER.name : r.name!,
    role: (r.user_id === null ? 'owner' : r.role) as Role,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: iso(Math.min(Date.parse(r.last_seen_at) + idleMs, Date.parse(r.created_at) + maxMs)),
    client: r.client,
    current: ctx.actor?.sessionId === r.id,
  }));
}

/** "Avslutt økt": the owner ends one session; its next request is refused and the browser shows the login page. */
export async function endSession(ctx: AppContext, id: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const { db } = tctx;
    const row = await db.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('session', { id });
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    await audit(tctx, 'session', id, 'end', { userId: row.user_id });
  });
}
