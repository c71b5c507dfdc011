/**
 * The signup's proof-of-work challenge (docs/public-signup.md): the server signs `v1.<event>.<expires>.<bits>.<id>` with
 * HMAC-SHA256 under the database's own secret (table signup_pow_key, made on first use, so every server process on the
 * database checks any challenge and nothing is stored per challenge issued). The page's script (main/domain/pow-script.ts)
 * finds a nonce such that SHA-256(challenge + nonce) begins with `bits` zero bits; checking it is one HMAC and one hash.
 * A challenge is used once: its id goes into signup_pow_spent (primary key), so a replay is refused on any process.
 *
 * Difficulty: KVITT_SIGNUP_POW_BITS (default POW_BITS_DEFAULT), 8..28.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../clock.js';

/** About a second of a laptop's CPU in the page's script (measured: docs/public-signup.md). */
export const POW_BITS_DEFAULT = 18;
const TTL_MS = 20 * 60_000;

export function powBits(): number {
  const v = Number(process.env.KVITT_SIGNUP_POW_BITS);
  return Number.isInteger(v) && v >= 8 && v <= 28 ? v : POW_BITS_DEFAULT;
}

export interface PowChallenge {
  /** What the page's script hashes with its nonce, and sends back. */
  challenge: string;
  /** Leading zero bits SHA-256(challenge + nonce) must have. */
  bits: number;
  expiresAt: string;
}

const secrets = new WeakMap<object, Buffer>();

/** The database's signing secret (made once, by whichever process comes first). */
async function secretOf(db: Kysely<Database>): Promise<Buffer> {
  const known = secrets.get(db);
  if (known) return known;
  let row = await db.selectFrom('signup_pow_key').select('secret').where('id', '=', 1).executeTakeFirst();
  if (!row) {
    await db.insertInto('signup_pow_key').values({ id: 1, secret: randomBytes(32).toString('base64') }).onConflict((oc) => oc.column('id').doNothing()).execute();
    row = await db.selectFrom('signup_pow_key').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  }
  const secret = Buffer.from(row.secret, 'base64');
  secrets.set(db, secret);
  return secret;
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');
const toSeconds = (timestamp: string) => Math.floor(Date.parse(`${timestamp.replace(' ', 'T')}Z`) / 1000);
const toTimestamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

export async function newPowChallenge(db: Kysely<Database>, clock: Clock, eventId: number): Promise<PowChallenge> {
  const bits = powBits();
  const expires = toSeconds(clock.timestamp()) + TTL_MS / 1000;
  const body = `v1.${eventId}.${expires}.${bits}.${randomBytes(12).toString('base64url')}`;
  return { challenge: `${body}.${sign(await secretOf(db), body)}`, bits, expiresAt: toTimestamp(expires) };
}

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let n = 0;
  for (const byte of digest) {
    if (byte === 0) { n += 8; continue; }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}

export type PowOutcome = 'ok' | 'invalid' | 'expired' | 'not-solved' | 'used';

/** Checks a solved challenge for this event and spends it (the first use only is 'ok'). */
export async function checkPow(db: Kysely<Database>, clock: Clock, eventId: number, given: { challenge: string; nonce: string }): Promise<PowOutcome> {
  const m = /^(v1\.(\d{1,20})\.(\d{1,12})\.(\d{1,2})\.([\w-]{16}))\.([\w-]{43})$/.exec(given.challenge);
  if (!m || !/^[0-9a-zA-Z]{1,32}$/.test(given.nonce)) return 'invalid';
  const [, body, event, expires, bits, id, mac] = m;
  const expected = Buffer.from(sign(await secretOf(db), body!));
  if (expected.length !== mac!.length || !timingSafeEqual(expected, Buffer.from(mac!))) return 'invalid';
  if (event !== String(eventId)) return 'invalid';
  const now = clock.timestamp();
  if (Number(expires) <= toSeconds(now)) return 'expired';
  if (leadingZeroBits(createHash('sha256').update(given.challenge + given.nonce).digest()) < Number(bits)) return 'not-solved';
  await db.deleteFrom('signup_pow_spent').where('expires_at', '<=', now).execute();
  const spent = await db.insertInto('signup_pow_spent').values({ challenge_id: id!, expires_at: toTimestamp(Number(expires)) })
    .onConflict((oc) => oc.column('challenge_id').doNothing()).executeTakeFirst();
  return Number(spent.numInsertedOrUpdatedRows ?? 0n) === 1 ? 'ok' : 'used';
}
