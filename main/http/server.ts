import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { AppContext } from '../context.js';
import { Created, FileResult, NoContent, Paged, Streamed, type Op } from '../ops/define.js';
import { parseBoundedJson } from '../ops/bounds.js';
import { fieldError, OpError } from '../ops/errors.js';
import { callEnvelope, runOp } from '../ops/invoke.js';
import { authenticate, randomSecret } from './auth.js';
import { registerLogin, UserAuth } from './login.js';
import { registerEventsRoute } from './events-route.js';
import { asActor, LEGACY_OWNER, type Actor } from '../features/users/actor.js';
import { forbiddenFor, ownerOnly } from '../features/users/roles.js';
import { hostMatcher } from '../office-server/listen.js';
import { openApiDocument } from './openapi.js';
import { isPublicRoute, PUBLIC_ROUTE, registerPublicRoutes, type PublicRateLimit } from './public-routes.js';
import { readStatic } from './static.js';

export interface HttpOptions {
  ctx: AppContext;
  ops: readonly Op[];
  /** Read on every request, so a regenerated key takes effect at once. */
  apiKey: () => string;
  /** The port the server listens on; used to refuse foreign Host headers. 0 = not known yet. */
  port: () => number;
  /** Folder of the built renderer, served at /app/. */
  rendererDir?: string | null;
  /** Token of the GUI login link; generated when not given. */
  loginToken?: string;
  originatorId?: string;
  version?: string;
  /** Rate limit of the public operations (event signup); see public-routes.ts. */
  publicRateLimit?: PublicRateLimit;
  /** Office server: serve HTTPS with this certificate and key (PEM); see main/office-server/serve.ts. */
  tls?: { cert: string; key: string };
  /** Office server: host names (and this machine's addresses) accepted in the Host header besides the loopback names. */
  publicHosts?: readonly string[];
}

/** Who a request acts as, set by the auth guard (main/features/users/actor.ts). */
const actors = new WeakMap<FastifyRequest, Actor>();
const actorOf = (req: FastifyRequest) => actors.get(req) ?? LEGACY_OWNER;
/** http or https, as the client reached us. */
const schemeOf = (req: FastifyRequest) => (req.protocol === 'https' ? 'https' : 'http');

const toRoutePath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const pathRegex = (p: string) => new RegExp('^' + p.replace(/\/+$/, '').replace(/\{\w+\}/g, '[^/]+') + '/?$');

function errorReply(reply: FastifyReply, status: number, code: string, message: string, fields: unknown[] = [], params?: Record<string, string | number>) {
  // `error` is the code's old name, kept for clients written before `code` (same value).
  return reply.code(status).type('application/json').send({ error: code, code, message, ...(params ? { params } : {}), fields });
}

function linkHeader(req: FastifyRequest, page: Paged): string {
  const url = new URL(req.url, 'http://x');
  const last = Math.max(1, Math.ceil(page.total / page.perPage));
  const at = (n: number) => {
    url.searchParams.set('page', String(n));
    url.searchParams.set('perPage', String(page.perPage));
    return `<${url.pathname}${url.search}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (page.page > 1) links.push(`${at(Math.min(page.page - 1, last))}; rel="prev"`);
  if (page.page < last) links.push(`${at(page.page + 1)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  return links.join(', ');
}

async function* jsonArray(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  let chunk: string[] = [];
  for await (const item of items) {
    chunk.push((first ? '' : ',') + JSON.stringify(item));
    first = false;
    if (chunk.length >= 200) {
      yield chunk.join('');
      chunk = [];
    }
  }
  if (chunk.length) yield chunk.join('');
  yield ']';
}

function safeFilename(name: string): string {
  return name.replace(/[^\w.\-]+/g, '_').slice(0, 120) || 'file';
}

export async function sendResult(req: FastifyRequest, reply: FastifyReply, result: unknown) {
  if (result instanceof Created) {
    const base = `${schemeOf(req)}://${req.headers.host}`;
    if (result.location) reply.header('Location', base + result.location);
    return reply.code(201).send(result.links ? result.links.map((l) => base + l) : (result.body ?? {}));
  }
  if (result instanceof NoContent) return reply.code(204).send();
  if (result instanceof FileResult) {
    return reply
      .code(result.status)
      .type(result.contentType)
      .header('Content-Disposition', `${result.inline ? 'inline' : 'attachment'}; filename="${safeFilename(result.filename)}"`)
      .send(result.stream ? Readable.from(result.stream()) : result.data);
  }
  if (result instanceof Paged) {
    reply.header('Link', linkHeader(req, result));
    reply.header('X-Total-Count', String(result.total));
    return reply.code(200).send(result.items);
  }
  if (result instanceof Streamed) {
    // The first item is read before the status is sent: a list whose query fails (the usual way a stream fails) gets a
    // proper error answer instead of a connection cut after "200".
    const items = result.items()[Symbol.asyncIterator]();
    const first = await items.next();
    const rest: AsyncIterable<unknown> = {
      async *[Symbol.asyncIterator]() {
        if (first.done) return;
        yield first.value;
        for (let n = await items.next(); !n.done; n = await items.next()) yield n.value;
      },
    };
    return reply.code(200).type('application/json; charset=utf-8').send(Readable.from(jsonArray(rest)));
  }
  return reply.code(200).send(result ?? {});
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isJson = (type: string) => /^application\/json\s*(;|$)/i.test(type.trim());

/**
 * No web page may drive the API. A write (any method but GET/HEAD/OPTIONS) must come from our own origin and carry
 * JSON: a foreign Origin or a cross-site/same-site Sec-Fetch-Site is 403; a body of any other type (the only kinds a
 * cross-site form can send without a CORS preflight we never grant) is 415, also on operations that take no body.
 */
export function crossSiteRefusal(req: FastifyRequest): { status: number; code: string; message: string } | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `${schemeOf(req)}://${req.headers.host}`) {
    return { status: 403, code: 'FORBIDDEN_ORIGIN', message: 'Requests from other web sites are refused' };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, code: 'FORBIDDEN_ORIGIN', message: 'Requests from other web sites are refused' };
  }
  const type = req.headers['content-type'];
  const hasBody = (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (type !== undefined ? !isJson(type) : hasBody) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' };
  }
  return null;
}

