import { randomBytes } from 'node:crypto';

/** A secret of `bytes` random bytes, base64url: API keys, session tokens, login links, user keys. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
