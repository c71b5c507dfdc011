/**
 * Browser sessions over real HTTP: every login its own session (stored hashed), logout, the start-up login link once,
 * idle timeout and lifetime from Settings, and sessions that end when their key is renewed or the user is disabled,
 * demoted or deleted; the last owner cannot lock themselves out.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeEach(async () => {
  s = await startTestServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await s?.close();
});

/** Logs in at /app/login with a key, as the login page does; the session cookie. */
async function logIn(key: string): Promise<string> {
  const r = await fetch(`${s.base}/app/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Testleser/1.0' }, body: JSON.stringify({ key }) });
  expect(r.status, await r.clone().text()).toBe(200);
  return r.headers.get('set-cookie')!.split(';')[0];
}

/** An operation as the browser GUI calls it (/_ops with the cookie and the client header): status and envelope. */
async function op(cookie: string, name: string, input: unknown = {}) {
  const r = await fetch(`${s.base}/_ops/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-kvitt-client': '1' }, body: JSON.stringify(input) });
  const body = (await r.json()) as any;
  // The envelope carries an operation's own error (HTTP 200); the guards answer 401/403 themselves.
  return { status: r.status === 200 && body.ok === false ? body.error.status : r.status, body };
}
const works = async (cookie: string) => (await op(cookie, 'recipients.list')).status;

async function makeUser(name: string, role: 'owner' | 'bookkeeper') {
  const r = await s.json('/users/', { body: { name, role } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; key: string };
}

describe('every login its own session', () => {
  test('two logins with the owner key are two sessions; logout ends only its own; the token is stored hashed', async () => {
    const a = await logIn(TEST_KEY);
    const b = await logIn(TEST_KEY);
    expect(a).not.toBe(b);
    expect(await works(a)).toBe(200);
    expect(await works(b)).toBe(200);
    const token = a.split('=')[1];
    const rows = await s.app.ctx.db.selectFrom('sessions').select(['token_hash', 'user_id']).execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows.every((r) => r.user_id === null && /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);

    const out = await fetch(`${s.base}/app/logout`, { method: 'POST', headers: { cookie: a } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/kvitt_session=;.*Max-Age=0/);
    expect(await works(a)).toBe(401);
    expect(await works(b)).toBe(200);
    // Logging out again, or without a session, is harmless.
    expect((await fetch(`${s.base}/app/logout`, { method: 'POST', headers: { cookie: a } })).status).toBe(204);
    expect((await fetch(`${s.base}/app/logout`, { method: 'POST' })).status).toBe(204);
  });

  test('the start-up login link works once, and not after it expired', async () => {
    const first = await fetch(`${s.base}/app/login?token=${s.loginToken}`, { redirect: 'manual' });
    expect([302, 303]).toContain(first.status);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    expect(await works(cookie)).toBe(200);
    const again = await fetch(`${s.base}/app/login?token=${s.loginToken}`, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('<form id="login">'); // the login page, whose script says the link was used
    expect(await (await fetch(`${s.base}/app/login.js`)).text()).toContain('Innloggingslenken er brukt eller utløpt');

    const other = await startTestServer();
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 11 * 60_000);
      const late = await fetch(`${other.base}/app/login?token=${other.loginToken}`, { redirect: 'manual' });
      expect(late.status).toBe(401);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  test('a session unused longer than the idle timeout ends, and none outlives the lifetime (both in Settings → API)', async () => {
    const settings = await s.json('/originators/current/settings');
    expect(settings.body.api).toMatchObject({ sessionIdleMinutes: 480, sessionMaxDays: 7 });
    const bad = await s.json('/originators/current/settings', { method: 'PUT', body: { api: { sessionIdleMinutes: 1, sessionMaxDays: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['api.sessionIdleMinutes', 'api.sessionMaxDays']);
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { api: { sessionIdleMinutes: 30, sessionMaxDays: 1 } } })).status).toBe(200);

    const idle = await logIn(TEST_KEY);
    const busy = await logIn(TEST_KEY);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Used every 20 minutes, `busy` stays; `idle` is not used for 40 minutes and has ended.
    for (const minutes of [20, 40]) {
      vi.setSystemTime(start + minutes * 60_000);
      expect(await works(busy)).toBe(200);
    }
    expect(await works(idle)).toBe(401);
    // However busy, a session ends after the lifetime (1 day here).
    for (let minutes = 60; minutes <= 24 * 60; minutes += 25) {
      vi.setSystemTime(start + minutes * 60_000);
      if (minutes % 200 < 25) expect(await works(busy)).toBe(200);
      else await s.app.ctx.db.updateTable('sessions').set({ last_seen_at: new Date().toISOString() }).execute();
    }
    vi.setSystemTime(start + 24 * 60 * 60_000 + 60_000);
    expect(await works(busy)).toBe(401);
    expect(await s.app.ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });
});

describe('sessions end with the key, the user or the role', () => {
  test("renewing a user's key, disabling, demoting or deleting the user ends that user's sessions, and only theirs", async () => {
    const kari = await makeUser('Kari Økt', 'bookkeeper');
    const ola = await makeUser('Ola Økt', 'owner');
    const owner = await logIn(TEST_KEY);

    let k1 = await logIn(kari.key);
    const o1 = await logIn(ola.key);
    expect((await s.json(`/users/${kari.id}/key`, { method: 'POST' })).status).toBe(200);
    expect(await works(k1)).toBe(401);
    expect(await works(o1)).toBe(200);
    expect(await works(owner)).toBe(200);

    const renewed = (await s.json(`/users/${kari.id}/key`, { method: 'POST' })).body.key as string;
    k1 = await logIn(renewed);
    expect((await s.json(`/users/${kari.id}`, { method: 'PUT', body: { active: false } })).status).toBe(200);
    expect(await works(k1)).toBe(401);
    expect((await s.json(`/users/${kari.id}`, { method: 'PUT', body: { active: true } })).status).toBe(200);
    k1 = await logIn(renewed);

    // Demoting ends the sessions: Ola logs in again, now as a bookkeeper, and settings are refused.
    expect((await s.json(`/users/${ola.id}`, { method: 'PUT', body: { role: 'bookkeeper' } })).status).toBe(200);
    expect(await works(o1)).toBe(401);
    const o2 = await logIn(ola.key);
    expect((await op(o2, 'settings.update', { body: { ui: { language: 'en' } } })).status).toBe(403);

    expect(await works(k1)).toBe(200);
    expect((await s.json(`/users/${kari.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await works(k1)).toBe(401);
    expect(await works(owner)).toBe(200);
  });

  test('a user renewing their own key keeps the session they did it from; their other sessions end', async () => {
    const ola = await makeUser('Ola Selv', 'owner');
    const here = await logIn(ola.key);
    const there = await logIn(ola.key);
    const r = await op(here, 'users.regenerateKey', { params: { id: ola.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await works(here)).toBe(200);
    expect(await works(there)).toBe(401);
  });

  test('the owner lists the active sessions and ends one ("Avslutt økt"); a bookkeeper may not', async () => {
    const kari = await makeUser('Kari Liste', 'bookkeeper');
    const mine = await logIn(TEST_KEY);
    const hers = await logIn(kari.key);
    const list = await op(mine, 'sessions.list');
    expect(list.status).toBe(200);
    const sessions = list.body.value as Array<{ id: number; userId: number | null; userName: string; current: boolean; client: string; createdAt: string; expiresAt: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((x) => x.current)).toMatchObject({ userId: null, client: 'Testleser/1.0' });
    const herSession = sessions.find((x) => x.userId === kari.id)!;
    expect(herSession).toMatchObject({ userName: 'Kari Liste', current: false });
    expect(Date.parse(herSession.expiresAt)).toBeGreaterThan(Date.parse(herSession.createdAt));

    expect((await op(hers, 'sessions.list')).status).toBe(403);
    expect((await op(hers, 'sessions.end', { params: { id: herSession.id } })).status).toBe(403);
    expect((await s.json(`/sessions/${herSession.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await works(hers)).toBe(401);
    const gone = await s.json(`/sessions/${herSession.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(gone.body.params).toEqual({ entity: 'session', id: herSession.id });
    const audited = await s.app.ctx.db.selectFrom('audit_log').select(['entity_id', 'action', 'actor']).where('entity', '=', 'session').execute();
    expect(audited).toEqual([{ entity_id: String(herSession.id), action: 'end', actor: 'owner (API key)' }]);
  });
});

describe('the last owner', () => {
  test('cannot disable or demote themselves (409 LAST_OWNER); with a second owner they can, and their sessions end', async () => {
    const ola = await makeUser('Ola Eier', 'owner');
    const kari = await makeUser('Kari Bokfører', 'bookkeeper');
    const olaSession = await logIn(ola.key);
    for (const body of [{ active: false }, { role: 'bookkeeper' }]) {
      const r = await op(olaSession, 'users.update', { params: { id: ola.id }, body });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('LAST_OWNER');
    }
    const overKey = await fetch(`${s.base}/users/${ola.id}`, { method: 'PUT', headers: { authorization: `Bearer ${ola.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ active: false }) });
    expect(overKey.status).toBe(409);
    expect(((await overKey.json()) as { error: string }).error).toBe('LAST_OWNER');
    expect((await s.json(`/users/${ola.id}`)).body).toMatchObject({ role: 'owner', active: true });
    expect(await works(olaSession)).toBe(200);

    // Another owner exists: now Ola may step down, and his session ends.
    expect((await s.json(`/users/${kari.id}`, { method: 'PUT', body: { role: 'owner' } })).status).toBe(200);
    const r = await op(olaSession, 'users.update', { params: { id: ola.id }, body: { role: 'bookkeeper' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await works(olaSession)).toBe(401);
  });
});

describe('regenerating the owner key (file-backed key)', () => {
  test('ends every session started with the old key but the one asking: a leaked session cannot read the new key', async () => {
    const envKey = process.env.KVITT_API_KEY;
    delete process.env.KVITT_API_KEY;
    const dir = mkdtempSync(join(tmpdir(), 'kvitt-sessions-'));
    const app = await openApp({ dbFile: join(dir, 'k.sqlite'), clock: fixedClock('2026-03-15') });
    let port = 0;
    const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => app.ctx.apiKeys!.get(), port: () => port });
    try {
      await http.listen({ host: '127.0.0.1', port: 0 });
      port = (http.server.address() as { port: number }).port;
      const base = `http://127.0.0.1:${port}`;
      const login = async (key: string) => {
        const r = await fetch(`${base}/app/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }) });
        expect(r.status).toBe(200);
        return r.headers.get('set-cookie')!.split(';')[0];
      };
      const call = async (cookie: string, name: string, input: unknown = {}) => {
        const r = await fetch(`${base}/_ops/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-kvitt-client': '1' }, body: JSON.stringify(input) });
        return { status: r.status, body: (await r.json()) as any };
      };
      const old = readFileSync(join(dir, 'api-key'), 'utf8').trim();
      const leaked = await login(old);
      const mine = await login(old);
      const renewed = await call(mine, 'settings.regenerateApiKey', { body: {} });
      expect(renewed.status).toBe(200);
      expect(renewed.body.ok, JSON.stringify(renewed.body)).toBe(true);
      const key = renewed.body.value.key as string;
      expect(key).not.toBe(old);
      const stolen = await call(leaked, 'settings.getApiKey');
      expect(stolen.status).toBe(401);
      expect(JSON.stringify(stolen.body)).not.toContain(key);
      expect((await call(mine, 'settings.getApiKey')).body.value.key).toBe(key);
    } finally {
      await http.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
      if (envKey !== undefined) process.env.KVITT_API_KEY = envKey;
    }
  });
});
