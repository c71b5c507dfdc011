/**
 * Kvitt's own signup challenge (no outside service): a small sum in Norwegian ("Hva er 7 pluss 5?"). Each issued challenge
 * is a row of `signup_challenges` (migration 0012): a random 128-bit token, the event, the answer and an expiry 20 minutes
 * on. Being in the database, a token survives a restart and is good on any server process using that database (office
 * mode). Checking deletes the row in one statement (DELETE … RETURNING), so a token is used once, right or wrong, even
 * when two processes get it at the same moment; issuing a challenge deletes the expired ones. It stops blind scripts, not
 * a person (rate limiting and the participant limit do the rest).
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../clock.js';
import type { Challenge } from './events.output.js';
import { newPowChallenge } from './pow.js';

const TTL_MS = 20 * 60_000;

/** A clock timestamp (YYYY-MM-DD HH:MM:SS) moved on by ms, in the same form (compared as text in SQL). */
const later = (timestamp: string, ms: number) => new Date(Date.parse(`${timestamp.replace(' ', 'T')}Z`) + ms).toISOString().slice(0, 19).replace('T', ' ');

/** The page's two challenges: the proof of work its script solves (./pow.ts) and the sum a person answers without it. */
export async function newChallenge(db: Kysely<Database>, clock: Clock, eventId: number): Promise<Challenge> {
  return { ...(await newSumChallenge(db, clock, eventId)), pow: await newPowChallenge(db, clock, eventId) };
}

async function newSumChallenge(db: Kysely<Database>, clock: Clock, eventId: number): Promise<Omit<Challenge, 'pow'>> {
  const now = clock.timestamp();
  const a = randomInt(2, 10);
  const b = randomInt(2, 10);
  const token = randomBytes(16).toString('base64url');
  await db.deleteFrom('signup_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('signup_challenges').values({ token, event_public_id: String(eventId), answer: String(a + b), expires_at: later(now, TTL_MS) }).execute();
  return { question: `Hva er ${a} pluss ${b}?`, token };
}

/** True once for a right answer to a live token of this event; the token is spent by any answer. */
export async function checkChallenge(db: Kysely<Database>, clock: Clock, eventId: number, given: { token?: string; answer?: string } | undefined): Promise<boolean> {
  if (!given?.token || given.token.length > 64) return false;
  const row = await db.deleteFrom('signup_challenges').where('token', '=', given.token).returning(['event_public_id', 'answer', 'expires_at']).executeTakeFirst();
  if (!row || row.event_public_id !== String(eventId) || row.expires_at <= clock.timestamp()) return false;
  const expected = Buffer.from(row.answer);
  const got = Buffer.from((given.answer ?? '').trim());
  return expected.length === got.length && timingSafeEqual(expected, got);
}
