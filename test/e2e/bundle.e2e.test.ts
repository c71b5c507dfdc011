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
 * Runs the built preload against a stand-in `electron` module and records what it hands to the page: exactly one
 * world key (`api`) holding functions only, none of which is (or returns) ipcRenderer itself. A regex over the
 * source would pass a preload that also exposes `ipcRenderer` under another name.
 */
function exposedByPreload() {
  const exposed: Record<string, unknown> = {};
  const invoked: unknown[][] = [];
  const ipcRenderer = {
    invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve('answer')),
    on: () => ipcRenderer,
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
  return { exposed, invoked, ipcRenderer };
}

test('the preload exposes one api object of functions and nothing of ipcRenderer', async () => {
  const { exposed, invoked, ipcRenderer } = exposedByPreload();
  expect(Object.keys(exposed)).toEqual(['api']);
  const api = exposed.api as Record<string, unknown>;
  expect(api).not.toBe(ipcRenderer);
  expect(Object.keys(api)).toContain('call');
  for (const [key, value] of Object.entries(api)) {
    expect(typeof value, key).toBe('function');
    expect(value, key).not.toBe(ipcRenderer.invoke);
  }
  await expect((api.call as (n: string, i: unknown) => Promise<unknown>)('common.info', { a: 1 })).resolves.toBe('answer');
  expect(invoked).toEqual([['ops:call', 'common.info', { a: 1 }]]);
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

test('only the thin Electron entry files import electron; the renderer imports no server modules', () => {
  const allowed = new Set(['main/index.ts', 'main/window.ts', 'main/ipc.ts', 'main/menu.ts']);
  const offenders = [...walk('main'), ...walk('db')]
    .map((f) => relative(process.cwd(), f))
    .filter((f) => !allowed.has(f) && /from ['"]electron['"]/.test(readFileSync(f, 'utf8')));
  expect(offenders).toEqual([]);
  const rendererLeaks = walk('renderer/src').filter((f) => /from ['"](better-sqlite3|kysely|fastify|node:[a-z]+|fs)['"]/.test(readFileSync(f, 'utf8')));
  expect(rendererLeaks).toEqual([]);
});
