import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { defaultDataDir } from '../data-dir.js';
import { buildHttpServer } from '../http/index.js';
import type { Op } from '../ops/define.js';
import { acceptedHosts, assertTransportAllowed, isLoopback, parseListen } from './listen.js';
import { selfSignedTls, tlsFromFiles, type TlsMaterial } from './tls.js';

export interface ServeOptions {
  ctx: AppContext;
  ops: readonly Op[];
  /** `HOST:PORT` (--listen); default 127.0.0.1 and `port`. */
  listen?: string;
  port?: number;
  tlsCert?: string;
  tlsKey?: string;
  /** Names clients use to reach the server (--public-host, repeatable): accepted in Host and put in a generated certificate. */
  publicHosts?: readonly string[];
  rendererDir?: string | null;
}

export interface Serving {
  http: FastifyInstance;
  url: string;
  loginToken: string;
  tls: TlsMaterial | null;
}

/**
 * Starts the HTTP API + GUI: plain HTTP on loopback exactly as before; beyond loopback only HTTPS, with the given
 * certificate files or a self-signed certificate kept in the data folder (its SHA-256 fingerprint is for users to pin).
 */
export async function startServing(o: ServeOptions): Promise<Serving> {
  const { host, port: listenPort } = o.listen ? parseListen(o.listen) : { host: '127.0.0.1', port: o.port ?? 0 };
  if (!!o.tlsCert !== !!o.tlsKey) throw new Error('Give both --tls-cert FILE and --tls-key FILE');
  const publicHosts = acceptedHosts(host, o.publicHosts ?? []);
  let tls: TlsMaterial | null = null;
  if (o.tlsCert && o.tlsKey) tls = tlsFromFiles(o.tlsCert, o.tlsKey);
  else if (!isLoopback(host)) tls = await selfSignedTls(o.ctx.dataDir ?? defaultDataDir(), publicHosts);
  assertTransportAllowed(host, !!tls);
  let port = listenPort;
  const { app: http, loginToken } = await buildHttpServer({
    ctx: o.ctx,
    ops: o.ops,
    apiKey: () => o.ctx.apiKeys!.get(),
    port: () => port,
    rendererDir: o.rendererDir ?? null,
    tls: tls ? { cert: tls.cert, key: tls.key } : undefined,
    publicHosts,
  });
  await http.listen({ host, port: listenPort });
  const addr = http.server.address();
  if (addr && typeof addr === 'object') port = addr.port;
  const shownHost = isLoopback(host) ? '127.0.0.1' : (o.publicHosts?.[0] ?? publicHosts[0] ?? host);
  return { http, url: `${tls ? 'https' : 'http'}://${shownHost}:${port}`, loginToken, tls };
}
