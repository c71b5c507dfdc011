/**
 * What the public operations (no key: `public: true` in the operation table, e.g. the event signup page and
 * POST /events/{id}/signup) need beyond the keyed API:
 * - rate limiting per client address (@fastify/rate-limit, in memory), so a script cannot flood an event: by default
 *   60 requests a minute per address and operation (`KVITT_PUBLIC_RATE_LIMIT=<n per minute>` or the `publicRateLimit`
 *   option change it); over it the answer is 429 with Retry-After;
 * - the signup page's form (application/x-www-form-urlencoded, 64 kB at most), parsed into URLSearchParams for the
 *   public operations only; every other operation still refuses any body but JSON.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { POSTCODE_FILL_SCRIPT_CSP } from '../domain/postcode-fill.js';
import { POW_SCRIPT_CSP } from '../domain/pow-script.js';
import { OpError } from '../ops/errors.js';

export interface PublicRateLimit {
  max: number;
  timeWindowMs: number;
}

/** Route config of a public operation: marks it public and gives it the rate limit. */
export const PUBLIC_ROUTE = { public: true, rateLimit: {} } as const;

/**
 * The public pages' policy: their own inline styles and images only, one script (the signup form's Poststed fill, by its
 * hash) that may ask this server only, forms posted to this server, never framed.
 */
export const PUBLIC_PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src ${POSTCODE_FILL_SCRIPT_CSP} ${POW_SCRIPT_CSP}; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export const isPublicRoute = (req: FastifyRequest) => (req.routeOptions.config as { public?: boolean } | undefined)?.public === true;

/**
 * The public pages (the signup page and its receipt) say in headers what they may load and that no other site may frame
 * them (a clickjacking page around the form). The onSend hook of the public operations' routes only (routes.ts), so no
 * other answer runs it; a callback hook, not an async one (an async hook costs a promise and a microtask trip).
 */
export const publicPageHeaders: onSendHookHandler = (_req, reply, payload, done) => {
  if (/^text\/html/.test(String(reply.getHeader('content-type') ?? ''))) {
    reply.header('Content-Security-Policy', PUBLIC_PAGE_CSP);
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  }
  done(null, payload);
};

export async function registerPublicRoutes(app: FastifyInstance, limit?: PublicRateLimit): Promise<void> {
  const env = Number(process.env.KVITT_PUBLIC_RATE_LIMIT);
  await app.register(rateLimit, {
    global: false,
    max: limit?.max ?? (Number.isInteger(env) && env > 0 ? env : 60),
    timeWindow: limit?.timeWindowMs ?? 60_000,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new OpError('TOO_MANY_REQUESTS', `Too many requests from your address; try again in ${ctx.after}`), { statusCode: 429 }),
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, text, done) => {
    if (!isPublicRoute(req)) return done(new OpError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'), undefined);
    done(null, new URLSearchParams(String(text)));
  });
}
