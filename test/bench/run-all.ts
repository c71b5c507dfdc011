/** `npm run bench`: runs every test/bench/*.bench.ts in sequence, each in its own process, and prints their figures. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, f)], { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed++;
    console.log(`!!! ${f} exited with ${r.status ?? r.signal}`);
  }
  console.log(`--- ${f}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
