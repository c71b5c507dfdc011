/**
 * Office mode without KVITT_API_KEY (PostgreSQL): the owner key is kept where the start-up message says (the data
 * folder's api-key, mode 0600) and is the same for every server on the database (its SHA-256 is in the database): two
 * servers accept the same key, a renewal on one holds on the other at once, and a machine without the file accepts
 * the key but cannot show it.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { isPostgresUrl } from '../../db/dialect.js';
import { testDatabase, type TestDatabase } from '../helpers/database.js';

const pgUrl = isPostgresUrl(process.env.KVITT_TEST_PG_URL) ? process.env.KVITT_TEST_PG_URL! : isPostgresUrl(process.env.KVITT_TEST_DATABASE) ? process.env.KVITT_TEST_DATABASE! : null;
if (!pgUrl && process.env.CI) throw new Error('test/sessions/owner-key.test.ts needs PostgreSQL (KVITT_TEST_PG_URL) under CI');

interface Server {
  app: OpenedApp;
  base: string;
  close(): Promise<void>;
}
const dirs: string[] = [];
let db: TestDatabase;
const servers: Server[] = [];
let envKey: string | undefined;
let envDir: string | undefined;

/** A Kvitt server on the shared database whose data folder is `dir` (another machine: another folder). */
async function serve(dir: string): Promise<Server> {
  process.env.KVITT_DATA_DIR = dir;
  const app = await openApp({ dbFile: db.target, clock: fixedClock('2026-03-15') });
  let port = 0;
  const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => app.ctx.apiKeys!.get(), port: () => port });
  await http.listen({ host: '127.0.0.1', port: 0 });
  port = (http.server.address() as { port: number }).port;
  const s = { app, base: `http://127.0.0.1:${port}`, close: async () => (await http.close(), await app.close()) };
  servers.push(s);
  return s;
}
const call = (s: Server, key: string, path = '/recipients/', method = 'GET') =>
  fetch(s.base + path, { method, headers: { authorization: `Bearer ${key}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });

beforeAll(() => {
  envKey = process.env.KVITT_API_KEY;
  envDir = process.env.KVITT_DATA_DIR;
  delete process.env.KVITT_API_KEY;
  if (pgUrl) db = testDatabase(undefined, pgUrl);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await db?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (envKey !== undefined) process.env.KVITT_API_KEY = envKey;
  if (envDir !== undefined) process.env.KVITT_DATA_DIR = envDir;
  else delete process.env.KVITT_DATA_DIR;
});

describe.skipIf(!pgUrl)('the owner key on a PostgreSQL database', () => {
  test('two servers, one key kept in the file the message names; a renewal holds on both; another machine cannot show it', async () => {
    const here = mkdtempSync(join(tmpdir(), 'kvitt-owner-key-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'kvitt-owner-key-other-'));
    dirs.push(here, elsewhere);
    const a = await serve(here);
    const b = await serve(here); // a second process on this machine (a restart overlap)
    const file = join(here, 'api-key');
    const key = readFileSync(file, 'utf8').trim();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(a.app.ctx.apiKeys!.where!()).toContain(file);
    expect((await call(a, key)).status).toBe(200);
    expect((await call(b, key)).status).toBe(200);
    expect((await call(b, 'not-the-key-0123456789')).status).toBe(401);
    const rows = await a.app.ctx.db.selectFrom('owner_key').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).not.toContain(key);

    // A renewal on one server: the old key stops on the other at once, the new one works there.
    const renewed = await call(a, key, '/originators/current/api-key', 'POST');
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { key: string }).key;
    expect(readFileSync(file, 'utf8').trim()).toBe(fresh);
    expect((await call(b, key)).status).toBe(401);
    expect((await call(b, fresh)).status).toBe(200);
    expect(((await (await call(b, fresh, '/originators/current/api-key')).json()) as { key: string }).key).toBe(fresh);

    // Another machine (no file): the key works there, but it cannot show it and says where it is.
    const c = await serve(elsewhere);
    expect((await call(c, fresh)).status).toBe(200);
    expect(((await (await call(c, fresh, '/originators/current/api-key')).json()) as { key: string | null }).key).toBeNull();
    expect(c.app.ctx.apiKeys!.where!()).toMatch(/not on this machine/);
    const login = await fetch(`${c.base}/app/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: fresh }) });
    expect(login.status).toBe(200);

    // A restart keeps the key.
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    const again = await serve(here);
    expect(again.app.ctx.apiKeys!.get()).toBe(fresh);
  }, 60_000);
});
