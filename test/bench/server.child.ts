/**
 * A server in its own process for the benchmarks (not a benchmark itself; run-all only runs *.bench.ts).
 *   node --import tsx test/bench/server.child.ts kvitt <db-file>   the Kvitt HTTP server as `npm run serve` builds it
 *   node --import tsx test/bench/server.child.ts bare               a bare node:http server answering one fixed JSON body
 *   node --import tsx test/bench/server.child.ts fastify            fastify (as Kvitt configures it) with one route
 *                                                                   answering the same fixed body: the framework alone
 * Talks to the parent over the IPC channel: sends {port}; answers {mem} to 'mem', {cpu} (process.cpuUsage) to 'cpu',
 * {rss} (without a GC first, for sampling while the server works) to 'rss', {usage} (this thread's process.memoryUsage(),
 * no GC: heap, external and array buffers of the thread that answers HTTP) to 'usage',
 * and takes {body} (bare and fastify modes).
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import Fastify from 'fastify';
import { openApp } from '../../main/app.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';

const send = (msg: unknown) => process.send!(msg);
const memory = () => {
  const before = process.memoryUsage();
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  return { rss: before.rss, heapUsed: before.heapUsed, heapUsedAfterGc: after.heapUsed, rssAfterGc: after.rss };
};

const [mode, dbFile] = process.argv.slice(2);

if (mode === 'bare') {
  let body = Buffer.from('{}');
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => send({ port: (server.address() as { port: number }).port }));
  process.on('message', (m: { body?: string } | string) => {
    if (m === 'mem') send({ mem: memory() });
    else if (m === 'cpu') send({ cpu: process.cpuUsage() });
    else if (typeof m === 'object' && m.body !== undefined) {
      body = Buffer.from(m.body);
      send({ ok: true });
    }
  });
} else if (mode === 'fastify') {
  let body = '{}';
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 } });
  app.get('/recipients/:number', (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.server.keepAliveTimeout = 60_000;
  send({ port: (app.server.address() as { port: number }).port });
  process.on('message', (m: { body?: string } | string) => {
    if (m === 'cpu') send({ cpu: process.cpuUsage() });
    else if (typeof m === 'object' && m.body !== undefined) {
      body = m.body;
      send({ ok: true });
    }
  });
} else {
  const app = await openApp({ dbFile, apiKey: process.env.KVITT_API_KEY });
  let port = 0;
  const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => app.ctx.apiKeys!.get(), port: () => port });
  await http.listen({ host: '127.0.0.1', port: 0 });
  port = (http.server.address() as { port: number }).port;
  http.server.keepAliveTimeout = 60_000;
  send({ port });
  process.on('message', (m) => {
    if (m === 'mem') send({ mem: memory() });
    else if (m === 'cpu') send({ cpu: process.cpuUsage() });
    else if (m === 'rss') send({ rss: process.memoryUsage().rss });
    else if (m === 'usage') send({ usage: process.memoryUsage() });
    else if (m === 'watch') {
      loop.reset();
      pauses.length = 0;
      send({ watching: true });
    } else if (m === 'watched') send({ watched: watched() });
  });
  /** What a request waits on inside the server (between 'watch' and 'watched'): event-loop delay and GC pauses. */
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const pauses: { kind: number; ms: number }[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (pauses.length < 100_000) pauses.push({ kind: ((e as unknown as { detail: { kind: number } }).detail).kind, ms: e.duration });
  }).observe({ entryTypes: ['gc'] });
  const watched = () => {
    const kinds: Record<string, { n: number; totalMs: number; maxMs: number }> = {};
    const name = (k: number) => (k === 1 ? 'minor' : k === 2 ? 'major' : k === 4 ? 'incremental' : k === 8 ? 'weakcb' : `kind${k}`);
    for (const p of pauses) {
      const g = (kinds[name(p.kind)] ??= { n: 0, totalMs: 0, maxMs: 0 });
      g.n++;
      g.totalMs += p.ms;
      g.maxMs = Math.max(g.maxMs, p.ms);
    }
    const slow = pauses.filter((p) => p.ms >= 5).length;
    return { loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, loopMeanMs: loop.mean / 1e6, gc: kinds, gcOver5ms: slow };
  };
}
process.on('disconnect', () => process.exit(0));
