import type { Op } from '../../ops/define.js';
import { OpError } from '../../ops/errors.js';
import type { Role } from './actor.js';

/** Areas whose every operation is the owner's: users and keys, backups and restore. */
const OWNER_AREAS = new Set(['users', 'sessions', 'backups']);

/**
 * The one place that says which operations a bookkeeper may not run, derived from the operation table rather than
 * listed op by op: every DELETE; the users and backups areas; and the company's own resource (`/originators/current/…`:
 * settings, the API key, backups, the test e-mail) except reading it (the GUI reads settings for every screen) — but
 * never reading the API key.
 */
export function ownerOnly(op: Pick<Op, 'name' | 'method' | 'path'>): boolean {
  if (op.method === 'DELETE') return true;
  if (OWNER_AREAS.has(op.name.split('.')[0])) return true;
  if (op.path.startsWith('/originators/current/')) return op.method !== 'GET' || /api-key/i.test(op.path);
  return false;
}

export function mayRun(role: Role, op: Pick<Op, 'name' | 'method' | 'path'>): boolean {
  return role === 'owner' || !ownerOnly(op);
}

/** The 403 a bookkeeper gets for an owner's operation (HTTP body: {error, message, fields}). */
export function forbiddenFor(role: Role, op: Pick<Op, 'name' | 'method' | 'path'>): OpError {
  return new OpError(
    403,
    'FORBIDDEN_ROLE',
    `A ${role} may not ${op.method === 'DELETE' ? 'delete anything' : 'change settings, API keys, users or backups'} (${op.method} ${op.path} is for the owner)`,
  );
}
