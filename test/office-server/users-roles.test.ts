/**
 * The office server over real HTTPS (self-signed certificate pinned, fingerprint checked): users with their own keys,
 * the bookkeeper's 403s, the audit log naming who did what, the original key still the owner's, user-key GUI sessions.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recipient, TEST_KEY } from '../helpers/server.js';
import { startOffice } from './world.js';

let w: Awaited<ReturnType<typeof startOffice>>;
let bookkeeper: { id: number; key: string };
beforeAll(async () => {
  w = await startOffice({ publicHosts: ['kvitt.kontor.lan'] });
  const made = await w.call('POST', '/users/', { key: TEST_KEY, body: { name: 'Kari Regnskap', role: 'bookkeeper' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  bookkeeper = { id: made.body.id, key: made.body.key };
}, 60_000);
afterAll(async () => w?.close());

const actorsOf = async (entity: string, id: string) =>
  (await w.app.ctx.db.selectFrom('audit_log').select(['action', 'actor']).where('entity', '=', entity).where('entity_id', '=', id).orderBy('id').execute()).map(
    (r) => `${r.action} by ${r.actor}`,
  );

describe('TLS', () => {
  test('the server speaks HTTPS with the certificate whose fingerprint it printed', async () => {
    const r = await w.call('GET', '/', {});
    expect(r.status).toBe(200);
    expect(w.serving.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(r.fingerprint).toBe(w.serving.tls!.fingerprint);
    expect(w.serving.tls!.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  test('Host: the configured public name is accepted, a foreign one refused', async () => {
    expect((await w.call('GET', '/products/', { key: TEST_KEY, headers: { host: `kvitt.kontor.lan:${w.port}` } })).status).toBe(200);
    const evil = await w.call('GET', '/products/', { key: TEST_KEY, headers: { host: `evil.example:${w.port}` } });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toBe('FORBIDDEN_HOST');
  });

  test('a write from our own https origin passes; http:// of the same host is another origin', async () => {
    const ok = await w.call('POST', '/products/', { key: TEST_KEY, body: { code: 'TLS-1', description: 'x', unitPrice: 10, taxRate: 25 }, headers: { origin: w.base } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.headers.location).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/products\/\d+$/);
    const other = await w.call('POST', '/products/', { key: TEST_KEY, body: { code: 'TLS-2', description: 'x', unitPrice: 10, taxRate: 25 }, headers: { origin: `http://127.0.0.1:${w.port}` } });
    expect(other.status).toBe(403);
  });
});

describe('users and roles', () => {
  test('the original API key is the owner: it lists users, never showing their keys', async () => {
    const r = await w.call('GET', '/users/', { key: TEST_KEY });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: bookkeeper.id, name: 'Kari Regnskap', role: 'bookkeeper', active: true, createdAt: expect.any(String) }]);
    expect(JSON.stringify(r.body)).not.toContain(bookkeeper.key);
  });

  test('a bookkeeper creates and changes customers, and the audit log names her', async () => {
    const made = await w.call('POST', '/recipients/', { key: bookkeeper.key, body: recipient({ customerNumber: 'BK-1' }) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const number = String(made.headers.location).split('/').pop()!;
    expect((await w.call('PUT', `/recipients/${number}`, { key: bookkeeper.key, body: recipient({ customerNumber: 'BK-1', name: 'Nytt Navn AS' }) })).status).toBe(200);
    expect(await actorsOf('recipient', number)).toEqual(['create by Kari Regnskap', 'update by Kari Regnskap']);
  });

  test('a bookkeeper gets 403 with a clear body on settings, keys, users, backups and any delete; nothing is written', async () => {
    const made = await w.call('POST', '/recipients/', { key: TEST_KEY, body: recipient({ customerNumber: 'BK-2' }) });
    const number = String(made.headers.location).split('/').pop()!;
    const before = await w.app.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = [
      ['PUT', '/originators/current/settings', { company: { name: 'Kapret AS' } }],
      ['GET', '/originators/current/api-key', undefined],
      ['POST', '/originators/current/api-key', undefined],
      ['DELETE', `/recipients/${number}`, undefined],
      ['GET', '/users/', undefined],
      ['POST', '/users/', { name: 'Meg Selv', role: 'owner' }],
      ['POST', '/originators/current/backups', undefined],
    ] as const;
    for (const [method, path, body] of refused) {
      const r = await w.call(method, path, { key: bookkeeper.key, body });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toMatchObject({ error: 'FORBIDDEN_ROLE', fields: [] });
      expect(r.body.message).toMatch(/owner/);
    }
    const after = await w.app.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Reading the settings (every screen needs them) is allowed.
    expect((await w.call('GET', '/originators/current/settings', { key: bookkeeper.key })).status).toBe(200);
    // The owner may delete; the entry names the owner's key.
    expect((await w.call('DELETE', `/recipients/${number}`, { key: TEST_KEY })).status).toBe(204);
    expect(await actorsOf('recipient', number)).toEqual(['create by owner (API key)', 'delete by owner (API key)']);
  });

  test('an owner user may do what the original key may, under their own name', async () => {
    const made = await w.call('POST', '/users/', { key: TEST_KEY, body: { name: 'Ola Eier', role: 'owner' } });
    const r = await w.call('PUT', '/originators/current/settings', { key: made.body.key, body: { company: { name: 'Fjordkontoret AS' } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await actorsOf('settings', 'company')).toContain('update by Ola Eier');
    expect(await actorsOf('user', String(made.body.id))).toEqual(['create by owner (API key)']);
  });

  test('user input is validated: bad fields named, a taken name 409, an unknown user 404', async () => {
    const bad = await w.call('POST', '/users/', { key: TEST_KEY, body: { name: '', role: 'admin', extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(expect.arrayContaining(['name', 'role']));
    expect((await w.call('POST', '/users/', { key: TEST_KEY, body: { name: 'Kari Regnskap', role: 'owner' } })).status).toBe(409);
    expect((await w.call('PUT', '/users/9999', { key: TEST_KEY, body: { active: false } })).status).toBe(404);
    expect((await w.call('GET', '/users/abc', { key: TEST_KEY })).status).toBe(400);
  });

  test('a regenerated key replaces the old one at once; a disabled user is refused', async () => {
    const made = await w.call('POST', '/users/', { key: TEST_KEY, body: { name: 'Per Midlertidig', role: 'bookkeeper' } });
    const old = made.body.key as string;
    expect((await w.call('GET', '/products/', { key: old })).status).toBe(200);
    const again = await w.call('POST', `/users/${made.body.id}/key`, { key: TEST_KEY });
    expect(again.status).toBe(200);
    expect((await w.call('GET', '/products/', { key: old })).status).toBe(401);
    expect((await w.call('GET', '/products/', { key: again.body.key })).status).toBe(200);
    expect((await w.call('PUT', `/users/${made.body.id}`, { key: TEST_KEY, body: { active: false } })).body.active).toBe(false);
    expect((await w.call('GET', '/products/', { key: again.body.key })).status).toBe(401);
    expect(await actorsOf('user', String(made.body.id))).toEqual(['create by owner (API key)', 'regenerate-key by owner (API key)', 'update by owner (API key)']);
  });
});

describe('GUI sessions with a user key', () => {
  const session = async (key: string) => {
    const r = await w.call('POST', '/app/login', { body: { key } });
    return { r, cookie: String((r.headers['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0] };
  };
  const op = (cookie: string, name: string, input: unknown = {}) =>
    w.call('POST', `/_ops/${name}`, { body: input, headers: { cookie, 'x-kvitt-client': '1' } });

  test('the login page is served; a wrong key is 401, a malformed body 400', async () => {
    const page = await w.call('GET', '/app/login');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('API-nøkkel');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await session('not-a-key')).r.status).toBe(401);
    expect((await w.call('POST', '/app/login', { body: { key: 1, more: true } })).status).toBe(400);
  });

  test('a bookkeeper session works through /_ops and is refused the owner operations', async () => {
    const { r, cookie } = await session(bookkeeper.key);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: 'Kari Regnskap', role: 'bookkeeper' });
    expect(r.headers['set-cookie']![0]).toMatch(/HttpOnly; SameSite=Strict; Path=\/; Secure/);
    expect((await op(cookie, 'products.list')).body.ok).toBe(true);
    const refused = await op(cookie, 'settings.update', { body: { company: { name: 'X' } } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, error: { status: 403, code: 'FORBIDDEN_ROLE' } });
    // Without the client header the cookie alone is not enough (cross-site requests).
    expect((await w.call('POST', '/_ops/products.list', { body: {}, headers: { cookie } })).status).toBe(401);
  });

  test('the original API key logs in as the owner', async () => {
    const { r, cookie } = await session(TEST_KEY);
    expect(r.body.role).toBe('owner');
    expect((await op(cookie, 'settings.get')).body.ok).toBe(true);
  });
});
