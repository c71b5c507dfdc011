/**
 * What else a renewal of the loopback API key (settings.regenerateApiKey) ends: the users' area registers the end of
 * every session started with the old key at the composition root (main/registrations.ts), so settings, which the
 * sessions read their limits from, imports nothing of users. Not wired, the renewal is refused before the key changes:
 * a new key beside live sessions of the old one would be a silent hole.
 */
import type { Db } from '../../../db/connection.js';

/** Ends what the old key opened, except the session `keepSessionId` (the one asking). */
export type KeyRenewalEffect = (db: Db, keepSessionId: number | undefined) => Promise<unknown>;

const effects: KeyRenewalEffect[] = [];

export function onApiKeyRenewed(effect: KeyRenewalEffect): void {
  if (!effects.includes(effect)) effects.push(effect);
}

/** Throws when nothing is registered: call before the key changes. */
export function assertKeyRenewalWired(): void {
  if (effects.length === 0) throw new Error('The API key renewal is not wired to the sessions (main/registrations.ts is not loaded)');
}

export async function afterApiKeyRenewed(db: Db, keepSessionId: number | undefined): Promise<void> {
  for (const effect of effects) await effect(db, keepSessionId);
}
