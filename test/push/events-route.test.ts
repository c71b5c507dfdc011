import { get } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { TEST_KEY } from '../helpers/server.js';
import { listenEvents } from '../helpers/sse.js';
import { flush, startSmtp, until, useSmtp, type Smtp } from '../sending/helpers.js';

let s: DocServer | undefined;
let smtp: Smtp | undefined;
const readers: Array<{ cancel(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of readers.splice(0)) await r.cancel().catch(() => undefined);
  await s?.close();
  await smtp?.close().catch(() => undefined);
  s = smtp = undefined;
});

async function listen(base: string, headers: Record<string, string>) {
  const l = await listenEvents(base, headers);
  readers.push({ cancel: l.close });
  return l;
}

async function sessionCookie(server: DocServer): Promise<string> {
  const r = await fetch(`${server.base}/app/login?token=${server.loginToken}`, { redirect: 'manual' });
  return r.headers.get('set-cookie')!.split(';')[0];
}

describe('GET /_events: the push channel as server-sent events', () => {
  test('a GUI session receives DELIVERED when POST /outbox/flush delivers a mail to the loopback SMTP server', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    const sent = await s.json(`/invoices/${n}/send`, { body: { email: [{ address: 'kunde@example.no' }] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body[0].id;

    const cookie = await sessionCookie(s);
    const { res, events } = await listen(s.base, { cookie, 'x-kvitt-client': '1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    expect((await flush(s)).map((r) => r.status)).toEqual(['DELIVERED']);
    await until(() => events.length > 0, 5000);
    expect(events).toEqual([{ event: 'shipment', data: { type: 'shipment', id, status: 'DELIVERED' } }]);
    expect(smtp.mails).toHaveLength(1);
  });

  test('a refused mail arrives as NOT_DELIVERED, Mark printed as DELIVERED; an API client with the key may listen too', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    const { events } = await listen(s.base, { authorization: `Bearer ${TEST_KEY}` });
    const mail = (await s.json(`/invoices/${n}/send`, { body: { email: [{ address: 'reject@example.no' }] } })).body[0].id;
    await flush(s);
    const paper = (await s.json(`/invoices/${n}/send`, { body: { paper: { address1: 'Postboks 1', zip: '5804', city: 'BERGEN', country: 'NORGE' } } })).body[0].id;
    expect((await s.json(`/outbox/${paper}/printed`, { method: 'POST' })).status).toBe(200);
    await until(() => events.length >= 2, 5000);
    expect(events.map((e) => e.data)).toEqual([
      { type: 'shipment', id: mail, status: 'NOT_DELIVERED' },
      { type: 'shipment', id: paper, status: 'DELIVERED' },
    ]);
  });

  test('no session, a forged cookie, or a cookie without the client header: 401 and no stream', async () => {
    s = await startDocServer();
    const cookie = await sessionCookie(s);
    expect((await fetch(`${s.base}/_events`)).status).toBe(401);
    expect((await fetch(`${s.base}/_events`, { headers: { cookie: 'kvitt_session=forged', 'x-kvitt-client': '1' } })).status).toBe(401);
    expect((await fetch(`${s.base}/_events`, { headers: { cookie } })).status).toBe(401);
    // DNS rebinding: a page served from another name may not listen either (the same loopback rule as every route)
    const status = await new Promise<number>((resolve, reject) =>
      get({ host: '127.0.0.1', port: s!.port, path: '/_events', headers: { host: `evil.example:${s!.port}`, cookie, 'x-kvitt-client': '1' } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      }).on('error', reject),
    );
    expect(status).toBe(403);
  });

  test('closing the server ends open streams, and a client that leaves is unsubscribed', async () => {
    s = await startDocServer();
    const cookie = await sessionCookie(s);
    const bus = s.app.ctx.push!;
    const before = bus.listeners;
    const first = await fetch(`${s.base}/_events`, { headers: { cookie, 'x-kvitt-client': '1' } });
    const reader = first.body!.getReader();
    await until(() => bus.listeners === before + 1, 5000);
    await reader.cancel();
    await until(() => bus.listeners === before, 5000);
    const second = await fetch(`${s.base}/_events`, { headers: { cookie, 'x-kvitt-client': '1' } });
    const r2 = second.body!.getReader();
    await until(() => bus.listeners === before + 1, 5000);
    const closing = s.close();
    s = undefined;
    await closing; // does not hang on the open stream
    // the stream has ended (cleanly, or cut by the test server's close of unread connections)
    await expect((async () => {
      for (;;) if ((await r2.read()).done) return 'ended';
    })().catch(() => 'ended')).resolves.toBe('ended');
    expect(bus.listeners).toBe(before);
  });
});
