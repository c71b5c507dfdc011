import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fileApiKeyStore } from '../../main/api-key.js';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kvitt-key-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('fileApiKeyStore', () => {
  test('creates an owner-only key file of at least 128 random bits on first open', () => {
    const dir = tempDir();
    const store = fileApiKeyStore(dir);
    const key = store.get();
    const file = join(dir, 'api-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(key, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(fileApiKeyStore(tempDir()).get()).not.toBe(key);
  });
  test('the same key comes back when the folder is opened again', () => {
    const dir = tempDir();
    const key = fileApiKeyStore(dir).get();
    expect(fileApiKeyStore(dir).get()).toBe(key);
  });
  test('regenerate makes a new key, stores it owner-only, and it persists', () => {
    const dir = tempDir();
    const store = fileApiKeyStore(dir);
    const old = store.get();
    const fresh = store.regenerate();
    expect(fresh).not.toBe(old);
    expect(store.get()).toBe(fresh);
    expect(statSync(join(dir, 'api-key')).mode & 0o777).toBe(0o600);
    expect(fileApiKeyStore(dir).get()).toBe(fresh);
  });
  test('an override wins over the file and cannot be regenerated', () => {
    const dir = tempDir();
    const fileKey = fileApiKeyStore(dir).get();
    const store = fileApiKeyStore(dir, 'from-env-0123456789');
    expect(store.get()).toBe('from-env-0123456789');
    expect(() => store.regenerate()).toThrow(/KVITT_API_KEY/);
    expect(fileApiKeyStore(dir).get()).toBe(fileKey);
  });
});

describe('regenerating the key over HTTP (file-backed key)', () => {
  let envKey: string | undefined;
  beforeEach(() => {
    envKey = process.env.KVITT_API_KEY;
    delete process.env.KVITT_API_KEY;
  });
  afterEach(() => {
    if (envKey !== undefined) process.env.KVITT_API_KEY = envKey;
  });

  test('the old key is refused at once, the new one works, and it survives a restart', async () => {
    const dir = tempDir();
    const dbFile = join(dir, 'k.sqlite');
    const app = await openApp({ dbFile, clock: fixedClock('2026-03-15') });
    let port = 0;
    const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => app.ctx.apiKeys!.get(), port: () => port });
    await http.listen({ host: '127.0.0.1', port: 0 });
    port = (http.server.address() as { port: number }).port;
    const base = `http://127.0.0.1:${port}`;
    const call = (key: string, path = '/recipients/', method = 'GET') =>
      fetch(base + path, { method, headers: { authorization: `Bearer ${key}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });
    try {
      const old = readFileSync(join(dir, 'api-key'), 'utf8').trim();
      expect((await call(old)).status).toBe(200);
      const r = await call(old, '/originators/current/api-key', 'POST');
      expect(r.status).toBe(200);
      const { key } = (await r.json()) as { key: string };
      expect(key).not.toBe(old);
      expect((await call(old)).status).toBe(401);
      expect((await call(key)).status).toBe(200);
      expect(((await (await call(key, '/originators/current/api-key')).json()) as { key: string }).key).toBe(key);
    } finally {
      await http.close();
      await app.close();
    }
    const reopened = await openApp({ dbFile, clock: fixedClock('2026-03-15') });
    try {
      expect(reopened.ctx.apiKeys!.get()).toBe(readFileSync(join(dir, 'api-key'), 'utf8').trim());
    } finally {
      await reopened.close();
    }
  });
});
