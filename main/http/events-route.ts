import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PushBus } from '../push/bus.js';

type PreHandler = (req: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/** A comment line every so often keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /_events: the push channel for the browser GUI as server-sent events (`event: <type>`, `data: <json>`), behind the
 * same guard as /_ops (session cookie + client header, or the API key). Open streams end when the server closes.
 */
export function registerEventsRoute(app: FastifyInstance, bus: PushBus | undefined, guard: PreHandler, heartbeatMs = HEARTBEAT_MS): void {
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });
  app.get('/_events', { onRequest: guard }, (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
    });
    res.write('retry: 2000\n: connected\n\n');
    const unsubscribe = bus?.subscribe((e) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)) ?? (() => {});
    const beat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    beat.unref();
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(beat);
      unsubscribe();
      res.end();
    };
    open.add(end);
    req.raw.on('close', end);
    res.on('error', end);
  });
}
