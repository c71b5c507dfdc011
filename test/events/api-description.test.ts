import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { createEvent, signup, signupBody, startEventServer } from './setup.js';

/** What a client reading /openapi.json learns about the events API, and the read-only fields' types it promises. */
let s: DocServer;
let api: { paths: Record<string, Record<string, any>> };
beforeAll(async () => {
  s = await startEventServer();
  api = (await s.json('/openapi.json')).body;
});
afterAll(() => s.close());

/** Every schema inside `schema` that says nothing (`{}`: Type.Unknown), by its JSON path. */
function saysNothing(schema: unknown, at = '#'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (!Array.isArray(schema) && Object.keys(schema).length === 0) return [at];
  return Object.entries(schema).flatMap(([k, v]) => saysNothing(v, `${at}/${k}`));
}

describe('OpenAPI of the events operations', () => {
  const eventOps = () =>
    Object.entries(api.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
      .filter((o) => o.op.tags?.includes('events'));

  test('all 19 state their answer and no request body or answer says nothing', () => {
    const ops = eventOps();
    expect(ops).toHaveLength(19);
    for (const { path, method, op } of ops) {
      const success = Object.keys(op.responses).filter((code) => code !== 'default');
      expect(success, `${method} ${path}`).toHaveLength(1);
      expect(saysNothing(op.requestBody ?? null), `${method} ${path} request`).toEqual([]);
      expect(saysNothing(op.responses[success[0]].content ?? null), `${method} ${path} answer`).toEqual([]);
    }
    const get = api.paths['/host/events/{number}'].get.responses['200'].content['application/json'].schema;
    expect(get.additionalProperties).toBe(false);
    expect(get.properties.participantLimit.anyOf.map((t: { type: string }) => t.type)).toEqual(['integer', 'null']);
  });

  test('the signup: the 4.7 JSON body or the page form, answered with {participantNumber, status, amount} or the page', () => {
    const op = api.paths['/events/{eventId}/signup'].post;
    expect(op.security).toEqual([]);
    const json = op.requestBody.content['application/json'].schema;
    expect(Object.keys(json.properties)).toEqual(['name', 'email', 'mobile', 'invoice', 'discountCode', 'customFields', 'captcha']);
    expect(json.required).toEqual(['name', 'email']);
    const form = op.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(form.properties).toHaveProperty(['invoice.zip']);
    expect(Object.keys(form.patternProperties)).toEqual(['^cf\\.[0-9]+$']);
    const answer = op.responses['200'].content;
    expect(Object.keys(answer)).toEqual(['application/json', 'text/html']);
    // participantNumber only when the event shows its signup statistics (test/events/signup-abuse.test.ts).
    expect(answer['application/json'].schema.required).toEqual(['status', 'amount']);
    expect(Object.keys(answer['application/json'].schema.properties)).toEqual(['participantNumber', 'status', 'amount']);
    expect(Object.keys(api.paths['/events/{eventId}'].get.responses['200'].content)).toEqual(['text/html']);
  });
});

describe('fields sent back as read are typed', () => {
  test('an event PUT back with its read-only parts passes; the same parts of the wrong type are refused by name', async () => {
    const ev = await createEvent(s);
    const got = (await s.json(`/host/events/${ev.number}`)).body;
    expect((await s.json(`/host/events/${ev.number}`, { method: 'PUT', body: got })).status).toBe(200);
    const bad = await s.json(`/host/events/${ev.number}`, {
      method: 'PUT',
      body: { ...got, id: 'abc', _links: { self: '/host/events/1' }, _stats: { participant: { pending: -1, registered: 0, paid: 0 } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['_links.participants', '_links.self', '_stats.participant.pending', 'id']);
  });

  test("a signup's custom field options are null or a list of texts", async () => {
    const ev = await createEvent(s);
    const fields = [{ number: 2, name: 'Allergier', type: 'TEXT', options: null, value: 'Nøtter' }];
    expect((await signup(s, ev.id, signupBody({ customFields: fields }))).status).toBe(200);
    const wrong = await signup(s, ev.id, signupBody({ email: 'b@example.no', customFields: [{ ...fields[0], options: 5 }] }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.map((f: { field: string }) => f.field)).toEqual(['customFields[0].options']);
  });
});
