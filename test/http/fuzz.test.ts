import fc from 'fast-check';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient, startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  expect((await s.json('/recipients/', { body: recipient({ customerNumber: 'FUZZ-1' }) })).status).toBe(201);
  expect((await s.json('/custom-fields/', { body: { name: 'Dato', type: 'DATE' } })).status).toBe(201);
  expect((await s.json('/labels/', { body: { name: 'L' } })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

function send(method: string, path: string, body: string, contentType = 'application/json'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: s.port, path, method, headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': contentType, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Values that tend to break things: wrong types, huge/odd numbers, odd strings.
const nasty = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 0.1 + 0.2, 2 ** 53 + 1, '', ' ', '\u0000', '💥'.repeat(50), 'x'.repeat(200), '2026-02-30', 'NORGE', 'as', '923609016', [], {}, [null], { number: 1 }),
  fc.string({ maxLength: 80 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);
const path = fc.constantFrom(
  ['name'], ['customerNumber'], ['contact'], ['contact', 'address'], ['contact', 'address', 'zip'], ['contact', 'address', 'city'],
  ['contact', 'address', 'country'], ['contact', 'email'], ['contact', 'web'], ['organisation'], ['organisation', 'form'],
  ['organisation', 'icd'], ['organisation', 'number'], ['settings'], ['settings', 'discount'], ['settings', 'creditDays'],
  ['settings', 'currency'], ['settings', 'defaultShipment'], ['customFields'], ['customFields', '0'], ['customFields', '0', 'value'],
  ['customFields', '0', 'number'], ['labels'], ['labels', '0'], ['comment'], ['yourReference'], ['capabilities'],
);

function setPath(obj: any, keys: readonly string[], value: unknown) {
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (o[k] === null || typeof o[k] !== 'object') o[k] = /^\d+$/.test(k) ? [] : {};
    o = o[k];
  }
  o[keys[keys.length - 1]] = value;
  return obj;
}

const mutatedRecipient = fc
  .tuple(fc.array(fc.tuple(path, nasty), { minLength: 1, maxLength: 4 }))
  .map(([edits]) => {
    const r: any = recipient({ customFields: [{ number: 1, value: '2026-01-01' }], labels: [1] });
    for (const [keys, value] of edits) setPath(r, keys, value);
    return JSON.stringify(r);
  });

const body = fc.oneof(
  { weight: 4, arbitrary: mutatedRecipient },
  { weight: 1, arbitrary: mutatedRecipient.map((b) => `[${b},${b}]`) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) }, // mostly malformed JSON
  { weight: 1, arbitrary: mutatedRecipient.map((b) => b.slice(0, Math.floor(b.length / 2))) }, // truncated
);

test('200 random and malformed bodies at POST /recipients/ and PUT /recipients/1: never a 5xx, always the error body', async () => {
  const seen = new Set<number>();
  await fc.assert(
    fc.asyncProperty(body, fc.constantFrom('POST /recipients/', 'PUT /recipients/1'), async (text, target) => {
      const [method, p] = target.split(' ');
      const r = await send(method, p, text);
      seen.add(r.status);
      if (r.status >= 500) throw new Error(`${r.status} for ${method} ${p} ${text.slice(0, 300)}: ${r.body}`);
      if (r.status >= 400) expect(JSON.parse(r.body)).toMatchObject({ error: expect.any(String), message: expect.any(String), fields: expect.any(Array) });
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 200), seed: Number(process.env.FUZZ_SEED ?? 20260315) },
  );
  // the generator really exercises both outcomes
  expect([...seen].some((c) => c >= 400)).toBe(true);
  expect([...seen].some((c) => c < 300)).toBe(true);
  // and the server is still healthy
  const list = await s.json('/recipients/');
  expect(list.status).toBe(200);
  expect((await s.json('/recipients/1')).status).toBe(200);
});
