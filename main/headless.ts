/**
 * The Node entry: `serve` runs the service headless (loopback API + the GUI at /app/), `seed` fills a database
 * with deterministic demo data through the services. No Electron here.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openApp } from './app.js';
import { defaultDbFile } from './data-dir.js';
import { buildHttpServer } from './http/server.js';
import { allOps } from './ops/index.js';
import { seedAll } from './seed/seed.js';
import { getSettings } from './features/settings/settings.service.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function serve(args: string[]) {
  const { values } = parseArgs({ args, options: { db: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } } });
  const dbFile = resolve(values.db ?? defaultDbFile());
  const app = await openApp({ dbFile, sender: true, dailyBackups: true, dailyDunnings: true });
  const settings = await getSettings(app.ctx);
  const requested = values.port !== undefined ? Number(values.port) : Number(process.env.KVITT_PORT ?? settings.api.port);
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
  let port = requested;
  const rendererDir = resolve(root, 'out/renderer');
  const { app: http, loginToken } = await buildHttpServer({
    ctx: app.ctx,
    ops: allOps,
    apiKey: () => app.ctx.apiKeys!.get(),
    port: () => port,
    rendererDir: existsSync(rendererDir) ? rendererDir : null,
  });
  await http.listen({ host: '127.0.0.1', port: requested });
  const addr = http.server.address();
  if (addr && typeof addr === 'object') port = addr.port;
  const base = `http://127.0.0.1:${port}`;
  console.log(`Kvitt is serving ${dbFile}`);
  console.log(`API:  ${base}/  (Authorization: Bearer <key>; the key is in ${app.ctx.dataDir ?? '(memory)'}/api-key or KVITT_API_KEY)`);
  console.log(`GUI:  ${base}/app/login?token=${loginToken}`);
  if (!existsSync(rendererDir)) console.log('      (the GUI is not built: run npm run build:web)');
  const stop = async () => {
    await http.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function seed(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      recipients: { type: 'string' },
      invoices: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const dbFile = resolve(values.db ?? defaultDbFile());
  const app = await openApp({ dbFile });
  const started = Date.now();
  const counts = await seedAll(app.ctx, {
    seed: Number(values.seed ?? 1),
    recipients: Number(values.recipients ?? 50),
    invoices: Number(values.invoices ?? 0),
  });
  console.log(`Seeded ${dbFile} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  await app.close();
}

const [command = 'serve', ...rest] = process.argv.slice(2);
const run = command === 'seed' ? seed : command === 'serve' ? serve : null;
if (!run) {
  console.error('usage: headless.ts serve [--db FILE] [--port PORT] | seed [--db FILE] [--recipients N] [--invoices N] [--seed S]');
  process.exit(2);
}
run(rest).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