export async function buildHttpServer(opts: HttpOptions): Promise<{ app: FastifyInstance; loginToken: string; sessionSecret: string }> {
  const { ctx, ops } = opts;
  const loginToken = opts.loginToken ?? randomSecret(24);
  const sessionSecret = randomSecret(32);
  const originatorId = opts.originatorId ?? '1';
  const table = new Map(ops.map((op) => [op.name, op]));
  const patterns = ops.map((op) => ({ re: pathRegex(op.path), method: op.method }));

  // HTTPS for the office server (TLS material from main/office-server/tls.ts); the typed overloads differ only in the server class.
  const app = (Fastify as (o: object) => FastifyInstance)({
    ...(opts.tls ? { https: { cert: opts.tls.cert, key: opts.tls.key } } : {}),
    logger: false,
    bodyLimit: 64 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors fastify meets before any route runs (a path that does not percent-decode, e.g. /app/%E0) get our body too.
    frameworkErrors: (err: Error, _req: FastifyRequest, reply: FastifyReply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      errorReply(reply, status >= 400 && status < 500 ? status : 400, 'BAD_REQUEST', err.message);
    },
  });

  // JSON only (no text/plain parser: a cross-site <form enctype="text/plain"> must not reach an operation); an empty body
  // is "no body" (POST /invoices/{n}/credit-note credits the rest in full). Depth is bounded before the body is built.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const s = String(text);
    if (s.trim() === '') return done(null, undefined);
    try {
      done(null, parseBoundedJson(s));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  await registerPublicRoutes(app, opts.publicRateLimit); // rate limit + signup form parser, public ops only

  // The hooks take fastify's `done` callback instead of being async: they run on every request, and an async hook
  // costs a promise and a trip through the microtask queue each time. Answering early means not calling done().
  const hostPattern = hostMatcher(opts.publicHosts ?? []);
  const hostNames = ['127.0.0.1', 'localhost', ...(opts.publicHosts ?? [])].join(', ');
  let hostSeen = ''; // the last Host accepted for the current port (clients send the same one on every request)
  let hostSeenPort = -1;
  app.addHook('onRequest', (req, reply, done) => {
    // DNS rebinding: only our own loopback names are served.
    const host = String(req.headers.host ?? '');
    const port = opts.port();
    if (host !== hostSeen || port !== hostSeenPort) {
      const m = hostPattern.exec(host);
      if (!m || (port && Number(m[2] ?? 80) !== port)) {
        errorReply(reply, 403, 'FORBIDDEN_HOST', `Kvitt answers only on ${hostNames} (office server: --public-host NAME)`);
        return;
      }
      hostSeen = host;
      hostSeenPort = port;
    }
    const version = req.headers['api-version'];
    if (version !== undefined && version !== '1.0' && version !== '1') {
      errorReply(reply, 400, 'UNSUPPORTED_API_VERSION', 'API-Version must be 1.0', [fieldError('API-Version', 'MUST_EQUAL', { value: '1.0' })]);
      return;
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'no-store');
    const refused = isPublicRoute(req) ? null : crossSiteRefusal(req); // public ops take web forms (public-routes.ts)
    if (refused) {
      errorReply(reply, refused.status, refused.code, refused.message);
      return;
    }
    done();
  });

  const open = (_req: FastifyRequest, _reply: FastifyReply, done: () => void) => done();
  const users = new UserAuth(ctx);
  const guarded = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const auth = authenticate(req, opts.apiKey(), sessionSecret, originatorId);
    if (auth.ok) return done(); // the original key / login link: the owner, answered without a database look-up
    const refuse = () => {
      // Bearer only: a Basic challenge would make a browser remember the key and send it on cross-site requests.
      reply.header('WWW-Authenticate', 'Bearer realm="kvitt"');
      errorReply(reply, 401, 'UNAUTHORIZED', auth.message);
    };
    // Not the owner's key: maybe an office-server user's key or session (main/http/login.ts).
    users.actorOf(req).then(
      (actor) => {
        const oid = req.headers['originator-id'];
        if (!actor || (oid !== undefined && String(oid) !== originatorId)) return refuse();
        actors.set(req, actor);
        done();
      },
      (err) => reply.send(err),
    );
  };
  const guard = (isPublic: boolean) => (isPublic ? open : guarded);

  for (const op of ops) {
    const restricted = ownerOnly(op); // roles: main/features/users/roles.ts
    app.route({
      method: op.method,
      url: toRoutePath(op.path),
      preHandler: guard(!!op.public),
      config: op.public ? PUBLIC_ROUTE : undefined,
      handler: async (req, reply) => {
        const actor = actorOf(req);
        if (restricted && actor.role !== 'owner') throw forbiddenFor(actor.role, op);
        const result = await asActor(ctx, actor, (c) => runOp(op, { params: req.params, query: req.query, body: req.body }, c));
        return sendResult(req, reply, result);
      },
    });
  }

  app.get('/openapi.json', async () => openApiDocument(ops, opts.version ?? '1.0'));

  // The browser GUI's transport: the same envelope as IPC, over same-origin HTTP.
  app.post('/_ops/:name', { preHandler: guard(false) }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const input = req.body as unknown;
    const actor = actorOf(req);
    const op = table.get(name);
    if (op && actor.role !== 'owner' && ownerOnly(op)) {
      const e = forbiddenFor(actor.role, op);
      return reply.code(403).send({ ok: false, error: { status: 403, code: e.code, message: e.message, fields: [] } });
    }
    return asActor(ctx, actor, (c) => callEnvelope(table, name, input, c, (d) => d.toString('base64')));
  });

  registerEventsRoute(app, ctx.push, guard(false)); // the push channel for the browser GUI (server-sent events)
  registerLogin(app, { loginToken, sessionSecret, apiKey: opts.apiKey, users, secure: !!opts.tls, errorReply });

  if (opts.rendererDir) {
    const root = opts.rendererDir;
    const serveApp = async (req: FastifyRequest, reply: FastifyReply) => {
      const rest = (req.params as { '*'?: string })['*'] ?? '';
      // Relative asset URLs need the trailing slash.
      if (req.url.split('?')[0] === '/app') return reply.redirect('/app/');
      const found = (await readStatic(root, rest)) ?? (rest.includes('.') ? null : await readStatic(root, 'index.html'));
      if (!found) return errorReply(reply, 404, 'NOT_FOUND', 'No such file');
      reply.header('Cache-Control', rest.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.type(found.type).send(found.data);
    };
    app.get('/app', serveApp);
    app.get('/app/*', serveApp);
  }
  app.get('/', async (_req, reply) => reply.send({ name: 'Kvitt', api: '/openapi.json', gui: '/app/' }));

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    const allowed = patterns.filter((p) => p.re.test(path)).map((p) => p.method);
    if (allowed.length) {
      reply.header('Allow', [...new Set(allowed)].join(', '));
      return errorReply(reply, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}`);
    }
    return errorReply(reply, 404, 'NOT_FOUND', `No resource at ${path}`);
  });

  app.setErrorHandler(async (err: Error, req, reply) => {
    if (err instanceof OpError) return errorReply(reply, err.status, err.code, err.message, err.fields, err.params);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (err as { code?: string }).code ?? 'BAD_REQUEST';
      const message =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The body is too large'
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the body as application/json'
            : err.message;
      return errorReply(reply, status === 422 ? 400 : status, code.replace(/^FST_ERR_/, ''), message);
    }
    req.log.error(err);
    console.error('unexpected error', req.method, req.url, err);
    return errorReply(reply, 500, 'INTERNAL', 'Internal error; see the log');
  });

  return { app, loginToken, sessionSecret };
}
