#!/usr/bin/env node
/**
 * `npm run dist`: Kvitt's installer for the platform this runs on (docs/installer.md), into dist/.
 * 1. builds the app (npm run build: out/main, out/preload, out/renderer, out/ehf-rules);
 * 2. builds better-sqlite3 for Electron's ABI into out/native/electron-<version>/ (scripts/prepare-electron.mjs; needs
 *    internet once per Electron version, for Electron's headers or a prebuilt binary);
 * 3. refuses to go on unless that binary really is for Electron's ABI (scripts/native-abi.mjs);
 * 4. runs electron-builder with electron-builder.yml (Windows: NSIS .exe, macOS: .dmg, Linux: AppImage and .deb);
 *    it downloads Electron's binary for the target once (internet) unless ELECTRON_BUILDER_ELECTRON_DIST / -c.electronDist
 *    names one. Extra arguments go to electron-builder (`npm run dist -- --dir` packs without an installer).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronAbi, nativeAbiOf } from './native-abi.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });

run('npm', ['run', 'build']);
run(process.execPath, [join(root, 'scripts/prepare-electron.mjs')]);

const version = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const binding = join(root, 'out/native', `electron-${version}`, 'better_sqlite3.node');
const want = electronAbi(root);
const got = existsSync(binding) ? nativeAbiOf(binding) : null;
if (got !== want) {
  console.error(`${binding}: built for ABI ${got ?? 'none'}, Electron ${version} needs ${want}. Run npm run rebuild:electron (with internet).`);
  process.exit(1);
}
console.log(`better-sqlite3 for Electron ${version} (ABI ${want}): ${binding}`);

run(process.execPath, [join(root, 'node_modules/electron-builder/cli.js'), '--config', 'electron-builder.yml', '--publish', 'never', ...process.argv.slice(2)]);
