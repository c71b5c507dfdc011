/**
 * Closing the HTTP server does not wait for kept connections (main/http/close-promptly.ts): `serve` stopped by SIGTERM
 * waited 70 s in `close()` in about one run of three of test/office/exactly-once on PostgreSQL, none in 12 runs with the
 * sweep. That stall is not reproduced here (a request in flight at close or a push stream open end promptly with Node
 * 20 alone: the first three tests hold that behaviour, and would fail if a change made close() wait for them; the
 * keep-alive timeout here is 10 minutes, so a close that waited would run into each test's 30 s bound). The last test,
 * an answer that never ends (as a connection that never becomes idle), fails without the sweep's grace cut.
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/index.js';
import { closeConnectionsPromptly } from '../../main/http/close-promptly.js';
import { allOps } from '../../main/op-table.js';

const KEY = 'close-promptly-key-0123456789abcdef0123';
const agents: Agent[] = [];
let opened: OpenedApp | undefined;
afterEach(async () => {
  for (const a of agents.splice(0)) a.destroy();
  await opened?.close();
  opened = undefined;
});

async function server() {
  opened = await openApp({ dbFile: ':memory:', clock: fixedClock('2026-03-15'), apiKey: KEY });
  let port = 0;
  const { app } = await buildHttpServer({ ctx: opened.ctx, ops: allOps, apiKey: () => KEY, port: () => port });
  return { app, listen: async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    app.server.keepAliveTimeout = 600_000;
    port = (app.server.address() as { port: number }).port;
    return port;
  } };
}

/** A GET on a keep-alive connection; resolves with the response as soon as its head has come. */
function open(port: number, path: string): Promise<IncomingMessage> {
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  return new Promise((resolve, reject) => get({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${KEY}` } }, resolve).on('error', reject));
}

const bodyOf = (res: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (d) => (text += d));
    res.on('end', () => resolve(text));
    res.on('error', reject);
  });

test('an open push stream (/_events) ends and the server closes without waiting for the keep-alive timeout', async () => {
  const s = await server();
  const port = await s.listen();
  const res = await open(port, '/_events');
  expect(res.statusCode).toBe(200);
  const body = bodyOf(res);
  await s.app.close();
  expect(await body).toContain(': connected');
}, 30_000);

test('a request in flight when the server closes is answered whole, then its connection closed', async () => {
  const s = await server();
  let release!: () => void;
  const entered = new Promise<void>((r) => {
    s.app.get('/slow-for-test', async () => {
      r();
      await new Promise<void>((go) => (release = go));
      return { done: true };
    });
  });
  const port = await s.listen();
  const answer = open(port, '/slow-for-test');
  await entered;
  const closed = s.app.close();
  release();
  const res = await answer;
  expect(res.statusCode).toBe(200);
  expect(JSON.parse(await bodyOf(res))).toEqual({ done: true });
  await closed;
}, 30_000);

test('the GUI client (fetch) asking while the server closes: answered, then its connection closed', async () => {
  const s = await server();
  let release!: () => void;
  let count = 0;
  const entered = new Promise<void>((r) => {
    s.app.get('/slow-for-test', async () => {
      count += 1;
      r();
      await new Promise<void>((go) => (release = go));
      return { done: true };
    });
  });
  const port = await s.listen();
  const ask = () => fetch(`http://127.0.0.1:${port}/slow-for-test`, { headers: { authorization: `Bearer ${KEY}` } });
  const first = ask();
  await entered;
  const closed = s.app.close();
  release();
  expect(await (await first).json()).toEqual({ done: true });
  // The next request on the kept connection is refused or finds it closed: never held.
  await ask().then((r) => r.arrayBuffer()).catch(() => undefined);
  await closed;
  expect(count).toBe(1);
}, 30_000);

test('an answer that never ends is cut after the grace time, and close() returns', async () => {
  const app = Fastify();
  closeConnectionsPromptly(app, 300);
  app.get('/endless', (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.write('first part\n');
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.server.keepAliveTimeout = 600_000;
  const res = await open((app.server.address() as { port: number }).port, '/endless');
  const cut = new Promise<string>((resolve) => {
    res.on('aborted', () => resolve('aborted'));
    res.on('error', () => resolve('aborted'));
    res.on('close', () => resolve('closed'));
  });
  res.resume();
  await app.close();
  expect(['aborted', 'closed']).toContain(await cut);
}, 30_000);
