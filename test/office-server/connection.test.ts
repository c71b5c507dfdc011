/** Settings → Data of the desktop app, tested without Electron: the config file, its checks, the pinned certificate. */
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { certificateMatches, checkConnection, connectionHandlers, readConnection, remoteStartUrl, remoteUrlCheck } from '../../main/office-server/connection.js';
import { selfSignedTls } from '../../main/office-server/tls.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-conn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = 'k3y-0123456789abcdefghij';
const FP = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');
const fromWindow = { senderFrame: { url: 'file:///app/renderer/index.html' } };
const fromElsewhere = { senderFrame: { url: 'https://evil.example/' } };

describe('the connection config', () => {
  test('server input is normalised: origin only, fingerprint upper-case', () => {
    const r = checkConnection({ mode: 'server', url: 'https://Kvitt.Kontor.lan:7070/', key: ` ${KEY} `, fingerprint: FP.toLowerCase() });
    expect(r).toEqual({ ok: true, value: { mode: 'server', url: 'https://kvitt.kontor.lan:7070', key: KEY, fingerprint: FP } });
  });

  test('each bad field is named', () => {
    const r = checkConnection({ mode: 'server', url: 'http://kvitt.kontor.lan:7070', key: 'short', fingerprint: 'AB:CD', extra: 1 });
    expect(r.ok).toBe(false);
    expect((r as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['extra', 'fingerprint', 'key', 'url']);
    expect((checkConnection({ mode: 'server', url: 'https://u:p@x.lan/path', key: KEY }) as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['url']);
    expect((checkConnection({ mode: 'cloud' }) as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['mode']);
  });

  test('saved through the IPC handler (owner-only file), kept key when left out, read at next start; other frames refused', () => {
    const restart = vi.fn();
    const h = connectionHandlers(dir, (u) => u.startsWith('file:///app/'), restart);
    expect(h.get(fromWindow)).toEqual({ ok: true, value: { mode: 'local', file: join(dir, 'kvitt.sqlite') } });
    expect(h.set(fromElsewhere, { mode: 'local' })).toMatchObject({ ok: false, error: { status: 403 } });
    const saved = h.set(fromWindow, { mode: 'server', url: 'https://kvitt.kontor.lan:7070', key: KEY, fingerprint: FP });
    expect(saved).toEqual({ ok: true, value: { mode: 'server', url: 'https://kvitt.kontor.lan:7070', fingerprint: FP, keyEnd: KEY.slice(-4) } });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(statSync(join(dir, 'connection.json')).mode & 0o777).toBe(0o600);
    expect(h.set(fromWindow, { mode: 'server', url: 'https://kvitt.kontor.lan:7071', key: '', fingerprint: FP }).ok).toBe(true);
    expect(readConnection(dir)).toEqual({ mode: 'server', url: 'https://kvitt.kontor.lan:7071', key: KEY, fingerprint: FP });
    const bad = h.set(fromWindow, { mode: 'server', url: 'ftp://x', key: KEY });
    expect(bad).toMatchObject({ ok: false, error: { status: 400, fields: [{ field: 'url' }] } });
    expect(readConnection(dir).mode).toBe('server'); // a refused input wrote nothing
  });

  test('a damaged file means the local file (the app still starts)', () => {
    const d = mkdtempSync(join(tmpdir(), 'kvitt-conn-bad-'));
    writeFileSync(join(d, 'connection.json'), '{not json');
    expect(readConnection(d)).toEqual({ mode: 'local' });
    rmSync(d, { recursive: true, force: true });
  });
});

describe('the window against the server', () => {
  const conn = { mode: 'server' as const, url: 'https://kvitt.kontor.lan:7070', key: KEY, fingerprint: FP };
  test('it opens the login page with the key in the fragment (never sent to the server) and stays on the server', () => {
    expect(remoteStartUrl(conn)).toBe(`https://kvitt.kontor.lan:7070/app/login#key=${encodeURIComponent(KEY)}`);
    const ok = remoteUrlCheck(conn);
    expect(ok('https://kvitt.kontor.lan:7070/app/invoices')).toBe(true);
    expect(ok('https://kvitt.kontor.lan:7071/app/')).toBe(false);
    expect(ok('http://kvitt.kontor.lan:7070/app/')).toBe(false);
    expect(ok('not a url')).toBe(false);
  });

  test('only the pinned certificate is accepted (Electron’s sha256/base64 against the printed hex)', async () => {
    const tls = await selfSignedTls(dir, ['kvitt.kontor.lan']);
    const der = new X509Certificate(tls.cert).raw;
    const electron = 'sha256/' + createHash('sha256').update(der).digest('base64');
    expect(certificateMatches(tls.fingerprint, electron)).toBe(true);
    expect(certificateMatches(FP, electron)).toBe(false);
    expect(certificateMatches(null, electron)).toBe(false);
    expect(certificateMatches(tls.fingerprint, 'sha1/' + createHash('sha1').update(der).digest('base64'))).toBe(false);
    expect(readFileSync(join(dir, 'office-tls', 'cert.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');
    expect(statSync(join(dir, 'office-tls', 'key.pem')).mode & 0o777).toBe(0o600);
    // Kept: the second start presents the same certificate (the pinned fingerprint stays valid).
    expect((await selfSignedTls(dir, ['kvitt.kontor.lan'])).fingerprint).toBe(tls.fingerprint);
  });
});
