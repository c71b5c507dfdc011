/**
 * The installer configuration (electron-builder.yml, docs/installer.md), checked with electron-builder's own code where
 * this machine allows: its schema validation, its file matcher (what goes into app.asar and what is unpacked beside
 * it) and its node_modules matcher. Electron's binary cannot be downloaded here, so no installer is built in CI;
 * `npm run dist:check` packs the real tree with a stand-in Electron (about a minute).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error plain ESM script without types
import { electronAbi, nativeAbiOf } from '../../scripts/native-abi.mjs';
import { BACKUP_EXT, BACKUP_NAME } from '../../main/features/backups/backup-files.js';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import * as fileMatcher from 'app-builder-lib/out/fileMatcher.js';
import { DebugLogger } from 'builder-util';

const root = resolve(__dirname, '../..');
// getMainFileMatchers is electron-builder's own (marked internal, so not in its types)
const { getMainFileMatchers, getFileMatchers, getNodeModuleFileMatcher } = fileMatcher as any;

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const electronVersion: string = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
let config: any;

beforeAll(async () => {
  config = await getConfig(root, null, null);
});

describe('electron-builder configuration', () => {
  test('loads from electron-builder.yml and passes electron-builder\'s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.appId).toBe('no.kvitt.app');
    expect(config.productName).toBe('Kvitt');
  });

  test('the schema check bites: a misspelt option is refused, naming where', async () => {
    const bad = { ...config, nsis: { ...config.nsis, oneClik: false } };
    await expect(validateConfiguration(bad, new DebugLogger(false))).rejects.toThrow(/configuration\.nsis/);
  });

  test('targets: Windows NSIS, macOS dmg, Linux AppImage and deb; each with an icon that exists', () => {
    const targets = (t: Array<{ target: string }>) => t.map((x) => x.target);
    expect(targets(config.win.target)).toEqual(['nsis']);
    expect(targets(config.mac.target)).toEqual(['dmg']);
    expect(targets(config.linux.target)).toEqual(['AppImage', 'deb']);
    for (const icon of [config.win.icon, config.mac.icon]) expect(statSync(join(root, icon)).size).toBeGreaterThan(1000);
    expect(readdirSync(join(root, config.linux.icon))).toContain('512x512.png');
  });

  test('npm run dist runs the packaging script for the current platform', () => {
    expect(pkg.scripts.dist).toBe('node scripts/dist.mjs');
    const script = readFileSync(join(root, 'scripts/dist.mjs'), 'utf8');
    expect(script).toContain("'--config', 'electron-builder.yml'");
    // no --win/--mac/--linux: electron-builder builds for the platform it runs on
    expect(script).not.toMatch(/'--(win|mac|linux)'/);
  });

  test('Kvitt backups are associated: the extension is the one backup files carry', () => {
    const [assoc] = config.fileAssociations;
    expect(`.${assoc.ext}`).toBe(BACKUP_EXT); // the extension Kvitt writes its backups with, and only that
    expect(BACKUP_NAME.test(`kvitt-20261127101500.${assoc.ext}`)).toBe(true);
    expect(config.fileAssociations.map((a: { ext: string }) => a.ext)).not.toContain('sqlite'); // no other program's files
  });

  test('updates come from the feed docs/installer.md names', () => {
    const [feed] = config.publish;
    expect(feed.provider).toBe('generic');
    expect(readFileSync(join(root, 'docs/installer.md'), 'utf8')).toContain(feed.url);
  });
});

/** What electron-builder would put into app.asar from a tree laid out like the built app (plus sources beside it). */
describe('the packaged app\'s files, by electron-builder\'s file matcher', () => {
  let tree: string;
  let packed: string[];
  let unpackFilter: (file: string, stat: { isDirectory(): boolean }) => boolean;
  const built = [
    pkg.main, // out/main/index.js
    'out/main/task-worker.js', // electron.vite.config.ts: the worker pool's entry beside index.js
    'out/main/chunks/tasks-abc.js',
    'out/preload/index.cjs', // main/window.ts: preload
    'out/renderer/index.html', // main/window.ts: loadFile
    'out/renderer/assets/index-abc.js',
    'out/ehf-rules/manifest.json',
    'out/fonts/DejaVuSansCondensed.ttf', // scripts/build-fonts.mjs: the PDF font (main/render/pdf/direct/fonts.ts looks beside out/main)
    'out/fonts/LICENSE-DejaVu.txt',
    `out/native/electron-${electronVersion}/better_sqlite3.node`,
  ];
  const notPacked = [
    'main/index.ts',
    'renderer/src/main.tsx',
    'test/installer/installer-package.test.ts',
    'db/schema.ts',
    'scripts/dist.mjs',
    'docs/installer.md',
    'build/icons/icon.png',
    'electron-builder.yml',
    'out/main/index.js.map',
    'out/native/build/better-sqlite3/src/better_sqlite3.cpp',
    'dist/linux-unpacked/kvitt',
    'README.md',
  ];

  beforeAll(() => {
    tree = mkdtempSync(join(tmpdir(), 'kvitt-pack-tree-'));
    for (const f of [...built, ...notPacked, 'package.json']) {
      mkdirSync(dirname(join(tree, f)), { recursive: true });
      writeFileSync(join(tree, f), f === 'package.json' ? JSON.stringify(pkg) : 'x');
    }
    const info = { config, projectDir: tree, buildResourcesDir: 'build', isPrepackedAppAsar: false, debugLogger: new DebugLogger(false) };
    const expand = (s: string) => s;
    const [matcher] = getMainFileMatchers(tree, '/app', expand, {}, { info }, join(tree, 'dist'), false);
    const filter = matcher.createFilter();
    packed = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        const st = statSync(full);
        if (!filter(full, st)) continue;
        if (st.isDirectory()) walk(full);
        else packed.push(relative(tree, full).split('\\').join('/'));
      }
    };
    walk(tree);
    const [unpack] = getFileMatchers(config, 'asarUnpack', '/app', { macroExpander: expand, customBuildOptions: {}, globalOutDir: join(tree, 'dist'), defaultSrc: tree });
    unpackFilter = unpack.createFilter();
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  test('the built main, worker, preload, renderer, EHF rules and the Electron build of better-sqlite3 go in', () => {
    for (const f of built) expect(packed, f).toContain(f);
    expect(packed).toContain('package.json');
  });

  test('no source, source map, build folder, installer output or config goes in', () => {
    for (const f of notPacked) expect(packed, f).not.toContain(f);
  });

  test('the native module is unpacked beside app.asar (a .node file cannot be loaded from inside it); the JavaScript is not', () => {
    const file = { isDirectory: () => false };
    expect(unpackFilter(join(tree, `out/native/electron-${electronVersion}/better_sqlite3.node`), file)).toBe(true);
    expect(unpackFilter(join(tree, 'out/main/index.js'), file)).toBe(false);
  });

  test('from node_modules: better-sqlite3\'s JavaScript goes in, its Node build (the wrong ABI for Electron) does not', () => {
    expect(pkg.dependencies['better-sqlite3']).toBeTruthy(); // a production dependency: electron-builder collects it
    expect(pkg.dependencies['electron-updater']).toBeTruthy();
    const matcher = getNodeModuleFileMatcher(root, '/app', (s: string) => s, {}, { config, debugLogger: new DebugLogger(false) });
    const filter = matcher.createFilter();
    const file = { isDirectory: () => false };
    const bs = join(root, 'node_modules/better-sqlite3');
    expect(filter(join(bs, 'lib/index.js'), file)).toBe(true);
    expect(filter(join(bs, 'build/Release/better_sqlite3.node'), file)).toBe(false);
    expect(filter(join(bs, 'src/better_sqlite3.cpp'), file)).toBe(false);
  });
});

