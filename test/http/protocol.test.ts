import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';
import { recipient, startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

/** What each public operation answers without a key, with its parameters set to 1 and an empty JSON body: the countries;
 * event 1's 404 (it does not exist); the signup's 400 for the empty body (checked before the event is looked up). */
const PUBLIC_ANSWER: Record<string, number> = {
  'common.listCountries': 200,
  'events.signupPage': 404,
  'events.captcha': 404,
  'events.signup': 400,
  'events.postPlace': 400,
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  expect((await s.json('/recipients/', { body: recipient({ customerNumber: 'P1' }) })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

/** node:http, because fetch refuses to set Host. */
function raw(opts: { path: string; method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: s.port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const basic = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
const get = (path: string, headers: Record<string, string> = {}) => fetch(s.base + path, { headers });

describe('authentication', () => {
  test('no key -> 401 with WWW-Authenticate and the error body', async () => {
    const r = await get('/recipients/');
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect(await r.json()).toEqual({ error: 'UNAUTHORIZED', code: 'UNAUTHORIZED', message: expect.any(String), fields: [] });
  });
  test('wrong key -> 401, Bearer or Basic', async () => {
    expect((await get('/recipients/', { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await get('/recipients/', { authorization: `Bearer ${TEST_KEY}x` })).status).toBe(401);
    expect((await get('/recipients/', { authorization: basic('kari', 'nope') })).status).toBe(401);
    expect((await get('/recipients/', { authorization: basic(TEST_KEY, '') })).status).toBe(401);
    expect((await get('/recipients/', { authorization: `Token ${TEST_KEY}` })).status).toBe(401);
  });
  test('Bearer key works', async () => {
    const r = await get('/recipients/', { authorization: `Bearer ${TEST_KEY}` });
    expect(r.status).toBe(200);
    expect(await r.json()).toHaveLength(1);
  });
  test('Basic with any user and the key as password works (clients of the original service)', async () => {
    expect((await get('/recipients/', { authorization: basic('kari@firma.no', TEST_KEY) })).status).toBe(200);
    expect((await get('/recipients/', { authorization: basic('', TEST_KEY) })).status).toBe(200);
  });
  test('Originator-Id: matching is fine, a different one -> 401', async () => {
    expect((await get('/recipients/', { authorization: basic('kari', TEST_KEY), 'originator-id': '1' })).status).toBe(200);
    const r = await get('/recipients/', { authorization: basic('kari', TEST_KEY), 'originator-id': '2' });
    expect(r.status).toBe(401);
    expect((await r.json()).message).toMatch(/Originator-Id/);
  });
  test('every operation except the public ones needs the key', async () => {
    for (const op of allOps) {
      const path = op.path.replace(/\{\w+\}/g, '1');
      const r = await fetch(s.base + path, { method: op.method, headers: op.body ? { 'content-type': 'application/json' } : {}, body: op.body ? '{}' : undefined });
      // Public operations answer without the key (PUBLIC_ANSWER): never a 401.
      if (op.public) expect(r.status, `${op.method} ${path}`).toBe(PUBLIC_ANSWER[op.name]);
      else expect(r.status, `${op.method} ${path}`).toBe(401);
    }
  });
  test('the key is not accepted in the query string', async () => {
    expect((await get(`/recipients/?key=${TEST_KEY}`)).status).toBe(401);
  });
});

describe('API-Version, Host and CORS', () => {
  test('API-Version 1.0 or absent is fine; 2.0 -> 400', async () => {
    expect((await s.api('/recipients/', { headers: { 'api-version': '1.0' } })).status).toBe(200);
    const r = await s.json('/recipients/', { headers: { 'api-version': '2.0' } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toContainEqual({ field: 'API-Version', code: 'MUST_EQUAL', message: 'must be 1.0', params: { value: '1.0' } });
  });
  test.each(['evil.example', `evil.example:${'PORT'}`, '127.0.0.1:1', 'localhost.evil.example', '10.0.0.1'])('a foreign Host (%s) -> 403, even with the key', async (host) => {
    const r = await raw({ path: '/recipients/', headers: { host: host.replace('PORT', '0'), authorization: `Bearer ${TEST_KEY}` } });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({ error: 'FORBIDDEN_HOST', fields: [] });
  });
  test('Host foreign even for public paths -> 403', async () => {
    expect((await raw({ path: '/common/public/countries', headers: { host: 'attacker.example' } })).status).toBe(403);
  });
  test.each(['127.0.0.1:PORT', 'localhost:PORT', 'LOCALHOST:PORT'])('our own Host (%s) is served', async (host) => {
    const r = await raw({ path: '/recipients/', headers: { host: host.replace('PORT', String(s.port)), authorization: `Bearer ${TEST_KEY}` } });
    expect(r.status).toBe(200);
  });
  test('no permissive CORS: a preflight and a cross-origin request get no Access-Control-Allow-Origin', async () => {
    const pre = await fetch(s.base + '/recipients/', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.status).toBe(405);
    const r = await s.api('/recipients/', { headers: { origin: 'https://evil.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('routing', () => {
  test('405 with Allow for a wrong method on a known path', async () => {
    const r = await s.api('/recipients/1', { method: 'PATCH' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')!.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'PUT']);
    const r2 = await s.api('/recipients/', { method: 'DELETE' });
    expect(r2.status).toBe(405);
    expect(r2.headers.get('allow')!.split(/,\s*/).sort()).toEqual(['GET', 'POST']);
    const r3 = await s.api('/recipients', { method: 'PUT' });
    expect(r3.status).toBe(405);
  });
  test('404 with the error body for an unknown path', async () => {
    for (const path of ['/nothing', '/recipients/1/nothing', '/invoices/x/y/z']) {
      const r = await s.json(path);
      expect(r.status, path).toBe(404);
      expect(r.body).toEqual({ error: 'NOT_FOUND', code: 'NOT_FOUND', message: expect.any(String), fields: [] });
    }
  });
  test('paths work with and without the trailing slash', async () => {
    for (const path of ['/recipients', '/recipients/', '/recipients/1', '/recipients/1/', '/common/currency/exchangeRates', '/common/currency/exchangeRates/', '/originators/current/settings/', '/labels', '/custom-fields']) {
      expect((await s.api(path)).status, path).toBe(200);
    }
  });
});

describe('bodies that are not good JSON: always 4xx, never 5xx', () => {
  const auth = { authorization: `Bearer ${TEST_KEY}` };
  test('malformed JSON -> 400 MALFORMED_JSON', async () => {
    for (const body of ['{', '{"name": }', "{'name':'x'}", '[1,2', 'nul']) {
      const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
      expect(r.status, body).toBe(400);
      expect(JSON.parse(r.body)).toMatchObject({ error: 'MALFORMED_JSON', fields: [] });
    }
  });
  test('an empty body on POST /recipients/ -> 400', async () => {
    const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '' });
    expect(r.status).toBe(400);
  });
  test('text/plain is not taken for JSON: 415 with the error body, nothing written', async () => {
    const before = ((await s.json('/recipients/')).body as unknown[]).length;
    const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: JSON.stringify(recipient()) });
    expect(r.status).toBe(415);
    expect(((await s.json('/recipients/')).body as unknown[]).length).toBe(before);
    expect(JSON.parse(r.body)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
  test('form-encoded and no content type -> 415 with the error body', async () => {
    const a = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' });
    expect(a.status).toBe(415);
    expect(JSON.parse(a.body)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const b = await raw({ path: '/recipients/', method: 'POST', headers: auth, body: 'name=x' });
    expect(b.status).toBe(415);
    expect(JSON.parse(b.body)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
  test('JSON with a charset parameter is fine', async () => {
    const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(recipient()) });
    expect(r.status).toBe(201);
  });
  test('an oversized body -> 413 and nothing written', async () => {
    const before = ((await s.json('/recipients/')).body as unknown[]).length;
    const huge = Buffer.alloc(65 * 1024 * 1024, 0x20); // whitespace: valid JSON padding, beyond the 64 MB limit
    huge.write('[', 0);
    const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: huge });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ error: expect.any(String) });
    expect(((await s.json('/recipients/')).body as unknown[]).length).toBe(before);
  });
  test('a deeply nested body -> 400 TOO_DEEP', async () => {
    const body = '['.repeat(100_000) + ']'.repeat(100_000);
    const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ error: 'TOO_DEEP' });
  });
  test('prototype pollution keys are harmless', async () => {
    const body = '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"name":"Proto AS","contact":{"address":{"zip":"0150","city":"OSLO"}}}';
    const r = await raw({ path: '/recipients/', method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    expect(r.status, r.body).toBe(400);
    expect(JSON.parse(r.body).fields.map((f: { field: string }) => f.field)).toContain('constructor');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('public lookups and exchange rates', () => {
  test('GET /common/public/countries needs no key and lists NORGE', async () => {
    const r = await get('/common/public/countries');
    expect(r.status).toBe(200);
    const list = (await r.json()) as Array<{ code: string; name: string }>;
    expect(list).toContainEqual({ code: 'NO', name: 'NORGE' });
    expect(list).toContainEqual({ code: 'FO', name: 'FÆRØYENE' });
    expect(list.length).toBeGreaterThan(240);
  });
  test('GET /common/currency/exchangeRates needs the key and lists the offline rates with dates', async () => {
    expect((await get('/common/currency/exchangeRates')).status).toBe(401);
    const r = await s.json('/common/currency/exchangeRates');
    expect(r.status).toBe(200);
    expect(r.body).toContainEqual({ currency: 'EUR', rate: expect.any(Number), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
  test('PUT an exchange rate: the latest date wins in the list', async () => {
    const a = await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'CHF', rate: 12.3456, date: '2026-03-01' } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ currency: 'CHF', rate: 12.3456, date: '2026-03-01' });
    await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'CHF', rate: 12.5, date: '2026-03-10' } });
    await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'CHF', rate: 11, date: '2026-02-01' } });
    const list = (await s.json('/common/currency/exchangeRates')).body as Array<{ currency: string }>;
    expect(list.filter((x) => x.currency === 'CHF')).toEqual([{ currency: 'CHF', rate: 12.5, date: '2026-03-10' }]);
  });
  test.each([
    ['currency', { currency: 'chf', rate: 1, date: '2026-03-01' }],
    ['rate', { currency: 'CHF', rate: 0, date: '2026-03-01' }],
    ['rate', { currency: 'CHF', rate: '12', date: '2026-03-01' }],
    ['date', { currency: 'CHF', rate: 1, date: '01.03.2026' }],
    ['date', { currency: 'CHF', rate: 1, date: '2026-02-30' }],
  ])('an invalid exchange rate (%s) -> 400', async (field, body) => {
    const r = await s.json('/common/currency/exchangeRates', { method: 'PUT', body });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('settings', () => {
  test('GET gives defaults; PUT changes only what is sent', async () => {
    const g = await s.json('/originators/current/settings');
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({ company: { country: 'NORGE' }, invoicing: { defaultCreditDays: expect.any(Number), attachPdf: expect.any(Boolean) } });
    const p = await s.json('/originators/current/settings', {
      method: 'PUT',
      body: { company: { name: 'Kvitt Demo AS', orgNumber: '923 609 016 MVA', vatRegistered: true, bankAccount: '8601.11.17947', iban: 'no93 8601 1117 947', zip: '0150', city: 'OSLO', country: 'sverige' }, invoicing: { defaultCreditDays: 10, attachPdf: false, defaultShipment: 'SNAIL' } },
    });
    expect(p.status).toBe(200);
    expect(p.body.company).toMatchObject({ name: 'Kvitt Demo AS', orgNumber: '923609016', bankAccount: '86011117947', iban: 'NO9386011117947', country: 'SVERIGE' });
    expect(p.body.invoicing).toMatchObject({ defaultCreditDays: 10, attachPdf: false, defaultShipment: 'SNAIL', kidScheme: g.body.invoicing.kidScheme });
    const again = await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { defaultCreditDays: 20 } } });
    expect(again.body.company.name).toBe('Kvitt Demo AS');
    expect(again.body.invoicing).toMatchObject({ defaultCreditDays: 20, attachPdf: false });
    expect((await s.json('/originators/current/settings')).body).toEqual(again.body);
  });
  test.each([
    ['company.orgNumber', { company: { orgNumber: '923609017' } }],
    ['company.bankAccount', { company: { bankAccount: '15030012347' } }],
    ['company.iban', { company: { iban: 'NO9486011117947' } }],
    ['company.country', { company: { country: 'NARNIA' } }],
    ['invoicing.defaultCreditDays', { invoicing: { defaultCreditDays: -1 } }],
    ['invoicing.defaultShipment', { invoicing: { defaultShipment: 'FAX' } }],
  ])('invalid %s -> 400 naming it; nothing changed', async (field, body) => {
    const before = (await s.json('/originators/current/settings')).body;
    const r = await s.json('/originators/current/settings', { method: 'PUT', body });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await s.json('/originators/current/settings')).body).toEqual(before);
  });
  test('an emptied org number or bank account reads back as null, not as an empty string', async () => {
    const r = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { orgNumber: '', bankAccount: ' ', iban: '' } } });
    expect(r.status).toBe(200);
    expect(r.body.company).toMatchObject({ orgNumber: null, bankAccount: null, iban: null });
  });
  test('a wrong logo gets one clear message', async () => {
    const r = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { logo: 'data:image/gif;base64,AAAA' } } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'company.logo', code: 'INVALID_FORMAT', message: 'must be a PNG or JPEG data: URL', params: { format: 'a PNG or JPEG data: URL' } }]);
  });
  test('a bad field next to a good one changes nothing', async () => {
    const before = (await s.json('/originators/current/settings')).body;
    const r = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Skal ikke lagres AS', bankAccount: '123' } } });
    expect(r.status).toBe(400);
    expect((await s.json('/originators/current/settings')).body).toEqual(before);
  });
});

describe('API key', () => {
  test('the key can be read with the key', async () => {
    const r = await s.json('/originators/current/api-key');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ key: TEST_KEY });
    expect((await get('/originators/current/api-key')).status).toBe(401);
  });
  test('a key fixed from outside (KVITT_API_KEY) cannot be regenerated: 409, and it keeps working', async () => {
    const r = await s.json('/originators/current/api-key', { method: 'POST', body: {} });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'KEY_FIXED', message: expect.stringMatching(/KVITT_API_KEY/) });
    expect((await s.api('/recipients/')).status).toBe(200);
  });
});

describe('/openapi.json', () => {
  test('public, and lists every operation of the table under its path and method', async () => {
    const r = await get('/openapi.json');
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const op of allOps) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry, `${op.method} ${op.path}`).toBeDefined();
      expect(entry.operationId).toBe(op.name);
      if (op.public) expect(entry.security).toEqual([]);
    }
    const count = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(count).toBe(allOps.length);
    expect(doc.paths['/recipients/'].post).toBeDefined();
    expect(doc.paths['/recipients/{number}'].get).toBeDefined();
  });
});

