/** Updates are off until the user turns them on (offline first), and the rule main/updater.ts follows. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { updatePlan } from '../../main/update-plan.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

test('a new Kvitt looks for no updates; the setting turns it on and off, and is kept', async () => {
  expect((await s.json('/originators/current/settings')).body.updates).toEqual({ automatic: false });
  const on = await s.json('/originators/current/settings', { method: 'PUT', body: { updates: { automatic: true } } });
  expect(on.status).toBe(200);
  expect(on.body.updates).toEqual({ automatic: true });
  expect((await s.json('/originators/current/settings')).body.updates).toEqual({ automatic: true });
  const off = await s.json('/originators/current/settings', { method: 'PUT', body: { updates: { automatic: false } } });
  expect(off.body.updates).toEqual({ automatic: false });
});

test('a wrong value or an unknown field is a 400 naming it, and changes nothing', async () => {
  const bad = await s.json('/originators/current/settings', { method: 'PUT', body: { updates: { automatic: 'yes', feed: 'http://x' } } });
  expect(bad.status).toBe(400);
  const fields = bad.body.fields.map((e: { field: string }) => e.field);
  expect(fields).toEqual(expect.arrayContaining(['updates.automatic', 'updates.feed']));
  expect((await s.json('/originators/current/settings')).body.updates).toEqual({ automatic: false });
});

test('the feed is asked only by an installed app with the setting on; KVITT_UPDATE_FEED must be an http(s) URL', () => {
  expect(updatePlan({ packaged: true, automatic: false }).check).toBe(false);
  expect(updatePlan({ packaged: false, automatic: true }).check).toBe(false);
  expect(updatePlan({ packaged: true, automatic: true })).toEqual({ check: true, feed: null });
  expect(updatePlan({ packaged: true, automatic: true, feedOverride: 'http://127.0.0.1:8080/feed' }).feed).toBe('http://127.0.0.1:8080/feed');
  expect(updatePlan({ packaged: true, automatic: true, feedOverride: 'file:///etc/passwd' }).feed).toBeNull();
});
