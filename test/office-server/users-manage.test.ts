/**
 * What Settings → Brukere needs from the server: who am I (GET /me, for every role), deleting a user (owner only; the
 * key stops at once, the audit log keeps the name; nobody deletes themselves), over real HTTPS.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_KEY } from '../helpers/server.js';
import { startOffice } from './world.js';

let w: Awaited<ReturnType<typeof startOffice>>;
beforeAll(async () => {
  w = await startOffice();
}, 60_000);
afterAll(async () => w?.close());

const make = async (name: string, role: 'owner' | 'bookkeeper') => {
  const r = await w.call('POST', '/users/', { key: TEST_KEY, body: { name, role } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; key: string };
};

test('GET /me names the caller and the role, for a bookkeeper too', async () => {
  const kari = await make('Kari Me', 'bookkeeper');
  expect((await w.call('GET', '/me', { key: kari.key })).body).toEqual({ id: kari.id, name: 'Kari Me', role: 'bookkeeper', office: true });
  expect((await w.call('GET', '/me', { key: TEST_KEY })).body).toEqual({ id: null, name: 'owner (API key)', role: 'owner', office: true });
  expect((await w.call('GET', '/me', {})).status).toBe(401);
});

test('the owner deletes a user: 204, the key stops at once, the audit keeps who and whom; a bookkeeper may not', async () => {
  const ola = await make('Ola Slett', 'bookkeeper');
  const boss = await make('Sjef To', 'owner');
  const kari = await make('Kari Nei', 'bookkeeper');
  expect((await w.call('GET', '/invoices/', { key: ola.key })).status).toBe(200);
  const refused = await w.call('DELETE', `/users/${ola.id}`, { key: kari.key });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('FORBIDDEN_ROLE');

  const self = await w.call('DELETE', `/users/${boss.id}`, { key: boss.key });
  expect(self.status).toBe(409);
  expect((await w.call('GET', `/users/${boss.id}`, { key: TEST_KEY })).status).toBe(200);

  const gone = await w.call('DELETE', `/users/${ola.id}`, { key: boss.key });
  expect(gone.status, JSON.stringify(gone.body)).toBe(204);
  expect((await w.call('GET', '/invoices/', { key: ola.key })).status).toBe(401);
  expect((await w.call('GET', `/users/${ola.id}`, { key: TEST_KEY })).status).toBe(404);
  expect((await w.call('DELETE', `/users/${ola.id}`, { key: TEST_KEY })).status).toBe(404);
  const audit = await w.app.ctx.db.selectFrom('audit_log').select(['action', 'actor', 'data']).where('entity', '=', 'user').where('entity_id', '=', String(ola.id)).orderBy('id').execute();
  expect(audit.map((a) => `${a.action} by ${a.actor}`)).toEqual(['create by owner (API key)', 'delete by Sjef To']);
  expect(audit[1]!.data).toContain('Ola Slett');
  // the name is free again
  expect((await make('Ola Slett', 'bookkeeper')).id).toBeGreaterThan(ola.id);
});
