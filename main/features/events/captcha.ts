import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Kvitt's own signup challenge (no outside service): a small sum in Norwegian words-and-digits ("Hva er 7 pluss 5?"), with a
 * token that carries the event, an expiry and a nonce, signed with HMAC-SHA256 over the answer under a secret made at start.
 * The server keeps no state until an answer is checked; then the nonce is remembered until the token expires, so one solved
 * challenge signs up once. It stops blind scripts, not a person (rate limiting and the participant limit do the rest).
 * Tokens die with the process (a restart makes a new secret): the page simply asks again.
 */
const SECRET = randomBytes(32);
const TTL_MS = 20 * 60_000;
const used = new Map<string, number>(); // nonce -> expiry (ms)

const mac = (payload: string, answer: string) => createHmac('sha256', SECRET).update(`${payload}|${answer}`).digest('base64url');

export interface Challenge {
  question: string;
  token: string;
}

export function newChallenge(eventId: number, now = Date.now()): Challenge {
  const a = randomInt(2, 10);
  const b = randomInt(2, 10);
  const payload = `${eventId}.${now + TTL_MS}.${randomBytes(9).toString('base64url')}`;
  return { question: `Hva er ${a} pluss ${b}?`, token: `${payload}.${mac(payload, String(a + b))}` };
}

/** True once for a right answer to a live token of this event. */
export function checkChallenge(eventId: number, given: { token: string; answer: string } | undefined, now = Date.now()): boolean {
  if (!given) return false;
  const parts = given.token.split('.');
  if (parts.length !== 4) return false;
  const [id, expires, nonce, sig] = parts;
  if (id !== String(eventId) || !(Number(expires) > now) || used.has(nonce)) return false;
  const expected = Buffer.from(mac(`${id}.${expires}.${nonce}`, given.answer.trim()));
  const got = Buffer.from(sig);
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return false;
  for (const [n, exp] of used) if (exp <= now) used.delete(n);
  used.set(nonce, Number(expires));
  return true;
}

