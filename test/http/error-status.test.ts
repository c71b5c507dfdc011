/**
 * An answer's HTTP status is the one the catalogue (main/ops/op-codes.ts) gives its code: OpError and the HTTP
 * adapter's errorReply take only a code and look its status up there, so no call site writes a status beside it. Real
 * HTTP requests that end in errors thrown in different places (a service, the validator, the body parser, the guards,
 * the router) each answer the status of their code in the catalogue.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OP_CODES, type OpCode } from '../../main/ops/op-codes.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
let invoice: number;
beforeAll(async () => {
  s = await startDocServer();
  invoice = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
});
afterAll(async () => {
  await s?.close();
});

const cases: Array<{ what: string; code: OpCode; request: () => Promise<Response> }> = [
  { what: 'an invoice that does not exist (service)', code: 'NOT_FOUND', request: () => s.api('/invoices/999999') },
  { what: 'a recipient without a name (validator)', code: 'VALIDATION_ERROR', request: () => s.api('/recipients/', { body: {} }) },
  { what: 'a body that is not JSON (body parser)', code: 'MALFORMED_JSON', request: () => s.api('/recipients/', { body: '{"name":' }) },
  {
    what: 'a body sent as text (guard)',
    code: 'UNSUPPORTED_MEDIA_TYPE',
    request: () => s.api('/recipients/', { body: 'name=Ola', headers: { 'content-type': 'text/plain' } }),
  },
  {
    what: 'a request without the API key (guard)',
    code: 'UNAUTHORIZED',
    request: () => fetch(`${s.base}/invoices/`),
  },
  { what: 'an API version Kvitt does not speak (guard)', code: 'UNSUPPORTED_API_VERSION', request: () => s.api('/invoices/', { headers: { 'API-Version': '2.0' } }) },
  { what: 'a method the path does not take (router)', code: 'METHOD_NOT_ALLOWED', request: () => s.api('/recipients/', { method: 'PATCH' }) },
  { what: 'undoing a write-off that never was (service, 409)', code: 'NOT_LOST', request: () => s.api(`/invoices/${invoice}/lost/reverse`, { method: 'POST' }) },
  { what: 'a backup of a database that lives in memory (service, 409)', code: 'NO_DATA_FOLDER', request: () => s.api('/originators/current/backups', { body: {} }) },
];

test.each(cases)('$what: $code with its catalogue status', async ({ code, request }) => {
  const res = await request();
  const body = (await res.json()) as { code: string; error: string };
  expect(body.code).toBe(code);
  expect(body.error).toBe(code);
  expect(res.status).toBe(OP_CODES[code]);
});

test('the cases cover every status class the catalogue uses for client errors', () => {
  const statuses = new Set(cases.map((c) => OP_CODES[c.code]));
  expect([...statuses].sort()).toEqual([400, 401, 404, 405, 409, 415]);
});
