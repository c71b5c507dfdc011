/**
 * Rules of the public signup that keep it from being abused (docs/files-and-inputs.md): no links in the one free text
 * that reaches the confirmation e-mail (the name), discount codes matched without regard to case (a wrong code and one
 * that is no longer there get the same answer), and signup limits per event and overall besides the per-address limit.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { OpError } from '../../ops/errors.js';

/** A web address, a bare domain or an e-mail address in a text (a name carries none). */
const LINK = /(:\/\/|www\.|@|\b[a-z0-9-]{2,}\.(com|net|org|no|se|dk|de|uk|eu|io|ru|cn|info|biz|xyz|top|link|click|online|site|app|me|co|ly|gl)\b)/i;
export const hasLink = (text: string) => LINK.test(text);

/** The event's discount code matching `code` in any case (codes are stored as the host typed them). */
export function discountFor(db: Kysely<Database>, eventNumber: number, code: string) {
  return db
    .selectFrom('event_discount_codes')
    .select(['code', 'amount'])
    .where('event_number', '=', eventNumber)
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

/**
 * Signups allowed per minute to one event and to all events of this server: KVITT_SIGNUP_RATE_LIMIT_EVENT and
 * KVITT_SIGNUP_RATE_LIMIT (the total; it also sets the per-event limit when that is not given).
 */
function limits(): { perEvent: number; total: number } {
  const num = (v: string | undefined) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : null);
  // Tests and load runs that lift the per-address limit (KVITT_PUBLIC_RATE_LIMIT) lift these too.
  const pub = num(process.env.KVITT_PUBLIC_RATE_LIMIT);
  const lifted = pub !== null && pub > 600 ? pub : null;
  const total = num(process.env.KVITT_SIGNUP_RATE_LIMIT) ?? lifted ?? 300;
  const perEvent = num(process.env.KVITT_SIGNUP_RATE_LIMIT_EVENT) ?? num(process.env.KVITT_SIGNUP_RATE_LIMIT) ?? lifted ?? 60;
  return { perEvent, total };
}

const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();

function take(key: string, max: number, now: number, windowMs = WINDOW_MS): number | null {
  const w = windows.get(key);
  if (!w || now - w.start >= windowMs) {
    windows.set(key, { start: now, count: 1 });
    return null;
  }
  if (w.count >= max) return Math.ceil((w.start + windowMs - now) / 1000);
  w.count++;
  return null;
}

/** Counts one signup attempt; 429 when the event or the server has had its share this minute (whatever the address). */
export function countSignup(eventId: number): void {
  const { perEvent, total } = limits();
  const now = Date.now();
  const one = take(`event:${eventId}`, perEvent, now);
  const all = one === null ? take('all', total, now) : null;
  const wait = one ?? all;
  if (wait !== null) {
    throw new OpError('TOO_MANY_REQUESTS', `Too many signups to this ${one !== null ? 'event' : 'server'} right now; try again in ${wait} seconds`);
  }
}

/**
 * Signups that answer the page's sum instead of the proof of work (browsers without JavaScript, and scripts that read the
 * sum): KVITT_SIGNUP_NOSCRIPT_PER_HOUR per event (default 10) and three times that for the whole server, an hour; 0 =
 * never (the proof of work is required). Counted in the process's memory.
 */
export function takeNoScriptSignup(eventId: number): boolean {
  const v = process.env.KVITT_SIGNUP_NOSCRIPT_PER_HOUR;
  const perEvent = v !== undefined && v !== '' && Number.isInteger(Number(v)) && Number(v) >= 0 ? Number(v) : 10;
  if (perEvent === 0) return false;
  const now = Date.now();
  if (take(`noscript:${eventId}`, perEvent, now, 3_600_000) !== null) return false;
  return take('noscript:all', perEvent * 3, now, 3_600_000) === null;
}

/** Starts every count afresh (the limits' own test). */
export function resetSignupCounts(): void {
  windows.clear();
}