describe('the native module\'s ABI', () => {
  test('read from the binary: the Node build in node_modules is Node\'s ABI, not Electron\'s, so npm run dist would refuse it', () => {
    const nodeBuild = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(nativeAbiOf(nodeBuild)).toBe(Number(process.versions.modules));
    expect(electronAbi(root)).not.toBe(Number(process.versions.modules));
    expect(readFileSync(join(root, 'scripts/dist.mjs'), 'utf8')).toContain('nativeAbiOf(binding)');
  });

  test('a file that is no native module has no ABI', () => {
    expect(nativeAbiOf(join(root, 'package.json'))).toBeNull();
  });
});

describe('the icon set', () => {
  const png = (f: string) => {
    const b = readFileSync(join(root, 'build/icons', f));
    expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
    return [b.readUInt32BE(16), b.readUInt32BE(20)];
  };
  test('PNGs at every size Linux and the installers use, each the size its name says', () => {
    for (const n of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) expect(png(`${n}x${n}.png`)).toEqual([n, n]);
    expect(png('icon.png')).toEqual([1024, 1024]);
  });
  test('icon.ico holds 16 to 256 px and icon.icns 16 to 1024 px', () => {
    const ico = readFileSync(join(root, 'build/icons/icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1); // an icon
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + 16 * i] || 256);
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
    const icns = readFileSync(join(root, 'build/icons/icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.push(icns.subarray(at, at + 4).toString('latin1'));
    expect(types).toEqual(['icp4', 'icp5', 'icp6', 'ic07', 'ic08', 'ic09', 'ic10']);
  });
});

describe('who imports Electron', () => {
  test('electron and electron-updater are imported only by the Electron entry files (everything else runs under plain Node)', () => {
    const entry = ['main/index.ts', 'main/window.ts', 'main/ipc.ts', 'main/menu.ts', 'main/updater.ts'];
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(root, dir))) {
        const rel = `${dir}/${name}`;
        if (statSync(join(root, rel)).isDirectory()) walk(rel);
        else if (/\.tsx?$/.test(name) && /from '(electron|electron-updater)'/.test(readFileSync(join(root, rel), 'utf8'))) found.push(rel);
      }
    };
    for (const dir of ['main', 'db', 'renderer/src']) walk(dir);
    expect(found.filter((f) => !entry.includes(f))).toEqual([]);
    expect(found).toContain('main/updater.ts');
  });
});
