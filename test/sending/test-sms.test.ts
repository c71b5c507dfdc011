/**
 * POST /originators/current/settings/test-sms (issue 28: Kom i gang → SMS, Innstillinger → E-post): one SMS straight
 * to the configured gateway, received by a real loopback HTTP server, answered with the gateway's reply; a wrong
 * number or no gateway is a 400 naming the field; a gateway that refuses or does not answer is said with its code.
 * A test SMS is no shipment: the outbox stays empty.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startSmsGateway } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const testSms = (to: string) => s.json('/originators/current/settings/test-sms', { body: { to } });
const setGateway = async (url: string) => expect((await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: url } } })).status).toBe(200);
const fieldsOf = (body: { fields: Array<{ field: string; code: string }> }) => body.fields.map((f) => [f.field, f.code]);

test('no gateway set up: 400 naming the setting; nothing is sent', async () => {
  const r = await testSms('91234567');
  expect(r.status).toBe(400);
  expect(fieldsOf(r.body)).toEqual([['sending.smsGatewayUrl', 'NO_SMS_GATEWAY']]);
});

test('a real SMS reaches the loopback gateway: the number without spaces and the text, the gateway\'s answer shown', async () => {
  const gateway = await startSmsGateway();
  try {
    await setGateway(gateway.url);
    const bad = await testSms('12 34');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual([['to', 'INVALID_MOBILE_NUMBER']]);
    expect(gateway.received).toEqual([]);

    const r = await testSms('912 34 567');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ delivered: true, to: '91234567', code: null });
    expect(r.body.response).toBe('200 {"ok":true}');
    expect(gateway.received).toEqual([{ contentType: 'application/json', body: { to: '91234567', message: 'Test-SMS fra Kvitt: SMS-oppsettet virker.' } }]);
    expect((await s.json('/outbox/?perPage=10')).body).toEqual([]);
  } finally {
    await gateway.close();
  }
});

test('a gateway that refuses, or nothing listening: not delivered, with the code the screens put in words', async () => {
  const refusing = await startSmsGateway(401);
  try {
    await setGateway(refusing.url);
    const r = await testSms('91234567');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ delivered: false, code: 'SMS_GATEWAY_ANSWERED', params: { status: 401, body: '{"ok":false}' } });
    expect(refusing.received).toHaveLength(1);
  } finally {
    await refusing.close();
  }
  // A port that was free a moment ago: nothing answers there.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  await setGateway(`http://127.0.0.1:${port}/sms`);
  const r = await testSms('91234567');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ delivered: false, code: 'SMS_GATEWAY_UNREACHABLE' });
});
