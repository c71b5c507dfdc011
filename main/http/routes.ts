/**
 * The operation table as HTTP: one fastify route per operation (its method and spec path), the browser GUI's
 * envelope transport (/_ops/:name, the same answers as IPC), /openapi.json, and 405/404 for paths the table does not
 * answer. The permission table (main/op-permissions.ts) is checked before an operation runs, as its actor.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { asActor } from '../features/users/index.js';
import { forbiddenFor, mayRun } from '../op-permissions.js';
import type { Op } from '../ops/define.js';
import { callEnvelope, runOp } from '../ops/invoke.js';
import { rawBodyOf } from '../ops/raw-body.js';
import type { Auth } from './guards.js';
import { openApiDocument } from './openapi.js';
import { PUBLIC_ROUTE, publicPageHeaders } from './public-routes.js';
import { errorReply, sendResult } from './results.js';

/**
 * Route config: public operations' rate limit and their pages' headers (public-routes.ts); a raw file body's types and
 * size (main/ops/raw-body.ts).
 */
function routeOptionsOf(op: Op): { config?: object; bodyLimit?: number; onSend?: typeof publicPageHeaders } {
  if (op.public) return { config: PUBLIC_ROUTE, onSend: publicPageHeaders };
  const raw = rawBodyOf(op.body);
  return raw ? { config: { rawBody: raw.contentTypes, rawBodyMax: raw.maxBytes } } : {};
}

const toRoutePath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const pathRegex = (p: string) => new RegExp('^' + p.replace(/\/+$/, '').replace(/\{\w+\}/g, '[^/]+') + '/?$');

export function registerOpRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ops: readonly Op[],
  auth: Auth,
  version: string,
  /** false on the public listener: no /openapi.json and no /_ops (only the public operations' own paths). */
  o: { keyedTransports: boolean } = { keyedTransports: true },
): void {
  for (const op of ops) {
    app.route({
      method: op.method,
      url: toRoutePath(op.path),
      // The key or session is checked as the request arrives, before its body is read: a large upload without one is
      // refused at once, not after the whole file came in.
      onRequest: auth.guard(!!op.public),
      ...routeOptionsOf(op),
      handler: async (req, reply) => {
        const actor = auth.actorOf(req);
        if (!mayRun(actor.role, op)) throw forbiddenFor(actor.role, op);
        const result = await asActor(ctx, actor, (c) => runOp(op, { params: req.params, query: req.query, body: req.body }, c));
        return sendResult(req, reply, result);
      },
    });
  }

  if (o.keyedTransports) registerKeyedTransports(app, ctx, ops, auth, version);

  // A path the table knows with another method is 405 with Allow; anything else 404.
  const patterns = ops.map((op) => ({ re: pathRegex(op.path), method: op.method }));
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    const allowed = patterns.filter((p) => p.re.test(path)).map((p) => p.method);
    if (allowed.length) {
      reply.header('Allow', [...new Set(allowed)].join(', '));
      return errorReply(reply, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}`);
    }
    return errorReply(reply, 'NOT_FOUND', `No resource at ${path}`);
  });
}

/** /openapi.json and the browser GUI's transport (/_ops/:name). */
function registerKeyedTransports(app: FastifyInstance, ctx: AppContext, ops: readonly Op[], auth: Auth, version: string): void {
  const table = new Map(ops.map((op) => [op.name, op]));
  app.get('/openapi.json', async () => openApiDocument(ops, version));

  // The browser GUI's transport: the same envelope as IPC, over same-origin HTTP.
  app.post('/_ops/:name', { onRequest: auth.guard(false) }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const input = req.body as unknown;
    const actor = auth.actorOf(req);
    const op = table.get(name);
    if (op && !mayRun(actor.role, op)) {
      const e = forbiddenFor(actor.role, op);
      return reply.code(e.status).send({ ok: false, error: { status: e.status, code: e.code, message: e.message, fields: [] } });
    }
    return asActor(ctx, actor, (c) => callEnvelope(table, name, input, c, (d) => d.toString('base64')));
  });
}
