import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'kvitt_session';
/** Browser GUI calls carry this header; a cross-site page cannot add it without a CORS preflight we never grant. */
export const CLIENT_HEADER = 'x-kvitt-client';

// The key and session secret change rarely: keep their bytes instead of encoding them on every request.
const encoded = new Map<string, Buffer>();
function bytesOf(secret: string): Buffer {
  let b = encoded.get(secret);
  if (!b) {
    if (encoded.size >= 8) encoded.clear();
    b = Buffer.from(secret);
    encoded.set(secret, b);
  }
  return b;
}

/** Constant-time comparison of what a client presented with a secret of ours. */
function same(presented: string, secret: string): boolean {
  const x = Buffer.from(presented);
  const y = bytesOf(secret);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      // A malformed value (`%`, `%E0`) is simply not our cookie: it must never throw into a 500.
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The key of an `Authorization` header: Bearer, or the password of Basic. */
export function presentedKey(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value || undefined;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return (colon >= 0 ? decoded.slice(colon + 1) : decoded) || undefined;
  }
  return undefined;
}

/** The same constant-time comparison for callers outside this module (the login form's key). */
export const sameSecret = (presented: string, secret: string) => same(presented, secret);

/**
 * API clients with the owner key: `Authorization: Bearer <key>` or HTTP Basic with the key as password (any user name,
 * as clients of the original service send their login). 'owner' when it is the owner key, 'other' when it is some
 * other key (maybe an office user's: main/http/login.ts), 'none' without the header; an Originator-Id that is not ours
 * is refused with its message.
 */
export function ownerKeyOf(req: FastifyRequest, apiKey: string, originatorId: string): 'owner' | 'other' | 'none' | { refused: string } {
  const header = req.headers.authorization;
  if (!header) return 'none';
  const presented = presentedKey(header);
  if (!presented || !same(presented, apiKey)) return 'other';
  const oid = req.headers['originator-id'];
  if (oid !== undefined && String(oid) !== originatorId) return { refused: `Originator-Id must be ${originatorId}` };
  return 'owner';
}
