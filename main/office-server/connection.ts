/**
 * Where the desktop app's data is (Settings → Data): its own file, or an office server. Kept in `connection.json` in the
 * data folder (not in the database: it says which database to use), owner-only permissions since it holds a key.
 * Free of Electron so it is tested under Node; main/index.ts and main/window.ts only apply it.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldError, type FieldError } from '../ops/errors.js';

export type Connection = { mode: 'local' } | { mode: 'server'; url: string; key: string; fingerprint: string | null };

export const CONNECTION_FILE = 'connection.json';
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/** Checks and normalises what the Data tab sends; errors name the field. */
export function checkConnection(input: unknown): { ok: true; value: Connection } | { ok: false; fields: FieldError[] } {
  const fields: FieldError[] = [];
  const o = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const known = new Set(['mode', 'url', 'key', 'fingerprint']);
  for (const k of Object.keys(o)) if (!known.has(k)) fields.push(fieldError(k, 'NOT_ALLOWED'));
  if (o.mode === 'local') return fields.length ? { ok: false, fields } : { ok: true, value: { mode: 'local' } };
  if (o.mode !== 'server') return { ok: false, fields: [...fields, fieldError('mode', 'NOT_ONE_OF', { allowed: 'local, server' })] };
  let url = '';
  try {
    const u = new URL(String(o.url ?? ''));
    if (u.protocol !== 'https:') fields.push(fieldError('url', 'HTTPS_ONLY'));
    else if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) fields.push(fieldError('url', 'SERVER_ADDRESS_ONLY'));
    url = u.origin;
  } catch {
    fields.push(fieldError('url', 'INVALID_ADDRESS'));
  }
  const key = typeof o.key === 'string' ? o.key.trim() : '';
  if (key.length < 16 || key.length > 200 || /\s/.test(key)) fields.push(fieldError('key', 'INVALID_API_KEY'));
  const fp = typeof o.fingerprint === 'string' ? o.fingerprint.trim().toUpperCase().replace(/\s+/g, '') : '';
  if (fp && !FINGERPRINT.test(fp)) fields.push(fieldError('fingerprint', 'INVALID_FINGERPRINT'));
  if (o.fingerprint !== undefined && o.fingerprint !== null && typeof o.fingerprint !== 'string') fields.push(fieldError('fingerprint', 'NOT_TEXT'));
  if (fields.length) return { ok: false, fields };
  return { ok: true, value: { mode: 'server', url, key, fingerprint: fp || null } };
}

/** The saved connection; a missing or unreadable file is the local file (the app still starts). */
export function readConnection(dataDir: string): Connection {
  const file = join(dataDir, CONNECTION_FILE);
  if (!existsSync(file)) return { mode: 'local' };
  try {
    const r = checkConnection(JSON.parse(readFileSync(file, 'utf8')));
    return r.ok ? r.value : { mode: 'local' };
  } catch {
    return { mode: 'local' };
  }
}

export function writeConnection(dataDir: string, c: Connection): void {
  const file = join(dataDir, CONNECTION_FILE);
  writeFileSync(file, JSON.stringify(c, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** What the renderer may see: never the key itself. */
export const connectionView = (c: Connection, dataDir: string) =>
  c.mode === 'local'
    ? { mode: 'local' as const, file: join(dataDir, 'kvitt.sqlite') }
    : { mode: 'server' as const, url: c.url, fingerprint: c.fingerprint, keyEnd: c.key.slice(-4) };

/** The page the window opens on the server: the key login page, which logs in with the key in the fragment (never sent). */
export const remoteStartUrl = (c: Extract<Connection, { mode: 'server' }>) => `${c.url}/app/login#key=${encodeURIComponent(c.key)}`;

/** The window may show only the server's own pages. */
export const remoteUrlCheck = (c: Extract<Connection, { mode: 'server' }>) => (url: string) => {
  try {
    return new URL(url).origin === c.url;
  } catch {
    return false;
  }
};

/**
 * Electron's certificate-error: accept the server's certificate only when it is the one the user pinned. Electron gives
 * `sha256/<base64>`; the server prints `AB:CD:…` (hex).
 */
export function certificateMatches(pinned: string | null, electronFingerprint: string): boolean {
  if (!pinned || !electronFingerprint.startsWith('sha256/')) return false;
  const hex = Buffer.from(electronFingerprint.slice(7), 'base64').toString('hex').toUpperCase();
  return hex.length === 64 && hex.match(/../g)!.join(':') === pinned;
}

/** The IPC side of the Data tab (Electron's ipcMain hands the events; the sender check is the window's own). */
export function connectionHandlers(dataDir: string, isAllowedSender: (url: string) => boolean, onSaved: () => void) {
  const refused = { ok: false as const, error: { status: 403, code: 'FORBIDDEN_SENDER', message: 'Only the Kvitt window may do this', fields: [] as FieldError[] } };
  return {
    get(event: { senderFrame: { url: string } | null }) {
      if (!isAllowedSender(event.senderFrame?.url ?? '')) return refused;
      return { ok: true as const, value: connectionView(readConnection(dataDir), dataDir) };
    },
    set(event: { senderFrame: { url: string } | null }, input: unknown) {
      if (!isAllowedSender(event.senderFrame?.url ?? '')) return refused;
      // The key is never shown back: left out, the saved one is kept.
      const current = readConnection(dataDir);
      const o = input as Record<string, unknown> | null;
      if (o && typeof o === 'object' && o.mode === 'server' && (o.key === undefined || o.key === '') && current.mode === 'server') input = { ...o, key: current.key };
      const r = checkConnection(input);
      if (!r.ok) return { ok: false as const, error: { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid input', fields: r.fields } };
      writeConnection(dataDir, r.value);
      setTimeout(onSaved, 300); // let the answer reach the window before the app restarts
      return { ok: true as const, value: connectionView(r.value, dataDir) };
    },
  };
}
