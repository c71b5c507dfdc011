/**
 * The database checksum the robustness suite relies on ("nothing written" after every refused request,
 * test/helpers/db-probe.ts): it must see any write, however small, on SQLite and PostgreSQL alike, and nothing else.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseChecksum } from './../helpers/db-probe.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

test('reads leave it alone; a new row, one changed cell and a deleted row each change it', async () => {
  const first = await databaseChecksum(s.app.ctx.db);
  expect((await s.json('/labels/')).status).toBe(200);
  expect(await databaseChecksum(s.app.ctx.db)).toBe(first);

  const created = await s.json('/labels/', { body: { name: 'Faste' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const withLabel = await databaseChecksum(s.app.ctx.db);
  expect(withLabel).not.toBe(first);

  await s.app.ctx.db.updateTable('labels').set({ name: 'Fastf' }).where('number', '=', created.body.number).execute();
  const renamed = await databaseChecksum(s.app.ctx.db);
  expect(renamed).not.toBe(withLabel);

  await s.app.ctx.db.deleteFrom('labels').where('number', '=', created.body.number).execute();
  expect(await databaseChecksum(s.app.ctx.db)).not.toBe(renamed);
});

test('a refused request leaves it as it was', async () => {
  const before = await databaseChecksum(s.app.ctx.db);
  const refused = await s.json('/labels/', { body: { name: '' } });
  expect(refused.status).toBe(400);
  expect(await databaseChecksum(s.app.ctx.db)).toBe(before);
});
