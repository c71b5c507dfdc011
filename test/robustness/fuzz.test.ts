/**
 * Property-based fuzzing of the whole API over real HTTP: for EVERY operation of the table, generated bodies (valid
 * looking, mutated, junk, deep), query strings, path parameters, headers and cookies. Whatever is sent: never a 5xx, a
 * JSON error body on every 4xx, and an unchanged database (checksum of every table) after every error.
 * Bounded: FUZZ_RUNS per operation (default 8), FUZZ_SEED fixes the seed (printed on failure with the failing input).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Op } from '../../main/ops/define.js';
import { allOps } from '../../main/op-table.js';
import { TEST_KEY } from '../helpers/server.js';
import { bodyFor, fromSchema, nasty } from './arbitraries.js';
import { checksum, expectErrorBody, fillPath, send, startWorld, type World } from './world.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(async () => {
  await w.close();
});

const segment = fc.oneof(
  fc.constantFrom('0', '-1', '1e20', '99999999999999999999', '1.5', 'abc', '%E0', '%25', '%25E0', '%00', '%2e%2e', '..', 'x'.repeat(250), '%F0%9F%92%A5', '%20', 'null', 'NaN', 'Infinity'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

function pathFor(op: Op): fc.Arbitrary<string> {
  const valid = fc.constant(null).map(() => fillPath(op.path, w));
  if (!op.path.includes('{')) return valid;
  const broken = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segs) => {
    let i = 0;
    return fillPath(op.path, w).split('/').map((part, j, all) => (op.path.split('/')[j]?.startsWith('{') ? segs[i++ % segs.length] : all[j])).join('/');
  });
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: broken });
}

const queryValue = fc.oneof(nasty.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), fc.constantFrom('1e20', '-1', '0', '1.5', '', '%', '[]'));
function queryFor(op: Op): fc.Arbitrary<string> {
  const known = op.query ? fromSchema(op.query as never) : fc.constant({});
  const extra = fc.array(fc.tuple(fc.constantFrom('page', 'perPage', 'q', 'from', 'to', 'zz', 'state', 'withState', 'recipientNumber', '__proto__', 'page[]'), queryValue), { maxLength: 3 });
  return fc.tuple(known, extra, fc.boolean()).map(([k, e, dup]) => {
    const q = new URLSearchParams();
    for (const [key, v] of Object.entries((k ?? {}) as Record<string, unknown>)) if (v !== undefined) q.append(key, typeof v === 'string' ? v : JSON.stringify(v));
    for (const [key, v] of e) q.append(key, v);
    if (dup && [...q.keys()].length) q.append([...q.keys()][0], '2'); // a parameter given twice
    const s = q.toString();
    return s ? `?${s}` : '';
  });
}

const ascii = fc.string({ maxLength: 40, unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const headers = fc.record(
  {
    auth: fc.oneof(
      { weight: 8, arbitrary: fc.constant(`Bearer ${TEST_KEY}`) },
      { weight: 1, arbitrary: fc.constant('Basic ' + Buffer.from(`kari:${TEST_KEY}`).toString('base64')) },
      { weight: 1, arbitrary: fc.oneof(ascii, fc.constantFrom('Basic %%%', 'Bearer', 'Basic ' + Buffer.from('x').toString('base64'))) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    type: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-8', 'application/json;x', 'APPLICATION/JSON', '', 'multipart/form-data') },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    cookie: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(ascii, fc.constantFrom('kvitt_session=%', 'kvitt_session=%E0', 'kvitt_session=;kvitt_session=%%')) }),
    origin: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('http://evil.example', 'null', 'http://127.0.0.1') }),
    site: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'x') }),
    version: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('1.0', '2', '%', '') }),
    client: fc.boolean(),
  },
  { requiredKeys: ['client'] },
);

function headersOf(h: { auth?: string; type?: string; cookie?: string; origin?: string; site?: string; version?: string; client: boolean }): Record<string, string> {
  const out: Record<string, string> = {};
  if (h.auth !== undefined) out.authorization = h.auth;
  if (h.type !== undefined) out['content-type'] = h.type;
  if (h.cookie !== undefined) out.cookie = h.cookie;
  if (h.origin !== undefined) out.origin = h.origin;
  if (h.site !== undefined) out['sec-fetch-site'] = h.site;
  if (h.version !== undefined) out['api-version'] = h.version;
  if (h.client) out['x-kvitt-client'] = '1';
  return out;
}

const seen = new Map<string, Set<number>>();

describe('fuzzing every operation of the table', () => {
  test.each(allOps.map((op) => [`${op.method} ${op.path} (${op.name})`, op] as const))('%s', async (_n, op) => {
    const codes = new Set<number>();
    seen.set(op.name, codes);
    await fc.assert(
      fc.asyncProperty(pathFor(op), queryFor(op), op.method === 'GET' ? fc.constant(undefined) : bodyFor(op.body as never), headers, async (path, query, body, h) => {
        const before = await checksum(w.db);
        const res = await send(w.port, { method: op.method, path: path + query, headers: headersOf(h), body });
        codes.add(res.status);
        const what = `${op.method} ${path}${query} ${JSON.stringify(headersOf(h))} body=${(body ?? '').slice(0, 300)}`;
        if (res.status >= 500) throw new Error(`${res.status} for ${what}: ${res.body.slice(0, 300)}`);
        if (res.status >= 400) {
          expectErrorBody(res, what);
          expect(await checksum(w.db), `the database changed after ${res.status} for ${what}`).toBe(before);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  test('the generators reach operations: most operations answered both an error and a success', () => {
    const both = [...seen.values()].filter((c) => [...c].some((x) => x < 300) && [...c].some((x) => x >= 400)).length;
    expect(seen.size).toBe(allOps.length);
    expect(both / allOps.length).toBeGreaterThan(0.4);
  });
});
