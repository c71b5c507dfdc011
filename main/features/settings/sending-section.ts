/** The settings' `sending` section: its view, its rules, a patch merged into it, and reading it on its own (the sender). */
import { prepared } from '../../../db/fast.js';
import type { AppContext } from '../../context.js';
import type { FieldErrors } from '../../ops/errors.js';
import { txMemo } from '../../ops/tx-memo.js';
import { EMAIL_RE } from '../../domain/email.js';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from './settings.schema.js';

type Sending = Settings['sending'];

/** GET shows whether a password is stored, never the password. */
export function sendingView(s: Sending) {
  const { password, ...smtp } = s.smtp;
  return { ...s, smtp: { ...smtp, passwordSet: password !== '' } };
}

/** Rules of the `sending` section the schema cannot express. */
export function checkSendingPatch(p: NonNullable<SettingsPatch['sending']>, errors: FieldErrors): void {
  for (const k of ['fromAddress', 'replyTo'] as const) {
    const v = p[k]?.trim();
    if (v && !EMAIL_RE.test(v)) errors.add(`sending.${k}`, 'INVALID_EMAIL');
  }
  const url = p.smsGatewayUrl?.trim();
  if (url) {
    let ok = false;
    try {
      const u = new URL(url);
      ok = u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) errors.add('sending.smsGatewayUrl', 'NOT_AN_HTTP_ADDRESS');
  }
  const host = p.smtp?.host?.trim();
  if (host && !/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/.test(host)) errors.add('sending.smtp.host', 'INVALID_HOST');
}

/** The stored section after a patch: a missing password keeps the stored one, an empty string removes it. */
export function mergeSending(current: Sending, patch: NonNullable<SettingsPatch['sending']>): Sending {
  const trim = (v: string | undefined) => (v === undefined ? undefined : v.trim());
  const smtp = { ...current.smtp };
  if (patch.smtp) {
    for (const [k, v] of Object.entries(patch.smtp)) if (v !== undefined) (smtp as Record<string, unknown>)[k] = k === 'password' ? v : typeof v === 'string' ? v.trim() : v;
  }
  const out: Sending = { ...current, smtp };
  for (const k of ['fromAddress', 'fromName', 'replyTo', 'smsGatewayUrl'] as const) {
    const v = trim(patch[k]);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The `sending` row: compiled once (`prepared`), as every signup and every sender pass reads it. */
const sendingRow = prepared((db) => db.selectFrom('settings').select('value').where('key', '=', 'sending'));

/** The stored `sending` section (read on its own: the sender asks for it on every pass). */
export async function sendingSettings(ctx: Pick<AppContext, 'db'>): Promise<Sending> {
  // Kept for the rest of a transaction (a paid signup asks twice; a group-commit batch once for all its members) under
  // the settings' memo prefix, which updateSettings forgets when it writes.
  const memo = txMemo(ctx);
  let out = memo?.get('settings:sending') as Sending | undefined;
  if (!out) {
    const row = await sendingRow.first(ctx.db);
    const stored = row ? (JSON.parse(row.value) as Partial<Sending>) : {};
    out = { ...DEFAULT_SETTINGS.sending, ...stored, smtp: { ...DEFAULT_SETTINGS.sending.smtp, ...(stored.smtp ?? {}) } };
    memo?.set('settings:sending', out);
  }
  return { ...out, smtp: { ...out.smtp } };
}
