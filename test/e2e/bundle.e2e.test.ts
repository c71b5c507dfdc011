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

test('the preload exposes exactly one function and nothing of ipcRenderer', () => {
  const preload = readFileSync('out/preload/index.cjs', 'utf8');
  expect(preload).toContain('exposeInMainWorld("api"');
  expect(preload).toMatch(/call:\s*\(/);
  expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*[,)]/);
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
