import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { createIpcHandler } from '../../main/ipc-handler.js';
import { opTable } from '../../main/op-table.js';
import { recipient } from '../helpers/server.js';

const APP = 'file:///opt/kvitt/resources/app/out/renderer/';
let app: OpenedApp;
let handler: ReturnType<typeof createIpcHandler>;
const trusted = { senderFrame: { url: `${APP}index.html#/kunder` } };

beforeAll(async () => {
  app = await openApp({ dbFile: ':memory:', clock: fixedClock('2026-03-15'), apiKey: 'ipc-test-key-0123456789' });
  handler = createIpcHandler(opTable, app.ctx, (url) => url.startsWith(APP));
});
afterAll(async () => {
  await app.close();
});

const count = async () => {
  const r = await handler(trusted, 'recipients.list', {});
  if (!r.ok) throw new Error('list failed');
  return (r.value as unknown[]).length;
};

describe('IPC adapter', () => {
  test('the app frame gets {ok: true, value}', async () => {
    const created = await handler(trusted, 'recipients.create', { body: recipient({ customerNumber: 'IPC-1' }) });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const value = created.value as { created: string; body: { number: number; name: string; contact: { address: { country: string } } } };
    expect(value.created).toBe(`/recipients/${value.body.number}`);
    expect(value.body).toMatchObject({ name: 'Fjord Bygg AS', contact: { address: { country: 'NORGE' } } });

    const got = await handler(trusted, 'recipients.get', { params: { number: value.body.number } });
    expect(got).toEqual({ ok: true, value: value.body });
    // params coerced the same way as over HTTP
    expect(await handler(trusted, 'recipients.get', { params: { number: String(value.body.number) } })).toEqual(got);
  });

  test('a batch returns the links in order', async () => {
    const r = await handler(trusted, 'recipients.create', { body: [recipient({ name: 'A' }), recipient({ name: 'B' })] });
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { body: string[] }).body).toEqual([expect.stringMatching(/^\/recipients\/\d+$/), expect.stringMatching(/^\/recipients\/\d+$/)]);
  });

  test('paged lists answer items with total', async () => {
    const r = await handler(trusted, 'recipients.list', { query: { perPage: 2, page: 1 } });
    expect(r).toMatchObject({ ok: true, value: { items: expect.any(Array), total: 3, page: 1, perPage: 2 } });
  });

  test('a validation error keeps status, code and every field', async () => {
    const before = await count();
    const r = await handler(trusted, 'recipients.create', {
      body: [recipient(), recipient({ name: 'x'.repeat(43), organisation: { form: 'as', number: '123456789' } })],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(r.error.fields.map((f) => f.field)).toContain('[1].name');
    expect(await count()).toBe(before);
    const rule = await handler(trusted, 'recipients.create', { body: recipient({ organisation: { form: 'as', number: '123456789' } }) });
    expect(rule.ok).toBe(false);
    if (!rule.ok) expect(rule.error.fields).toEqual([{ field: 'organisation.number', code: 'INVALID_ORG_NUMBER', message: expect.any(String) }]);
  });

  test('conflicts and not-found keep their status', async () => {
    const dup = await handler(trusted, 'recipients.create', { body: recipient({ customerNumber: 'IPC-1' }) });
    expect(dup).toMatchObject({ ok: false, error: { status: 409, fields: [{ field: 'customerNumber' }] } });
    expect(await handler(trusted, 'recipients.get', { params: { number: 9999 } })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  test('an unknown operation -> ok:false 404', async () => {
    for (const name of ['recipients.nuke', '', 42, null, '__proto__', 'constructor']) {
      const r = await handler(trusted, name, {});
      expect(r, String(name)).toMatchObject({ ok: false, error: { status: 404, code: 'UNKNOWN_OPERATION' } });
    }
  });

  test('junk input is a 400, not a crash', async () => {
    expect(await handler(trusted, 'recipients.get', { params: { number: 'abc' } })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await handler(trusted, 'recipients.create', undefined)).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await handler(trusted, 'recipients.create', 'text')).toMatchObject({ ok: false, error: { status: 400 } });
  });

  test.each([
    ['a foreign page', { senderFrame: { url: 'https://evil.example/' } }],
    ['a look-alike path', { senderFrame: { url: 'file:///opt/kvitt/resources/app/out/renderer-evil/index.html' } }],
    ['an empty url', { senderFrame: { url: '' } }],
    ['a null sender frame', { senderFrame: null }],
  ])('%s -> ok:false 403, and nothing runs', async (_what, event) => {
    const before = await count();
    const r = await handler(event, 'recipients.create', { body: recipient({ name: 'Sneaky AS' }) });
    expect(r).toEqual({ ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER', message: expect.any(String), fields: [] } });
    expect(await count()).toBe(before);
    expect(await handler(event, 'settings.getApiKey', {})).toMatchObject({ ok: false, error: { status: 403 } });
  });
});

describe('which frames count as the app', () => {
  test('dev server: the exact origin only', async () => {
    const { appUrlCheck } = await import('../../main/app-url.js');
    const ok = appUrlCheck('http://localhost:5173/', 'file:///opt/kvitt/out/renderer');
    expect(ok('http://localhost:5173/#/recipients')).toBe(true);
    expect(ok('http://localhost:51730/')).toBe(false);
    expect(ok('http://localhost:5173.evil.test/')).toBe(false);
    expect(ok('not a url')).toBe(false);
  });
  test('packaged: files under the renderer folder only', async () => {
    const { appUrlCheck } = await import('../../main/app-url.js');
    const ok = appUrlCheck(undefined, 'file:///opt/kvitt/out/renderer');
    expect(ok('file:///opt/kvitt/out/renderer/index.html#/invoices')).toBe(true);
    expect(ok('file:///opt/kvitt/out/renderer-evil/index.html')).toBe(false);
    expect(ok('file:///opt/kvitt/out/renderer/../../etc/x.html')).toBe(false);
    expect(ok('https://example.com/')).toBe(false);
  });
});
