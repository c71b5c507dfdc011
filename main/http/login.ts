import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { OpCode } from '../ops/op-codes.js';
import { LEGACY_OWNER, type Actor, actorForKeyHash, keyHash, endSessionByToken, sessionActor, startSession } from '../features/users/index.js';
import { CLIENT_HEADER, presentedKey, readCookie, sameSecret, SESSION_COOKIE } from './auth.js';

/** How long the start-up login link works, once. */
export const LOGIN_LINK_MINUTES = 10;

/**
 * Office-server users (main/features/users) and browser sessions on the HTTP transport: a user's API key (Bearer/Basic)
 * or a session cookie. Every login is its own session in the database (sessions.service.ts), so it holds in every
 * server process on the database, and ends at logout, on expiry, or when its user's key changes or the user is
 * disabled, demoted or deleted. The owner key and the start-up login link start owner sessions (user null).
 */
export class UserAuth {
  private link: { token: string; until: number } | null;
  constructor(
    private readonly ctx: AppContext,
    loginToken: string,
  ) {
    this.link = { token: loginToken, until: Date.now() + LOGIN_LINK_MINUTES * 60_000 };
  }

  /** The user a request authenticates as with a user key or a session; null when it does not. */
  async actorOf(req: FastifyRequest): Promise<Actor | null> {
    const key = presentedKey(req.headers.authorization);
    if (key) return actorForKeyHash(this.ctx, keyHash(key));
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (!token || token.length > 200 || req.headers[CLIENT_HEADER] !== '1') return null;
    return sessionActor(this.ctx, token);
  }

  /** A new session for the owner key (`owner`) or a user key; null when the key is no active user's. */
  async login(key: string, owner: boolean, client: string | undefined): Promise<{ token: string; actor: Actor } | null> {
    const actor = owner ? LEGACY_OWNER : await actorForKeyHash(this.ctx, keyHash(key));
    if (!actor) return null;
    const { token } = await startSession(this.ctx, actor.id, client);
    return { token, actor };
  }

  /** The start-up login link: works once, for LOGIN_LINK_MINUTES; then the owner logs in with the key. */
  async loginWithLink(token: string, client: string | undefined): Promise<string | null> {
    const link = this.link;
    if (!link || link.until < Date.now() || !sameSecret(token, link.token)) return null;
    this.link = null;
    return (await startSession(this.ctx, null, client)).token;
  }

  logout(token: string): Promise<void> {
    return endSessionByToken(this.ctx, token);
  }
}

const LOGIN_PAGE = `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>Kvitt – logg inn</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f5f6f8;display:flex;justify-content:center;padding-top:12vh;margin:0}
form{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;width:22rem}h1{font-size:1.3rem;margin:0 0 1rem}
label{display:block;font-size:.9rem;margin-bottom:.3rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #ccc;border-radius:4px}
button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem;background:#228be6;color:#fff;border:0;border-radius:4px;cursor:pointer}
#error{color:#c92a2a;font-size:.9rem;margin-top:.5rem;min-height:1.2em}p{color:#555;font-size:.85rem}</style></head>
<body><form id="login"><h1>Kvitt – logg inn</h1>
<label for="key">API-nøkkel / API key</label><input id="key" name="key" type="password" autocomplete="current-password" required autofocus>
<div id="error" role="alert"></div><button type="submit">Logg inn</button>
<p>Nøkkelen får du av eieren av kontorserveren (POST /users/). / The owner of the office server gives you your key.</p>
</form><script src="/app/login.js"></script></body></html>`;

