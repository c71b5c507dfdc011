/**
 * What every request passes before an operation runs: our own Host names only (DNS rebinding), API-Version, no
 * cross-site writes (crossSiteRefusal), and for guarded routes the key, login-link session or office user
 * (main/http/auth.ts, login.ts). The actor a request runs as is kept per request (actorOf).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LEGACY_OWNER, type Actor } from '../features/users/index.js';
import { hostMatcher } from './host-match.js';
import { fieldError } from '../ops/errors.js';
import type { OpCode } from '../ops/op-codes.js';
import { ownerKeyOf, presentedKey } from './auth.js';
import type { UserAuth } from './login.js';
import { isPublicRoute } from './public-routes.js';
import { errorReply, schemeOf } from './results.js';

type Done = () => void;
export type PreHandler = (req: FastifyRequest, reply: FastifyReply, done: Done) => void;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isJson = (type: string) => /^application\/json\s*(;|$)/i.test(type.trim());
/**
 * A file body (RawFileBody: a bank file) of a type the route's operation takes, and only there. Such a type is one a
 * cross-site form can send, so it passes only with the other guards intact: Origin and Sec-Fetch-Site above, and the
 * route's key or session (a session needs the X-Kvitt-Client header, which no form can add).
 */
const isRawBodyOf = (req: FastifyRequest, type: string) => {
  const types = (req.routeOptions.config as { rawBody?: readonly string[] } | undefined)?.rawBody;
  const base = type.split(';')[0].trim().toLowerCase();
  return !!types && types.includes(base);
};

/**
 * No web page may drive the API. A write (any method but GET/HEAD/OPTIONS) must come from our own origin and carry
 * JSON: a foreign Origin or a cross-site/same-site Sec-Fetch-Site is 403; a body of any other type (the only kinds a
 * cross-site form can send without a CORS preflight we never grant) is 415, also on operations that take no body.
 */
export function crossSiteRefusal(req: FastifyRequest): { code: OpCode; message: string } | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `${schemeOf(req)}://${req.headers.host}`) {
    return { code: 'FORBIDDEN_ORIGIN', message: 'Requests from other web sites are refused' };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { code: 'FORBIDDEN_ORIGIN', message: 'Requests from other web sites are refused' };
  }
  const type = req.headers['content-type'];
  const hasBody = (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (type !== undefined ? !isJson(type) && !isRawBodyOf(req, type) : hasBody) {
    return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' };
  }
  return null;
}

/**
 * The onRequest hook: Host, API-Version, security headers, cross-site refusal. It takes fastify's `done` callback
 * instead of being async: it runs on every request, and an async hook costs a promise and a trip through the
 * microtask queue each time. Answering early means not calling done().
 */
export function requestChecks(o: { port: () => number; publicHosts?: readonly string[] }): PreHandler {
  const hostPattern = hostMatcher(o.publicHosts ?? []);
  const hostNames = ['127.0.0.1', 'localhost', ...(o.publicHosts ?? [])].join(', ');
  let hostSeen = ''; // the last Host accepted for the current port (clients send the same one on every request)
  let hostSeenPort = -1;
  return (req, reply, done) => {
    // DNS rebinding: only our own loopback names are served.
    const host = String(req.headers.host ?? '');
    const port = o.port();
    if (host !== hostSeen || port !== hostSeenPort) {
      const m = hostPattern.exec(host);
      if (!m || (port && Number(m[2] ?? 80) !== port)) {
        errorReply(reply, 'FORBIDDEN_HOST', `Kvitt answers only on ${hostNames} (office server: --public-host NAME)`);
        return;
      }
      hostSeen = host;
      hostSeenPort = port;
    }
    const version = req.headers['api-version'];
    if (version !== undefined && version !== '1.0' && version !== '1') {
      errorReply(reply, 'UNSUPPORTED_API_VERSION', 'API-Version must be 1.0', [fieldError('API-Version', 'MUST_EQUAL', { value: '1.0' })]);
      return;
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'no-store');
    // Public ops take web forms (public-routes.ts); a read needs no check (and fastify builds routeOptions on each access).
    const refused = SAFE_METHODS.has(req.method) || isPublicRoute(req) ? null : crossSiteRefusal(req);
    if (refused) {
      errorReply(reply, refused.code, refused.message);
      return;
    }
    done();
  };
}

export interface Auth {
  /** The preHandler of a route: public routes are open, the rest need the key, a session or an office user. */
  guard(isPublic: boolean): PreHandler;
  /** Who the request acts as (set by the guard; the owner for the original key and the login link). */
  actorOf(req: FastifyRequest): Actor;
}

export function authGuards(o: { apiKey: () => string; verifyOwnerKey?: (key: string) => Promise<boolean>; originatorId: string; users: UserAuth }): Auth {
  const actors = new WeakMap<FastifyRequest, Actor>();
  const open: PreHandler = (_req, _reply, done) => done();
  const guarded: PreHandler = (req, reply, done) => {
    // Office mode: the owner key is whatever the database holds now (main/owner-key.ts), asked on every request.
    const presented = o.verifyOwnerKey ? presentedKey(req.headers.authorization) : undefined;
    if (presented && o.verifyOwnerKey) {
      o.verifyOwnerKey(presented).then(
        (isOwner) => (isOwner ? asOwner(req, reply, done) : byUser(req, reply, done, 'other')),
        (err) => reply.send(err),
      );
      return;
    }
    const key = ownerKeyOf(req, o.apiKey(), o.originatorId);
    if (key === 'owner') return done(); // the owner key: answered without a database look-up
    if (typeof key === 'object') return refuse(reply, key.refused);
    byUser(req, reply, done, key);
  };
  const asOwner = (req: FastifyRequest, reply: FastifyReply, done: Done) => {
    const oid = req.headers['originator-id'];
    if (oid !== undefined && String(oid) !== o.originatorId) return refuse(reply, `Originator-Id must be ${o.originatorId}`);
    done();
  };
  const refuse = (reply: FastifyReply, message: string) => {
    // Bearer only: a Basic challenge would make a browser remember the key and send it on cross-site requests.
    reply.header('WWW-Authenticate', 'Bearer realm="kvitt"');
    errorReply(reply, 'UNAUTHORIZED', message);
  };
  const byUser = (req: FastifyRequest, reply: FastifyReply, done: Done, key: 'other' | 'none') => {
    const message = key === 'other' ? 'Wrong API key' : 'Send the API key (Authorization: Bearer <key>) or log in at /app/login';
    // An office user's key, or a browser session (main/http/login.ts, sessions table).
    o.users.actorOf(req).then(
      (actor) => {
        const oid = req.headers['originator-id'];
        if (!actor) return refuse(reply, message);
        if (oid !== undefined && String(oid) !== o.originatorId) return refuse(reply, `Originator-Id must be ${o.originatorId}`);
        actors.set(req, actor);
        done();
      },
      (err) => reply.send(err),
    );
  };
  return { guard: (isPublic) => (isPublic ? open : guarded), actorOf: (req) => actors.get(req) ?? LEGACY_OWNER };
}
