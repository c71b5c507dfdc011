/**
 * The folders' layering (docs/architecture.md): main/ops/ is a toolkit under the features, so it imports nothing above
 * it; main/context.ts (the only thing it takes from main/, type-only) imports no feature either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(__dirname, '../..');
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)].map((m) => ({
    typeOnly: !!m[2],
    target: m[3].startsWith('.') ? relative(root, resolve(dirname(file), m[3])) : m[3],
  }));

describe('layers', () => {
  test('main/ops imports only itself, db/, packages and (type-only) main/context.ts', () => {
    const dir = join(root, 'main/ops');
    const bad = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => importsOf(join(dir, f)).map((i) => ({ file: f, ...i })))
      .filter((i) => i.target.startsWith('main/') && !i.target.startsWith('main/ops/'))
      .filter((i) => !(i.typeOnly && i.target === 'main/context.js'));
    expect(bad).toEqual([]);
  });

  test('transactions are opened only through main/ops (inTx, the group commit: they record the audit actor), but for two named tools', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    // Neither works on an app's books: the owner key is made before any app context exists (one row, no audit actor yet),
    // and migrate-data copies one whole database into another (two databases, every table, audit_log included, as is).
    const tools = ['main/owner-key.ts', 'main/migrate-data/copy.ts'];
    const opening = files(join(root, 'main'))
      .map((f) => relative(root, f))
      .filter((f) => !f.startsWith('main/ops/') && /\.transaction\(\)/.test(readFileSync(join(root, f), 'utf8')));
    expect(opening.filter((f) => !tools.includes(f))).toEqual([]);
    expect(tools.filter((f) => !opening.includes(f))).toEqual([]); // a tool that no longer needs its own: take it off
  });

  test('the fast paths beside Kysely come from db/fast.ts only: main/ takes from db/connection.ts only opening, types and the transaction plumbing', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    // What a file outside db/ may name from db/connection.ts: opening a database, its types, and (main/ops only) holding
    // the connection for a transaction. Statements that bypass Kysely (runInTx, insertRowsFast, selectFast*) are db/fast.ts's.
    const allowed = new Set(['Db', 'OpenedDatabase', 'openDatabase', 'openPostgres', 'openAnyDatabase', 'parsePostgresUrl', 'holdingConnection', 'withoutCommitSync']);
    const bad: string[] = [];
    for (const f of files(join(root, 'main'))) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/^\s*import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm)) {
        if (relative(root, resolve(dirname(f), m[2])) !== 'db/connection.js') continue;
        const names = m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]).filter(Boolean);
        for (const n of names) if (!allowed.has(n)) bad.push(`${relative(root, f)}: ${n}`);
        if (!relative(root, f).startsWith('main/ops/') && names.some((n) => n === 'holdingConnection' || n === 'withoutCommitSync')) bad.push(`${relative(root, f)}: transaction plumbing outside main/ops`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('main/context.ts imports no feature', () => {
    const bad = importsOf(join(root, 'main/context.ts')).filter((i) => i.target.startsWith('main/features/'));
    expect(bad).toEqual([]);
  });
  test('the renderer takes service shapes only through the typed client: from main/ only the pure rules, the operation table and the push events', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    // The shapes an operation answers are OutputOf<'area.op'> / ItemOf<…> (renderer/src/api/op-types.ts), so a screen
    // follows the operation's output schema, not a service's internal type; the domain's pure rules (org numbers, KID,
    // totals) are shared code, and op-types.ts itself reads the table.
    const allowed = (target: string, file: string) =>
      target.startsWith('main/domain/') || target === 'main/push/bus' || (relative(root, file) === 'renderer/src/api/op-types.ts' && (target === 'main/op-table' || target === 'main/ops/define'));
    const bad = files(join(root, 'renderer/src'))
      .flatMap((f) => importsOf(f).map((i) => ({ file: relative(root, f), target: i.target.replace(/\.js$/, '') })))
      .filter((i) => i.target.startsWith('main/') && !allowed(i.target, join(root, i.file)))
      .map((i) => `${i.file} -> ${i.target}`);
    expect(bad).toEqual([]);
  });

  test('a transaction context is made only in main/ops (inTx, the group commit): makeTxCtx is named nowhere else in main/', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    const bad = files(join(root, 'main'))
      .filter((f) => !relative(root, f).startsWith('main/ops/') && /\bmakeTxCtx\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(bad).toEqual([]);
  });
});
