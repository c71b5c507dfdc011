import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

// Runs after `npm run build` (electron-vite): the bundles Electron would load must at least parse.
test('the Electron main and preload bundles parse', () => {
  for (const file of ['out/main/index.js', 'out/preload/index.cjs']) {
    expect(() => execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' })).not.toThrow();
  }
});

/**
 * Runs the built preload against a stand-in `electron` module and records what it hands to the page: the world keys
 * it exposes, each holding functions only, none of which is ipcRenderer itself. A regex over the
 * source would pass a preload that also exposes `ipcRenderer` under another name.
 */
function exposedByPreload() {
  const exposed: Record<string, unknown> = {};
  const invoked: unknown[][] = [];
  const listening = new Map<string, Set<(...a: unknown[]) => void>>();
  const ipcRenderer = {
    invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve('answer')),
    on: (channel: string, fn: (...a: unknown[]) => void) => (listening.set(channel, (listening.get(channel) ?? new Set()).add(fn)), ipcRenderer),
    removeListener: (channel: string, fn: (...a: unknown[]) => void) => (listening.get(channel)?.delete(fn), ipcRenderer),
    send: () => undefined,
  };
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void (exposed[key] = value) },
    ipcRenderer,
  };
  const code = readFileSync('out/preload/index.cjs', 'utf8');
  const module = { exports: {} };
  new Function('require', 'module', 'exports', code)(
    (name: string) => {
      if (name === 'electron') return electron;
      throw new Error(`the preload requires ${name}`);
    },
    module,
    module.exports,
  );
  return { exposed, invoked, ipcRenderer, listening };
}

/** Calls every exposed function and records which IPC channels it reaches. */
async function channelsOf(api: Record<string, unknown>, invoked: unknown[][]) {
  const channels = new Set<unknown>();
  for (const fn of Object.values(api)) {
    invoked.length = 0;
    await (fn as (...a: unknown[]) => Promise<unknown>)('x', {});
    for (const call of invoked) channels.add(call[0]);
  }
  return [...channels].sort();
}

test('the preload exposes only functions that reach their own IPC channels, and nothing of ipcRenderer', async () => {
  const { exposed, invoked, ipcRenderer, listening } = exposedByPreload();
  // `api.call` for the operation table; `desktop` for Settings → Data (local file or office server) only.
  expect(Object.keys(exposed).sort()).toEqual(['api', 'desktop']);
  for (const [world, value] of Object.entries(exposed)) {
    expect(value, world).not.toBe(ipcRenderer);
    for (const [key, fn] of Object.entries(value as Record<string, unknown>)) {
      expect(typeof fn, `${world}.${key}`).toBe('function');
      expect(fn, `${world}.${key}`).not.toBe(ipcRenderer.invoke);
    }
  }
  // `api.call` runs an operation, `api.save` saves an operation's file to disk, `api.onEvent` listens to the push channel,
  // `api.openEhfFolder` asks the main process to open the EHF folder (the main process decides which folder: no argument).
  const api = exposed.api as Record<string, unknown>;
  expect(Object.keys(api).sort()).toEqual(['call', 'onEvent', 'openEhfFolder', 'save']);
  await expect((api.call as (n: string, i: unknown) => Promise<unknown>)('common.info', { a: 1 })).resolves.toBe('answer');
  await expect((api.save as (n: string, i: unknown) => Promise<unknown>)('reports.download', { b: 2 })).resolves.toBe('answer');
  await expect((api.openEhfFolder as (...a: unknown[]) => Promise<unknown>)('/etc', { path: '/' })).resolves.toBe('answer');
  expect(invoked).toEqual([
    ['ops:call', 'common.info', { a: 1 }],
    ['ops:save', 'reports.download', { b: 2 }],
    ['folders:openEhf'],
  ]);
  // onEvent listens on the push channel only, hands the page the event alone (never the IPC event and its sender),
  // and its return value stops listening.
  const got: unknown[] = [];
  const off = (api.onEvent as (cb: (e: unknown) => void) => () => void)((e) => got.push(e));
  expect([...listening.keys()]).toEqual(['push:event']);
  for (const fn of listening.get('push:event')!) fn({ sender: ipcRenderer }, { type: 'shipment', id: 1, status: 'DELIVERED' });
  expect(got).toEqual([{ type: 'shipment', id: 1, status: 'DELIVERED' }]);
  off();
  expect(listening.get('push:event')!.size).toBe(0);
  expect(await channelsOf(exposed.desktop as Record<string, unknown>, invoked)).toEqual(['connection:get', 'connection:set']);
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

test('only the thin Electron entry files import electron; the renderer imports no server modules', () => {
  const allowed = new Set(['main/index.ts', 'main/window.ts', 'main/ipc.ts', 'main/menu.ts', 'main/updater.ts']);
  const offenders = [...walk('main'), ...walk('db')]
    .map((f) => relative(process.cwd(), f))
    .filter((f) => !allowed.has(f) && /from ['"]electron['"]/.test(readFileSync(f, 'utf8')));
  expect(offenders).toEqual([]);
  const rendererLeaks = walk('renderer/src').filter((f) => /from ['"](better-sqlite3|kysely|fastify|node:[a-z]+|fs)['"]/.test(readFileSync(f, 'utf8')));
  expect(rendererLeaks).toEqual([]);
});
