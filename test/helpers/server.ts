import type { FastifyInstance } from 'fastify';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { migratedTestDatabase } from './database.js';
import { checkResponse, checkResponsesOn } from './response-check.js';

export const TEST_KEY = 'test-key-0123456789abcdef0123456789abcdef';

export interface TestServer {
  app: OpenedApp;
  http: FastifyInstance;
  base: string;
  port: number;
  loginToken: string;
  clock: ReturnType<typeof fixedClock>;
  /** What the app opened: a file, `:memory:` or a postgres:// URL with its test schema (test/helpers/database.ts). */
  target: string;
  /** fetch with the API key; JSON bodies are serialised. */
  api(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  json<T = any>(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T; res: Response }>;
  close(): Promise<void>;
}

/**
 * A real Kvitt HTTP server on a free loopback port over a fresh database: in memory unless a file is given, or a fresh
 * PostgreSQL schema when KVITT_TEST_DATABASE is a postgres:// URL (test/helpers/database.ts).
 */
export async function startTestServer(
  opts: { today?: string; dbFile?: string; rendererDir?: string; /** Validate JSON answers against the ops' output schemas (default: env KVITT_CHECK_RESPONSES=1). */ checkResponses?: boolean } = {},
): Promise<TestServer> {
  const checking = opts.checkResponses ?? checkResponsesOn();
  const clock = fixedClock(opts.today ?? '2026-03-15');
  const database = await migratedTestDatabase(opts.dbFile);
  let app: OpenedApp;
  try {
    app = await openApp({ dbFile: database.target, sqliteImage: database.sqliteImage, clock, apiKey: TEST_KEY });
  } catch (err) {
    await database.drop();
    throw err;
  }
  let port = 0;
  const { app: http, loginToken } = await buildHttpServer({
    ctx: app.ctx,
    ops: allOps,
    apiKey: () => app.ctx.apiKeys!.get(),
    port: () => port,
    rendererDir: opts.rendererDir ?? null,
  });
  await http.listen({ host: '127.0.0.1', port: 0 });
  port = (http.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const api: TestServer['api'] = (path, init = {}) =>
    fetch(base + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${TEST_KEY}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
  return {
    app,
    http,
    base,
    port,
    loginToken,
    clock,
    target: database.target,
    api,
    async json(path, init) {
      const res = await api(path, init);
      const text = await res.text();
      const isJson = /json/.test(res.headers.get('content-type') ?? '');
      const body = text && (isJson || !checking) ? JSON.parse(text) : text || undefined;
      if (checking) checkResponse(init?.method ?? (init?.body === undefined ? 'GET' : 'POST'), path, res.status, res.headers.get('content-type'), body);
      return { status: res.status, body, res };
    },
    async close() {
      // A test may leave a response unread (a streamed report it only checked the status of): end those connections
      // instead of waiting for them, then close the app.
      const closing = http.close();
      http.server.closeAllConnections();
      await closing;
      await app.close();
      await database.drop();
    },
  };
}

/** A minimal valid recipient (spec 2.1) with overrides. */
export function recipient(over: Record<string, unknown> = {}) {
  return {
    name: 'Fjord Bygg AS',
    contact: { address: { address1: 'Strandveien 1', zip: '0150', city: 'OSLO' }, email: 'post@fjordbygg.no' },
    organisation: { form: 'as', icd: 9908, number: '923609016' },
    ...over,
  };
}