describe('browser GUI login', () => {
  test('a wrong token -> 401 and no cookie', async () => {
    const r = await fetch(`${s.base}/app/login?token=wrong`, { redirect: 'manual' });
    expect(r.status).toBe(401);
    expect(r.headers.get('set-cookie')).toBeNull();
    // Without a token: the key login page of the office server (test/office-server), which sets no cookie by itself.
    const page = await fetch(`${s.base}/app/login`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
  });
  test('the right token sets an HttpOnly SameSite=Strict cookie; with it and x-kvitt-client the ops endpoint works', async () => {
    const r = await fetch(`${s.base}/app/login?token=${s.loginToken}`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/app/');
    const setCookie = r.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toContain(TEST_KEY);
    const cookie = setCookie.split(';')[0];

    const call = (headers: Record<string, string>, name = 'recipients.list', input: unknown = {}) =>
      fetch(`${s.base}/_ops/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(input) });

    const ok = await call({ cookie, 'x-kvitt-client': '1' });
    expect(ok.status).toBe(200);
    const env = (await ok.json()) as { ok: boolean; value: Array<{ customerNumber: string }> };
    expect(env.ok).toBe(true);
    expect(env.value.map((r) => r.customerNumber)).toContain('P1');

    // a cross-site form post carries the cookie but cannot add the header
    expect((await call({ cookie })).status).toBe(401);
    expect((await call({ 'x-kvitt-client': '1' })).status).toBe(401);
    expect((await call({ cookie: 'kvitt_session=forged', 'x-kvitt-client': '1' })).status).toBe(401);
    // the cookie alone does not open the REST API either
    expect((await fetch(`${s.base}/recipients/`, { headers: { cookie } })).status).toBe(401);

    // validation errors keep their fields in the envelope
    const bad = await call({ cookie, 'x-kvitt-client': '1' }, 'recipients.create', { body: { name: '' } });
    expect(bad.status).toBe(200);
    const badEnv = (await bad.json()) as { ok: boolean; error: { status: number; fields: Array<{ field: string }> } };
    expect(badEnv.ok).toBe(false);
    expect(badEnv.error.status).toBe(400);
    expect(badEnv.error.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['name', 'contact']));
  });
});
