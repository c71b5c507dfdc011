#!/usr/bin/env node
/**
 * `npm run dist:check`: packs Kvitt as electron-builder would (`--linux dir`, the real electron-builder.yml) without
 * Electron's binary, which needs internet: a stand-in Electron folder (one shell script named `electron`) takes its place.
 * Then reads the app.asar it wrote and says whether the built main, preload, renderer, the worker, the EHF rules and the
 * better-sqlite3 build for Electron's ABI are in it (the native module beside the archive, in app.asar.unpacked), and
 * that no source file is. Takes about a minute (19,000 files of node_modules); test/installer checks the same rules
 * with electron-builder's file matcher in seconds. Writes to a temporary folder; exit 1 if anything is missing.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronAbi, nativeAbiOf } from './native-abi.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const asar = createRequire(import.meta.url)('@electron/asar');
const version = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'kvitt-pack-'));
const fakeElectron = join(work, 'electron-dist');
mkdirSync(join(fakeElectron, 'resources'), { recursive: true });
writeFileSync(join(fakeElectron, 'electron'), '#!/bin/sh\necho "stand-in for Electron (scripts/check-package.mjs)"\n');
chmodSync(join(fakeElectron, 'electron'), 0o755);

execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const binding = join(root, 'out/native', `electron-${version}`, 'better_sqlite3.node');
const haveBinding = existsSync(binding);
try {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/electron-builder/cli.js'), '--linux', 'dir', '--config', 'electron-builder.yml', '--publish', 'never',
      `-c.electronDist=${fakeElectron}`, `-c.directories.output=${join(work, 'dist')}`],
    { cwd: root, stdio: 'inherit' },
  );
  const resources = join(work, 'dist/linux-unpacked/resources');
  const files = asar.listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  const has = (f) => files.includes(f);
  const main = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).main;
  const checks = [
    [`/${main} (package.json main)`, has(`/${main}`)],
    ['/out/main/task-worker.js', has('/out/main/task-worker.js')],
    ['/out/preload/index.cjs', has('/out/preload/index.cjs')],
    ['/out/renderer/index.html', has('/out/renderer/index.html')],
    ['/out/ehf-rules/manifest.json', has('/out/ehf-rules/manifest.json')],
    ['/node_modules/better-sqlite3/lib/index.js', has('/node_modules/better-sqlite3/lib/index.js')],
    ['/node_modules/electron-updater/package.json', has('/node_modules/electron-updater/package.json')],
    ['no Node build of better-sqlite3', !files.some((f) => f.startsWith('/node_modules/better-sqlite3/build/'))],
    ['no sources (main/, renderer/src/, test/, db/)', !files.some((f) => /^\/(main|renderer\/src|test|db|scripts)\//.test(f))],
    ['app-update.yml (the update feed)', existsSync(join(resources, 'app-update.yml'))],
  ];
  const unpacked = join(resources, 'app.asar.unpacked/out/native', `electron-${version}`, 'better_sqlite3.node');
  if (haveBinding) {
    checks.push([`better-sqlite3 for Electron in app.asar.unpacked (ABI ${electronAbi(root)})`, existsSync(unpacked) && nativeAbiOf(unpacked) === electronAbi(root)]);
  } else {
    console.log(`\nMISSING ${binding} (npm run rebuild:electron needs internet): the package has no Electron build of better-sqlite3.`);
    process.exitCode = 1;
  }
  console.log(`\n${files.length} entries in app.asar`);
  for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'MISSING'} ${what}`);
  console.log(readFileSync(join(resources, 'app-update.yml'), 'utf8'));
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
