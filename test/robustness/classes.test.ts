/**
 * Each class of bad input of issue 7, sent to every operation of the table (generated from it, so new operations are
 * covered without a line here): never a 5xx, the JSON error body, the status the class asks for, and nothing written.
 */
import type { TSchema } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';
import type { Op } from '../../main/ops/define.js';
import { rawBodyOf } from '../../main/ops/raw-body.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { auth, checksum, expectErrorBody, fakeRenderer, fillPath, jsonHeaders, send, startWorld, type RawResponse, type World } from './world.js';

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(async () => {
  await w.close();
});

const writes = allOps.filter((op) => op.method !== 'GET');
// Public operations (event signup) take no key, so a cross-site page gains nothing by calling them; they also take web forms.
const keyedWrites = writes.filter((op) => !op.public);
const guarded = allOps.filter((op) => !op.public);
// A file as the body (a bank file: main/ops/raw-body.ts) has no fields; those operations have their own cases below.
const bodied = allOps.filter((op) => op.body && !rawBodyOf(op.body));
const rawBodied = allOps.filter((op) => rawBodyOf(op.body));
const bodyless = writes.filter((op) => !op.body);
const paged = allOps.filter((op) => op.query && 'properties' in op.query && 'page' in (op.query as unknown as { properties: object }).properties);

