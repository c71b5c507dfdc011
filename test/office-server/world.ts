import { request } from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { startServing, type Serving } from '../../main/office-server/serve.js';
import { selfSignedTls, type TlsMaterial } from '../../main/office-server/tls.js';
import { allOps } from '../../main/op-table.js';
import { isPostgresUrl } from '../../db/dialect.js';
import { testDatabase } from '../helpers/database.js';
import { TEST_KEY } from '../helpers/server.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** SHA-256 fingerprint of the certificate the server presented. */
  fingerprint: string;
}

/** An office server over HTTPS on 127.0.0.1 with a self-signed certificate made for the test, and a client that pins it. */
/** `postgres`: on the PostgreSQL of KVITT_TEST_PG_URL when there is one (the office browser tests), else as the pass runs. */
export async function startOffice(opts: { rendererDir?: string; publicHosts?: string[]; postgres?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-office-srv-'));
  const cert: TlsMaterial = await selfSignedTls(dir, ['127.0.0.1']);
  const pgUrl = opts.postgres && isPostgresUrl(process.env.KVITT_TEST_PG_URL) ? process.env.KVITT_TEST_PG_URL! : undefined;
  const database = testDatabase(undefined, pgUrl);
  const app: OpenedApp = await openApp({ dbFile: database.target, clock: fixedClock('2026-03-15'), apiKey: TEST_KEY });
  const serving: Serving = await startServing({
    ctx: app.ctx,
    ops: allOps,
    listen: '127.0.0.1:0',
    tlsCert: join(dir, 'office-tls', 'cert.pem'),
    tlsKey: join(dir, 'office-tls', 'key.pem'),
    publicHosts: opts.publicHosts,
    rendererDir: opts.rendererDir ?? null,
  });
  const port = (serving.http.server.address() as { port: number }).port;

  /** One HTTPS request; the self-signed certificate is the only CA trusted (pinned). */
  const call = (method: string, path: string, o: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          ca: cert.cert,
          servername: 'localhost',
          headers: {
            ...(o.key ? { authorization: `Bearer ${o.key}` } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
            ...o.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          const fingerprint = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              /* html, js */
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, fingerprint });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  return {
    app,
    serving,
    cert,
    port,
    base: `https://127.0.0.1:${port}`,
    call,
    async close() {
      await serving.http.close();
      await app.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