// Posts the key as JSON (the server refuses form posts to keep other sites out); `#key=…` (the desktop app) logs in at once.
const LOGIN_SCRIPT = `(function(){var f=document.getElementById('login'),k=document.getElementById('key'),e=document.getElementById('error');
function go(key){e.textContent='';fetch('/app/login',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json'},body:JSON.stringify({key:key})})
.then(function(r){if(r.ok){location.replace('/app/');return}return r.json().then(function(b){e.textContent=r.status===401?'Feil nøkkel eller deaktivert bruker / Wrong key or disabled user':(b&&b.message)||('HTTP '+r.status)})})
.catch(function(){e.textContent='Serveren svarer ikke / The server does not answer'})}
f.addEventListener('submit',function(ev){ev.preventDefault();go(k.value.trim())});
if(/[?&]expired=1/.test(location.search))e.textContent='Økten er utløpt eller avsluttet – logg inn på nytt / Your session has ended – log in again';
if(/[?&]token=/.test(location.search))e.textContent='Innloggingslenken er brukt eller utløpt (den virker én gang, i 10 minutter) – logg inn med nøkkelen / The login link was used or has expired – log in with the key';
var m=/[#&]key=([^&]+)/.exec(location.hash);if(m){history.replaceState(null,'',location.pathname);go(decodeURIComponent(m[1]))}})();`;

const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'";

/**
 * /app/login: with `?token=` the start-up login link (the owner; once, for a few minutes), without it a page where a
 * person enters their key; POST /app/login {key} (JSON, same origin) starts a session for the owner key or a user's
 * key; POST /app/logout ends the session of the cookie.
 */
export function registerLogin(
  app: FastifyInstance,
  o: { apiKey: () => string; verifyOwnerKey?: (key: string) => Promise<boolean>; users: UserAuth; secure: boolean; errorReply: (reply: FastifyReply, code: OpCode, message: string, fields?: unknown[]) => unknown },
) {
  const flags = `HttpOnly; SameSite=Strict; Path=/${o.secure ? '; Secure' : ''}`;
  const cookie = (value: string) => `${SESSION_COOKIE}=${value}; ${flags}`;
  const client = (req: FastifyRequest) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined);
  app.get('/app/login', async (req, reply) => {
    const token = (req.query as { token?: string }).token;
    if (token === undefined) return reply.type('text/html; charset=utf-8').header('Content-Security-Policy', PAGE_CSP).send(LOGIN_PAGE);
    const session = typeof token === 'string' ? await o.users.loginWithLink(token, client(req)) : null;
    // A used or expired link: the login page (401), which says so, so the person can log in with the key right there.
    if (!session) return reply.code(401).type('text/html; charset=utf-8').header('Content-Security-Policy', PAGE_CSP).send(LOGIN_PAGE);
    reply.header('Set-Cookie', cookie(session));
    return reply.redirect('/app/');
  });
  app.get('/app/login.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(LOGIN_SCRIPT));
  app.post('/app/login', async (req: FastifyRequest, reply) => {
    const body = req.body as { key?: unknown } | undefined;
    const extra = body && typeof body === 'object' ? Object.keys(body).filter((k) => k !== 'key') : [];
    if (!body || typeof body.key !== 'string' || body.key.length === 0 || body.key.length > 200 || extra.length) {
      const fields = [...(typeof body?.key === 'string' && body.key.length > 0 && body.key.length <= 200 ? [] : [{ field: 'key', message: 'must be your API key' }]), ...extra.map((f) => ({ field: f, message: 'is not a known field' }))];
      return o.errorReply(reply, 'VALIDATION_ERROR', 'Send {"key": "<your API key>"}', fields);
    }
    const owner = o.verifyOwnerKey ? await o.verifyOwnerKey(body.key) : sameSecret(body.key, o.apiKey());
    const session = await o.users.login(body.key, owner, client(req));
    if (!session) return o.errorReply(reply, 'UNAUTHORIZED', 'Wrong key or disabled user');
    reply.header('Set-Cookie', cookie(session.token));
    return reply.code(200).send({ name: session.actor.name, role: session.actor.role });
  });
  // Logout: the session ends in the database (in every server process) and the browser forgets the cookie.
  app.post('/app/logout', async (req, reply) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token && token.length <= 200) await o.users.logout(token);
    reply.header('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; ${flags}`);
    return reply.code(204).send();
  });
}