/** Sends, then checks: no 5xx, the error body on a 4xx, the expected status, and an unchanged database. */
async function refused(op: Op, req: { path?: string; headers?: Record<string, string>; body?: string }, status: number | number[], field?: string) {
  const before = await checksum(w.db);
  const path = req.path ?? fillPath(op.path, w);
  const res: RawResponse = await send(w.port, { method: op.method, path, headers: req.headers ?? jsonHeaders, body: req.body });
  const what = `${op.name} ${op.method} ${path}`;
  expect(res.status, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect([status].flat(), `${what}: ${res.status} ${res.body.slice(0, 300)}`).toContain(res.status);
  expectErrorBody(res, what);
  if (field) expect(JSON.parse(res.body).fields.map((f: { field: string }) => f.field), what).toContain(field);
  expect(await checksum(w.db), `${what} changed the database`).toBe(before);
  return JSON.parse(res.body) as { error: string; fields: Array<{ field: string; message: string }> };
}

describe('1. bodies nested deeper than the bound are 400 before anything walks them', () => {
  const deep = '{"zz":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
  test.each(writes.map((op) => [op.name, op] as const))('%s', async (_n, op) => {
    const e = await refused(op, { body: deep }, 400);
    expect(e.error).toBe('TOO_DEEP');
  });
});

describe('7. unknown body fields are refused with 400 naming them', () => {
  test.each(bodied.map((op) => [op.name, op] as const))('%s', async (_n, op) => {
    await refused(op, { body: JSON.stringify({ zzJunk: 'x'.repeat(1000) }) }, 400, 'zzJunk');
  });
  test.each(rawBodied.map((op) => [op.name, op] as const))('%s takes a file: a JSON object is 400 on (body), nothing imported', async (_n, op) => {
    await refused(op, { body: JSON.stringify({ zzJunk: 'x'.repeat(1000) }) }, 400, '(body)');
  });
  test.each(bodyless.map((op) => [op.name, op] as const))('%s takes no body: a non-empty one is 400', async (_n, op) => {
    await refused(op, { body: JSON.stringify({ zzJunk: 1 }) }, 400, '(body)');
  });
  test('nested: settings company.zzJunk and a recipient contact.address.zzJunk', async () => {
    const settings = allOps.find((o) => o.name === 'settings.update')!;
    await refused(settings, { body: JSON.stringify({ company: { name: 'X', zzJunk: 1 } }) }, 400, 'company.zzJunk');
    const create = allOps.find((o) => o.name === 'recipients.create')!;
    await refused(create, { body: JSON.stringify({ name: 'X', contact: { address: { zip: '0150', city: 'OSLO', zzJunk: 1 } } }) }, 400, 'contact.address.zzJunk');
  });
});

/** Paths to every string of a body schema (objects and first array elements), to put a bad character in each. */
function stringPaths(schema: TSchema, prefix: Array<string | number> = [], depth = 0): Array<Array<string | number>> {
  const s = schema as { type?: unknown; properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  if (depth > 6) return [];
  if (s.anyOf) return s.anyOf.flatMap((b) => stringPaths(b, prefix, depth + 1)).slice(0, 1);
  if (s.type === 'string') return [prefix];
  if (s.type === 'object' && s.properties) return Object.entries(s.properties).flatMap(([k, v]) => stringPaths(v, [...prefix, k], depth + 1));
  if (s.type === 'array' && s.items) return stringPaths(s.items, [...prefix, 0], depth + 1);
  return [];
}
const fieldName = (p: Array<string | number>) => p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');
function bodyWith(p: Array<string | number>, value: string): unknown {
  if (!p.length) return value;
  const [k, ...rest] = p;
  return typeof k === 'number' ? [bodyWith(rest, value)] : { [k]: bodyWith(rest, value) };
}

describe('6. control characters, U+FFFE/U+FFFF and lone surrogates are refused in every text field, naming it', () => {
  const bad = ['\u0000', '\u0007', '\u001b', '\u000b', '\ufffe', '\uffff', '\ud800'];
  const cases = bodied.flatMap((op) => stringPaths(op.body!).map((p, i) => [`${op.name} ${fieldName(p)}`, op, p, bad[i % bad.length]] as const));
  test.each(cases)('%s', async (_n, op, p, ch) => {
    await refused(op, { body: JSON.stringify(bodyWith(p, `Tekst ${ch} her`)) }, 400, fieldName(p));
  });
  test('every kind in an invoice draft (text, references, line descriptions) and in a recipient', async () => {
    const draft = allOps.find((o) => o.name === 'invoices.createDraft')!;
    for (const ch of bad) {
      const e = await refused(
        draft,
        { body: JSON.stringify({ recipient: { number: w.company }, invoiceText: `a${ch}`, yourReference: `b${ch}`, items: [{ description: `c${ch}`, quantity: 1, unitPrice: 1, taxRate: 25 }] }) },
        400,
      );
      expect(e.fields.map((f) => f.field).sort()).toEqual(['invoiceText', 'items[0].description', 'yourReference']);
    }
    const create = allOps.find((o) => o.name === 'recipients.create')!;
    await refused(create, { body: JSON.stringify({ name: 'Navn\u0000', contact: { address: { zip: '0150', city: 'OSLO' } } }) }, 400, 'name');
  });
  test('query strings too', async () => {
    const list = allOps.find((o) => o.name === 'recipients.list')!;
    await refused(list, { path: '/recipients/?q=%07', headers: auth }, 400, 'q');
  });
});

describe('3. paging parameters are bounded integers for every list', () => {
  const bad = ['page=1e20&perPage=1', 'perPage=1e20', 'page=0&perPage=1', 'perPage=-5', 'page=1.5&perPage=2', 'perPage=abc', 'page=99999999999999999999&perPage=1'];
  test.each(paged.flatMap((op) => bad.map((q) => [`${op.name} ?${q}`, op, q] as const)))('%s', async (_n, op, q) => {
    await refused(op, { path: `${fillPath(op.path, w)}?${q}`, headers: op.public ? {} : auth }, 400);
  });
});

describe('4. cookies, paths and headers never throw into a 500', () => {
  test.each(guarded.map((op) => [op.name, op] as const))('%s: kvitt_session=% and other broken cookies are 401', async (_n, op) => {
    for (const cookie of ['kvitt_session=%', 'kvitt_session=%E0%A4%A', 'kvitt_session', '=;;kvitt_session==%%', 'kvitt_session=' + '%'.repeat(3000)]) {
      await refused(op, { headers: { cookie, 'x-kvitt-client': '1', 'content-type': 'application/json' } }, 401);
    }
  });
  test('odd Authorization, API-Version and Host headers', async () => {
    const op = allOps.find((o) => o.name === 'recipients.list')!;
    for (const authorization of ['Basic %%%', 'Basic ' + Buffer.from('no-colon').toString('base64'), 'Bearer', 'Bearer  ', '\u00ff\u00fe', 'Basic ' + 'A'.repeat(10000)]) {
      await refused(op, { headers: { authorization } }, 401);
    }
    await refused(op, { headers: { ...auth, 'api-version': '%' } }, 400);
    await refused(op, { headers: { ...auth, host: 'evil.example' } }, 403);
  });
  test('/app/%25, /app/%25E0 and other encoded paths under /app and the API', async () => {
    const s: TestServer = await startTestServer({ rendererDir: fakeRenderer() });
    try {
      for (const path of ['/app/%25', '/app/%25E0', '/app/%E0', '/app/%', '/app/..%2f..%2fetc%2fpasswd', '/app/%00', '/app/assets/%2e%2e/%2e%2e/x', '/recipients/%E0', '/recipients/%25', '/%', '/invoices/%ff%fe/pdf']) {
        const res = await send(s.port, { method: 'GET', path, headers: auth });
        expect(res.status, `${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expectErrorBody(res, path);
      }
      expect((await send(s.port, { method: 'GET', path: '/app/%25', headers: auth })).status).toBe(200); // the SPA shell, as for any route
    } finally {
      await s.close();
    }
  });
});

describe('5. no web page can drive the API', () => {
  test.each(keyedWrites.map((op) => [op.name, op] as const))('%s: text/plain, form and multipart bodies are 415, with or without a body', async (_n, op) => {
    // An operation taking a file (a bank file) takes its own types (text/plain among them) and only those: the other kinds
    // stay 415; the key, Origin and Sec-Fetch-Site guards below hold for its types too.
    const own = rawBodyOf(op.body)?.contentTypes ?? [];
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8'].filter((t) => !own.includes(t.split(';')[0]))) {
      await refused(op, { headers: { ...auth, 'content-type': type }, body: '{}' }, 415);
      await refused(op, { headers: { ...auth, 'content-type': type } }, 415);
    }
    await refused(op, { headers: { ...auth }, body: '{}' }, 415); // a body without a type
  });
  test.each(keyedWrites.map((op) => [op.name, op] as const))('%s: a foreign Origin or Sec-Fetch-Site cross-site is 403', async (_n, op) => {
    await refused(op, { headers: { ...jsonHeaders, origin: 'http://evil.example' }, body: '{}' }, 403);
    await refused(op, { headers: { ...jsonHeaders, origin: 'null' }, body: '{}' }, 403);
    await refused(op, { headers: { ...jsonHeaders, origin: `http://localhost:${w.port + 1}` }, body: '{}' }, 403);
    await refused(op, { headers: { ...jsonHeaders, 'sec-fetch-site': 'cross-site' }, body: '{}' }, 403);
    await refused(op, { headers: { ...jsonHeaders, 'sec-fetch-site': 'same-site' }, body: '{}' }, 403);
  });
  test.each(rawBodied.map((op) => [op.name, op] as const))('%s: a file body of its own types is refused without the key or session, from a foreign Origin and cross-site', async (_n, op) => {
    const file = 'NY000010' + '0'.repeat(72);
    for (const type of rawBodyOf(op.body)!.contentTypes) {
      await refused(op, { headers: { 'content-type': type }, body: file }, 401);
      await refused(op, { headers: { 'content-type': type, cookie: 'kvitt_session=abc' }, body: file }, 401); // a session needs X-Kvitt-Client
      await refused(op, { headers: { ...auth, 'content-type': type, origin: 'http://evil.example' }, body: file }, 403);
      await refused(op, { headers: { ...auth, 'content-type': type, origin: 'null' }, body: file }, 403);
      await refused(op, { headers: { ...auth, 'content-type': type, 'sec-fetch-site': 'cross-site' }, body: file }, 403);
      await refused(op, { headers: { ...auth, 'content-type': type, 'sec-fetch-site': 'same-site' }, body: file }, 403);
    }
    // The same types on any other write stay 415 (checked above for every operation): here one, to name it.
    const other = allOps.find((o) => o.name === 'recipients.create')!;
    await refused(other, { headers: { ...auth, 'content-type': 'application/xml' }, body: '<x/>' }, 415);
    await refused(other, { headers: { ...auth, 'content-type': 'application/octet-stream' }, body: file }, 415);
  });
  test('our own origin still works; 401 offers Bearer only; Basic credentials are still accepted', async () => {
    const ok = await send(w.port, { method: 'POST', path: '/labels/', headers: { ...jsonHeaders, origin: `http://127.0.0.1:${w.port}`, 'sec-fetch-site': 'same-origin' }, body: '{"name":"Egen"}' });
    expect(ok.status).toBe(201);
    const noKey = await send(w.port, { method: 'GET', path: '/recipients/' });
    expect(noKey.status).toBe(401);
    expect(String(noKey.headers['www-authenticate'])).toBe('Bearer realm="kvitt"');
    expect(String(noKey.headers['www-authenticate'])).not.toMatch(/basic/i);
    const basic = await send(w.port, { method: 'GET', path: '/recipients/', headers: { authorization: 'Basic ' + Buffer.from(`kari:${auth.authorization.slice(7)}`).toString('base64') } });
    expect(basic.status).toBe(200);
  });
});
