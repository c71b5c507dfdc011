/**
 * The public listener: a second HTTPS port of the office server that answers only the public operations (the event
 * signup page, its form and its captcha), so people outside the office can sign up while the API, the GUI, the login
 * and /_ops stay on the office listener. Always TLS: the certificate files the user gives, or the self-signed one in the
 * data folder (main/office-server/tls.ts). docs/public-signup.md walks through opening the port or pointing a tunnel at it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { defaultDataDir } from '../data-dir.js';
import { buildHttpServer } from '../http/index.js';
import type { Op } from '../ops/define.js';
import { acceptedHosts, parseListen } from './listen.js';
import { selfSignedTls, tlsFromFiles, type TlsMaterial } from './tls.js';

export interface PublicListenOptions {
  ctx: AppContext;
  ops: readonly Op[];
  /** `HOST:PORT` or a port (--public-listen), e.g. 0.0.0.0:8443. */
  listen: string;
  tlsCert?: string;
  tlsKey?: string;
  /**
   * The address people outside use (--public-url), e.g. https://pamelding.firma.no or a tunnel's address: its host is
   * accepted in the Host header and put in a generated certificate, and the GUI shows it (with a QR code) on each event.
   */
  publicUrl?: string;
}

export interface PublicServing {
  http: FastifyInstance;
  /** What the event screen shows before `/events/{id}`: the --public-url, else https://HOST:PORT of the listener. */
  url: string;
  tls: TlsMaterial;
}

/** Checks --public-url: an https:// or http:// origin (a tunnel may end TLS itself), nothing after the host. */
export function parsePublicUrl(value: string): URL {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    throw new Error(`--public-url must be an address like https://pamelding.firma.no, got ${value}`);
  }
  if (!/^https?:$/.test(u.protocol) || u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) {
    throw new Error(`--public-url must be an address like https://pamelding.firma.no (no path), got ${value}`);
  }
  return u;
}

export async function startPublicListener(o: PublicListenOptions): Promise<PublicServing> {
  const { host, port: listenPort } = parseListen(o.listen);
  if (!!o.tlsCert !== !!o.tlsKey) throw new Error('Give both --public-tls-cert FILE and --public-tls-key FILE');
  const given = o.publicUrl ? parsePublicUrl(o.publicUrl) : null;
  const names = given ? [given.hostname] : [];
  const hosts = acceptedHosts(host, names);
  const tls = o.tlsCert && o.tlsKey ? tlsFromFiles(o.tlsCert, o.tlsKey) : await selfSignedTls(o.ctx.dataDir ?? defaultDataDir(), hosts);
  let port = listenPort;
  // The Host check accepts the listener's port only; a tunnel or a router forwarding 443 sends another port (or none).
  const { app: http } = await buildHttpServer({
    ctx: o.ctx,
    ops: o.ops.filter((op) => op.public && op.path.startsWith('/events/')),
    apiKey: () => o.ctx.apiKeys!.get(),
    port: () => (given ? 0 : port),
    tls: { cert: tls.cert, key: tls.key },
    publicHosts: hosts,
    publicOnly: true,
  });
  await http.listen({ host, port: listenPort });
  const addr = http.server.address();
  if (addr && typeof addr === 'object') port = addr.port;
  const url = given ? given.origin : `https://${hosts[0] ?? '127.0.0.1'}:${port}`;
  return { http, url, tls };
}
