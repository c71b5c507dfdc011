import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let dir: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kvitt-backup-'));
  s = await startTestServer({ dbFile: join(dir, 'kvitt.sqlite') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a backup is a complete, openable copy of the database taken while the server runs', async () => {
  expect((await s.json('/recipients/', { body: [recipient({ customerNumber: 'B1' }), recipient({ customerNumber: 'B2' })] })).status).toBe(201);
  const made = await s.json('/originators/current/backups', { method: 'POST', body: {} });
  expect(made.status).toBe(201);
  expect(made.body.file).toMatch(/^kvitt-\d{14}\.kvittbackup$/);
  const copy = new SqliteDatabase(made.body.path, { readonly: true });
  const names = copy.prepare('select customer_number from recipients order by customer_number').all() as Array<{ customer_number: string }>;
  copy.close();
  expect(names.map((n) => n.customer_number)).toEqual(['B1', 'B2']);
  const second = await s.json('/originators/current/backups', { method: 'POST', body: {} });
  expect(second.body.file).not.toBe(made.body.file);
  const list = await s.json('/originators/current/backups');
  expect(list.body.map((b: { file: string }) => b.file).sort()).toEqual([made.body.file, second.body.file].sort());
});

test('an in-memory database says it cannot be backed up', async () => {
  const mem = await startTestServer();
  const res = await mem.json('/originators/current/backups', { method: 'POST', body: {} });
  expect(res.status).toBe(409);
  expect(res.body.error).toBe('NO_DATA_FOLDER');
  await mem.close();
});
