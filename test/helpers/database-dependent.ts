/**
 * Which unit/integration test files depend on the database choice, by one rule: a test file is database-dependent when a
 * file it imports (statically or by a literal `import('…')`, followed through the repository's own files) reads
 * `KVITT_TEST_DATABASE`, the variable that makes `npm run test:pg` differ from the SQLite pass
 * (test/helpers/database.ts reads it; a test may read it itself). Every other file runs exactly the same code on both
 * passes, so the PostgreSQL pass runs only the database-dependent ones (vitest.pg.config.ts). The rule is checked by
 * test/architecture/database-dependent.test.ts, and at run time by test/helpers/database-guard.ts in every SQLite run: a
 * file classed as database-free that reaches the test database fails.
 *
 * Plain Node (no vitest), so the vitest configs can use it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const DATABASE_SWITCH = 'KVITT_TEST_DATABASE';

const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** The repository files a source file imports (relative specifiers only; `.js` names resolved to their `.ts`/`.tsx`). */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPEC)) {
    const target = resolveSpecifier(dirname(file), m[2]);
    if (target) out.push(target);
  }
  return out;
}

function resolveSpecifier(from: string, spec: string): string | null {
  const base = resolve(from, spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** Every file reachable from `file` through its imports, itself included. */
export function closureOf(file: string, cache = new Map<string, string[]>()): Set<string> {
  const seen = new Set<string>();
  const todo = [resolve(file)];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    if (!/\.(m?ts|tsx|m?js)$/.test(f)) continue;
    let deps = cache.get(f);
    if (!deps) cache.set(f, (deps = importsOf(f)));
    todo.push(...deps);
  }
  return seen;
}

const readsSwitch = (file: string) => /\.(m?ts|tsx|m?js)$/.test(file) && readFileSync(file, 'utf8').includes(DATABASE_SWITCH);

/** Test files of the unit/integration suite (test/**\/*.test.ts without test/e2e), relative to `root`, sorted. */
export function unitTestFiles(root = process.cwd()): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (relative(root, p) !== join('test', 'e2e') && name !== 'node_modules') walk(p);
      } else if (name.endsWith('.test.ts')) out.push(relative(root, p));
    }
  };
  walk(join(root, 'test'));
  return out.sort();
}

/** Splits the unit test files by the rule: `database` runs on both passes, `databaseFree` on SQLite only. */
export function splitByDatabase(root = process.cwd()): { database: string[]; databaseFree: string[] } {
  const cache = new Map<string, string[]>();
  const reads = new Map<string, boolean>();
  const database: string[] = [];
  const databaseFree: string[] = [];
  for (const f of unitTestFiles(root)) {
    const hit = [...closureOf(join(root, f), cache)].some((g) => {
      if (!reads.has(g)) reads.set(g, readsSwitch(g));
      return reads.get(g);
    });
    (hit ? database : databaseFree).push(f);
  }
  return { database, databaseFree };
}
