/**
 * The public listener (main/office-server/public-listener.ts) over real HTTPS on 127.0.0.1: the event signup page and
 * its form answer; every other operation of the table, the GUI, the login, /_ops and /openapi.json are not there,
 * not even with the owner key.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPublicListener, type PublicServing } from '../../main/office-server/public-listener.js';
import { selfSignedTls } from '../../main/office-server/tls.js';
import { allOps } from '../../main/op-table.js';
import type { DocServer } from '../helpers/documents.js';
import { TEST_KEY } from '../helpers/server.js';
import { createEvent, startEventServer } from '../events/setup.js';

let s: DocServer;
let pub: PublicServing;
let port: number;
let dir: string;
let eventId: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function https(path: string, o: { method?: string; body?: string; headers?: Record<string, string>; ca?: string; port?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: o.port ?? port, path, method: o.method ?? 'GET', headers: o.headers, ca: o.ca ?? pub.tls.cert, servername: 'localhost', timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

beforeAll(async () => {
  process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
  s = await startEventServer();
  delete process.env.KVITT_PUBLIC_RATE_LIMIT;
  eventId = (await createEvent(s, { participantLimit: 10 })).id;
  dir = mkdtempSync(join(tmpdir(), 'kvitt-public-'));
  // A generated self-signed certificate, as the data folder would hold it (the ctx of the test server has none).
  pub = await startPublicListener({ ctx: Object.assign(s.app.ctx, { dataDir: dir }), ops: allOps, listen: '127.0.0.1:0' });
  port = (pub.http.server.address() as { port: number }).port;
});
afterAll(async () => {
  await pub?.http.close();
  Object.assign(s.app.ctx, { dataDir: null });
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the public listener', () => {
  test('serves the signup page over HTTPS with the generated certificate, and takes a signup from its form', async () => {
    expect(pub.url).toBe(`https://127.0.0.1:${port}`);
    expect(pub.tls.generated).toBe(true);
    const page = await https(`/events/${eventId}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Regnskapskurs for småbedrifter');
    expect(page.body).toContain(`action="/events/${eventId}/signup"`);
    const form = new URLSearchParams({ name: 'Per Utenfra', email: 'per@example.no', mobile: '91234567', 'invoice.name': 'Per Utenfra', 'invoice.address': 'Veien 1', 'invoice.zip': '7010', 'invoice.city': 'TRONDHEIM', 'invoice.country': 'NORGE' });
    const done = await https(`/events/${eventId}/signup`, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status, done.body.slice(0, 500)).toBe(200);
    expect(done.body).toMatch(/påmeld/i);
    // The participant is in the office's database.
    const list = await s.json(`/host/events/1/participants`);
    expect(list.body.map((p: { name: string }) => p.name)).toContain('Per Utenfra');
  });

  test('every other operation is absent, even with the owner key; so are the GUI, the login, /_ops and /openapi.json', async () => {
    const auth = { authorization: `Bearer ${TEST_KEY}` };
    const others = allOps.filter((op) => !(op.public && op.path.startsWith('/events/')));
    expect(others.length).toBeGreaterThan(100);
    for (const op of others) {
      const path = op.path.replace(/\{(\w+)\}/g, '1');
      const r = await https(path, { method: op.method, headers: { ...auth, 'content-type': 'application/json' }, body: ['GET', 'DELETE'].includes(op.method) ? undefined : '{}' });
      expect([404, 405], `${op.name} ${op.method} ${path}: ${r.status} ${r.body.slice(0, 200)}`).toContain(r.status);
      expect(r.body).not.toMatch(/"(number|items|name)":/);
    }
    for (const [method, path] of [['GET', '/'], ['GET', '/openapi.json'], ['POST', '/_ops/settings.get'], ['GET', '/app/'], ['GET', '/app/login'], ['POST', '/app/login'], ['GET', '/_events'], ['GET', '/common/countries']]) {
      const r = await https(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    // The same paths answer on the office listener, so the refusals above are the listener's, not missing routes.
    expect((await s.api('/host/events/upcoming')).status).toBe(200);
    expect((await s.api('/openapi.json')).status).toBe(200);
  });

  test('speaks only TLS: plain HTTP to its port gets no page', async () => {
    const plain = await new Promise<string>((resolve) => {
      const req = plainRequest({ host: '127.0.0.1', port, path: `/events/${eventId}`, timeout: 5000 }, (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (e) => resolve(`refused: ${e.message}`));
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.end();
    });
    expect(plain).not.toMatch(/answered 200/);
  });

  test('with the certificate files the user gives and --public-url: answers that host name and reports the address', async () => {
    const own = mkdtempSync(join(tmpdir(), 'kvitt-own-cert-'));
    try {
      const made = await selfSignedTls(own, ['pamelding.example.no']);
      writeFileSync(join(own, 'c.pem'), made.cert);
      writeFileSync(join(own, 'k.pem'), made.key);
      const second = await startPublicListener({ ctx: s.app.ctx, ops: allOps, listen: '127.0.0.1:0', tlsCert: join(own, 'c.pem'), tlsKey: join(own, 'k.pem'), publicUrl: 'https://pamelding.example.no' });
      try {
        expect(second.url).toBe('https://pamelding.example.no');
        expect(second.tls.generated).toBe(false);
        const p2 = (second.http.server.address() as { port: number }).port;
        const r = await https(`/events/${eventId}`, { port: p2, ca: made.cert, headers: { host: 'pamelding.example.no' } });
        expect(r.status).toBe(200);
        const foreign = await https(`/events/${eventId}`, { port: p2, ca: made.cert, headers: { host: 'evil.example.com' } });
        expect(foreign.status).toBe(403);
      } finally {
        await second.http.close();
      }
      await expect(startPublicListener({ ctx: s.app.ctx, ops: allOps, listen: '127.0.0.1:0', publicUrl: 'https://x.no/path' })).rejects.toThrow(/--public-url/);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  test('the event screen learns the public address from GET /host/events/public-address', async () => {
    expect((await s.json('/host/events/public-address')).body).toEqual({ url: null });
    s.app.ctx.publicSignupUrl = 'https://pamelding.example.no';
    try {
      expect((await s.json('/host/events/public-address')).body).toEqual({ url: 'https://pamelding.example.no' });
    } finally {
      delete s.app.ctx.publicSignupUrl;
    }
  });
});
