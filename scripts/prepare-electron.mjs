#!/usr/bin/env node
/**
 * better-sqlite3 is compiled for Node on install (tests and `npm run serve` use it). Electron has its own ABI,
 * so the desktop app loads a second build of the same module, made here once per Electron version into
 * out/native/electron-<version>/better_sqlite3.node, without touching the Node build in node_modules.
 * Tries the prebuilt binary first (prebuild-install), then compiles from source with node-gyp.
 * Needs internet (Electron headers or prebuilt binaries); run by `npm start` and `npm run rebuild:electron`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const electronPkg = join(root, 'node_modules/electron/package.json');
if (!existsSync(electronPkg)) {
  console.error('Electron is not installed: run npm install (with internet) first.');
  process.exit(1);
}
const version = JSON.parse(readFileSync(electronPkg, 'utf8')).version;
const target = join(root, 'out/native', `electron-${version}`, 'better_sqlite3.node');
if (existsSync(target) && !force) {
  console.log(`better-sqlite3 for Electron ${version}: ${target}`);
  process.exit(0);
}

const work = join(root, 'out/native/build', 'better-sqlite3');
rmSync(work, { recursive: true, force: true });
mkdirSync(dirname(work), { recursive: true });
cpSync(join(root, 'node_modules/better-sqlite3'), work, {
  recursive: true,
  filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`),
});

const env = { ...process.env };
const run = (cmd, args) => execFileSync(cmd, args, { cwd: work, stdio: 'inherit', env });
let built = false;
try {
  const prebuild = join(root, 'node_modules/prebuild-install/bin.js');
  run(process.execPath, [prebuild, '--runtime', 'electron', '--target', version, '--verbose']);
  built = true;
} catch {
  console.log('No prebuilt binary; compiling better-sqlite3 for Electron from source …');
}
if (!built) {
  const nodeGyp = env.npm_config_node_gyp;
  const args = ['rebuild', '--release', `--target=${version}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'];
  if (nodeGyp) run(process.execPath, [nodeGyp, ...args]);
  else run('npx', ['--yes', 'node-gyp', ...args]);
}
mkdirSync(dirname(target), { recursive: true });
copyFileSync(join(work, 'build/Release/better_sqlite3.node'), target);
rmSync(join(root, 'out/native/build'), { recursive: true, force: true });
console.log(`better-sqlite3 for Electron ${version}: ${target}`);
