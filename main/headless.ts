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
import { startPublicListener, startServing } from './office-server/index.js';
import { allOps } from './op-table.js';
import { seedAll } from './seed/index.js';
import { getSettings } from './features/settings/index.js';
import { isPostgresUrl } from '../db/dialect.js';
import { runMigrateData } from './migrate-data/index.js';

/**
 * The database to open: `--database postgres://…` (office mode) or `--database FILE`, else KVITT_DATABASE_URL, else
 * `--db FILE`, else the default file. A PostgreSQL database is migrated on first start like a new file.
 */
function databaseOf(values: { db?: string; database?: string }): string {
  const chosen = values.database ?? process.env.KVITT_DATABASE_URL ?? values.db;
  if (isPostgresUrl(chosen)) return chosen;
  return resolve(values.database ?? values.db ?? defaultDbFile());
}
/** A URL without its password, for messages. */
const shown = (target: string) => (isPostgresUrl(target) ? target.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') : target);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function serve(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      database: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      // Office server (main/office-server): --listen 0.0.0.0:7070 serves HTTPS (own certificate files or a generated one).
      listen: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'public-host': { type: 'string', multiple: true },
      // The public listener (docs/public-signup.md): only the event signup pages, HTTPS, on a port the user opens.
      'public-listen': { type: 'string' },
      'public-url': { type: 'string' },
      'public-tls-cert': { type: 'string' },
      'public-tls-key': { type: 'string' },
    },
  });
  const dbFile = databaseOf(values);
  const app = await openApp({ dbFile, sender: true, dailyBackups: true, dailyDunnings: true, recurringRuns: true });
  const settings = await getSettings(app.ctx);
  const requested = values.port !== undefined ? Number(values.port) : Number(process.env.KVITT_PORT ?? settings.api.port);
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
  const rendererDir = resolve(root, 'out/renderer');
  const { http, url: base, loginToken, tls } = await startServing({
    ctx: app.ctx,
    ops: allOps,
    listen: values.listen,
    port: requested,
    tlsCert: values['tls-cert'],
    tlsKey: values['tls-key'],
    publicHosts: values['public-host'],
    rendererDir: existsSync(rendererDir) ? rendererDir : null,
  });
  const pub = values['public-listen']
    ? await startPublicListener({
        ctx: app.ctx,
        ops: allOps,
        listen: values['public-listen'],
        tlsCert: values['public-tls-cert'],
        tlsKey: values['public-tls-key'],
        publicUrl: values['public-url'],
      })
    : null;
  if (pub) app.ctx.publicSignupUrl = pub.url;
  console.log(`Kvitt is serving ${shown(dbFile)}`);
  if (tls) console.log(`TLS:  ${tls.source}${tls.generated ? ' (self-signed, generated)' : ''}\n      SHA-256 fingerprint ${tls.fingerprint}`);
  const keyAt = process.env.KVITT_API_KEY ? 'KVITT_API_KEY' : (app.ctx.apiKeys?.where?.() ?? (app.ctx.dataDir ? `${app.ctx.dataDir}/api-key` : '(memory: set KVITT_API_KEY)'));
  console.log(`API:  ${base}/  (Authorization: Bearer <key>; the owner key: ${keyAt})`);
  console.log(`GUI:  ${base}/app/login?token=${loginToken}  (works once, for 10 minutes; then log in with the key)`);
  console.log(`      people log in at ${base}/app/login with their own key (the owner makes users: POST /users/)`);
  if (!existsSync(rendererDir)) console.log('      (the GUI is not built: run npm run build:web)');
  if (pub) {
    const at = pub.http.server.address();
    console.log(`Public signup pages: ${pub.url}/events/<id>  (listening on ${typeof at === 'object' && at ? `${at.address}:${at.port}` : values['public-listen']}, HTTPS, signup pages only)`);
    console.log(`      certificate ${pub.tls.source}${pub.tls.generated ? ' (self-signed, generated)' : ''}, SHA-256 ${pub.tls.fingerprint}`);
  }
  const stop = async () => {
    await pub?.http.close();
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
      database: { type: 'string' },
      recipients: { type: 'string' },
      invoices: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const dbFile = databaseOf(values);
  const app = await openApp({ dbFile });
  const started = Date.now();
  const counts = await seedAll(app.ctx, {
    seed: Number(values.seed ?? 1),
    recipients: Number(values.recipients ?? 50),
    invoices: Number(values.invoices ?? 0),
  });
  console.log(`Seeded ${shown(dbFile)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  await app.close();
}

const [command = 'serve', ...rest] = process.argv.slice(2);
async function migrateData(args: string[]) {
  process.exitCode = await runMigrateData(args);
}

const run = command === 'seed' ? seed : command === 'serve' ? serve : command === 'migrate-data' ? migrateData : null;
if (!run) {
  console.error('usage: headless.ts serve [--database FILE|postgres://…] [--port PORT] [--listen HOST:PORT [--tls-cert FILE --tls-key FILE] [--public-host NAME]…] | seed [--database FILE|postgres://…] [--recipients N] [--invoices N] [--seed S] | migrate-data --from sqlite:FILE|postgres://… --to postgres://…|sqlite:FILE  (--db FILE also works; KVITT_DATABASE_URL is the default database)');
  process.exit(2);
}
run(rest).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
