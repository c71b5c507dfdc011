/**
 * The loopback HTTP API (and the office server's HTTPS): one fastify instance put together from its parts: request
 * checks and auth (guards.ts), the operation table as routes (routes.ts), result and error mapping (results.ts), the
 * GUI's login (login.ts), its files (static.ts), public routes (public-routes.ts) and the push channel (events-route.ts).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Op } from '../ops/define.js';
import { parseBoundedJson } from '../ops/bounds.js';
import { RAW_BODY_TYPES } from '../ops/raw-body.js';
import { randomSecret } from '../features/users/index.js';
import { registerEventsRoute } from './events-route.js';
import { authGuards, requestChecks } from './guards.js';
import { registerLogin, UserAuth } from './login.js';
import { registerPublicRoutes, type PublicRateLimit } from './public-routes.js';
import { errorReply, frameworkErrorReply, sendError } from './results.js';
import { registerOpRoutes } from './routes.js';
import { registerGuiFiles } from './static.js';
import { registerUploadParsers } from './upload.js';
import { closeConnectionsPromptly } from './close-promptly.js';

export interface HttpOptions {
  ctx: AppContext;
  ops: readonly Op[];
  /** Read on every request, so a regenerated key takes effect at once. */
  apiKey: () => string;
  /** The port the server listens on; used to refuse foreign Host headers. 0 = not known yet. */
  port: () => number;
  /** Folder of the built renderer, served at /app/. */
  rendererDir?: string | null;
  /** Token of the GUI login link (works once, for a few minutes: login.ts); generated when not given. */
  loginToken?: string;
  originatorId?: string;
  version?: string;
  /** Rate limit of the public operations (event signup); see public-routes.ts. */
  publicRateLimit?: PublicRateLimit;
  /** Office server: serve HTTPS with this certificate and key (PEM); see main/office-server/serve.ts. */
  tls?: { cert: string; key: string };
  /** Office server: host names (and this machine's addresses) accepted in the Host header besides the loopback names. */
  publicHosts?: readonly string[];
  /**
   * The public listener (main/office-server/public-listener.ts): only the operations marked public (the event signup
   * page and its form), no GUI, no login, no /_ops, no /openapi.json; every other path is 404.
   */
  publicOnly?: boolean;
}

export async function buildHttpServer(opts: HttpOptions): Promise<{ app: FastifyInstance; loginToken: string }> {
  const { ctx } = opts;
  const ops = opts.publicOnly ? opts.ops.filter((op) => op.public) : opts.ops;
  const loginToken = opts.loginToken ?? randomSecret(24);
  const originatorId = opts.originatorId ?? '1';

  // HTTPS for the office server (TLS material from main/office-server/tls.ts); the typed overloads differ only in the server class.
  const app = (Fastify as (o: object) => FastifyInstance)({
    ...(opts.tls ? { https: { cert: opts.tls.cert, key: opts.tls.key } } : {}),
    logger: false,
    bodyLimit: 64 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors fastify meets before any route runs (a path that does not percent-decode, e.g. /app/%E0) get our body too.
    frameworkErrors: (err: Error, _req: FastifyRequest, reply: FastifyReply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      frameworkErrorReply(reply, status >= 400 && status < 500 ? status : 400, 'BAD_REQUEST', err.message);
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
  // A file as the body (a bank file: main/ops/raw-body.ts), for the operations that take one and no other route:
  // streamed to a temporary file, never held in memory (upload.ts).
  registerUploadParsers(app, RAW_BODY_TYPES, ctx.dataDir);
  await registerPublicRoutes(app, opts.publicRateLimit); // rate limit + signup form parser, public ops only

  closeConnectionsPromptly(app);
  app.addHook('onRequest', requestChecks({ port: opts.port, publicHosts: opts.publicHosts }));
  const users = new UserAuth(ctx, loginToken);
  const store = ctx.apiKeys;
  const verifyOwnerKey = store?.verify ? (key: string) => store.verify!(key) : undefined;
  const auth = authGuards({ apiKey: opts.apiKey, verifyOwnerKey, originatorId, users });
  registerOpRoutes(app, ctx, ops, auth, opts.version ?? '1.0', { keyedTransports: !opts.publicOnly });
  if (opts.publicOnly) {
    app.setErrorHandler(sendError);
    return { app, loginToken };
  }

  registerEventsRoute(app, ctx.push, auth.guard(false)); // the push channel for the browser GUI (server-sent events)
  registerLogin(app, { apiKey: opts.apiKey, verifyOwnerKey, users, secure: !!opts.tls, errorReply });

  if (opts.rendererDir) registerGuiFiles(app, opts.rendererDir);
  app.get('/', async (_req, reply) => reply.send({ name: 'Kvitt', api: '/openapi.json', gui: '/app/' }));

  app.setErrorHandler(sendError);

  return { app, loginToken };
}
