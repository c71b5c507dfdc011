/**
 * Office mode: several Kvitt servers on one PostgreSQL database, as several office machines would run them. On SQLite
 * (one file, one writer, one process holding it) there is one server only, and the same tests check that its single
 * connection serialises everything.
 */
import { openApp } from '../../main/app.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { onPostgres } from '../helpers/database.js';
import { TEST_KEY, type TestServer } from '../helpers/server.js';

export interface Peer {
  base: string;
  json<T = any>(path: string, body?: unknown): Promise<{ status: number; body: T; res: Response }>;
  close(): Promise<void>;
}

const peerOf = (base: string, close: () => Promise<void>): Peer => ({
  base,
  close,
  async json(path, body) {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
  },
});

/**
 * `count` servers on `s`'s database, each with a pool of `poolSize` connections (so count × poolSize connections in all);
 * `s` itself is the first. On SQLite: just `s`.
 */
export async function peersOf(s: TestServer, count: number, poolSize: number): Promise<Peer[]> {
  const peers: Peer[] = [peerOf(s.base, async () => {})];
  if (!onPostgres()) return peers;
  const before = process.env.KVITT_PG_POOL;
  process.env.KVITT_PG_POOL = String(poolSize);
  try {
    for (let i = 1; i < count; i++) {
      const app = await openApp({ dbFile: s.target, clock: s.clock, apiKey: TEST_KEY });
      let port = 0;
      const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => TEST_KEY, port: () => port, rendererDir: null });
      await http.listen({ host: '127.0.0.1', port: 0 });
      port = (http.server.address() as { port: number }).port;
      peers.push(peerOf(`http://127.0.0.1:${port}`, async () => {
        await http.close();
        await app.close();
      }));
    }
  } finally {
    if (before === undefined) delete process.env.KVITT_PG_POOL;
    else process.env.KVITT_PG_POOL = before;
  }
  return peers;
}
