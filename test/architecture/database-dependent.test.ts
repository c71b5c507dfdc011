/**
 * The rule that decides which files `npm run test:pg` runs (test/helpers/database-dependent.ts): a test file runs on
 * PostgreSQL when its imports reach a file that reads KVITT_TEST_DATABASE. Checked here: the import walker follows every
 * form of import the tests use, the split is what the PostgreSQL config runs, and nothing loads the test database in a
 * way the walker cannot see. (The run-time half: test/helpers/database-guard.ts.)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import pgConfig, { postgresExcluded } from '../../vitest.pg.config.js';
import { closureOf, DATABASE_SWITCH, importsOf, splitByDatabase, unitTestFiles } from '../helpers/database-dependent.js';

const root = process.cwd();
const split = splitByDatabase(root);

describe('the import walker', () => {
  test('follows static, re-exported, side-effect, multi-line and literal dynamic imports, to .ts/.tsx files', () => {
    const from = join(root, 'test/architecture/x.test.ts');
    const text = [
      "import { a } from '../helpers/server.js';",
      "import type { B } from '../../main/op-table.js';",
      "export * from '../helpers/database.js';",
      "import '../helpers/db-probe.js';",
      'import {\n  c,\n  d,\n} from "../../db/dialect.js";',
      "const m = await import('../../main/app.js');",
      "import pg from 'pg';",
      "import { x } from './does-not-exist.js';",
    ].join('\n');
    expect(importsOf(from, text).map((f) => f.slice(root.length + 1))).toEqual([
      'test/helpers/server.ts',
      'main/op-table.ts',
      'test/helpers/database.ts',
      'test/helpers/db-probe.ts',
      'db/dialect.ts',
      'main/app.ts',
    ]);
  });

  test('the test database helper is reached from the server helper, and reads the switch', () => {
    expect(closureOf(join(root, 'test/helpers/server.ts')).has(resolve(root, 'test/helpers/database.ts'))).toBe(true);
    expect(readFileSync(join(root, 'test/helpers/database.ts'), 'utf8')).toContain(DATABASE_SWITCH);
  });
});

describe('the split', () => {
  test('every unit test file is in exactly one side', () => {
    expect([...split.database, ...split.databaseFree].sort()).toEqual(unitTestFiles(root));
    expect(split.database.filter((f) => split.databaseFree.includes(f))).toEqual([]);
  });

  test('files that start a test server or open a test database are database-dependent', () => {
    const users = unitTestFiles(root).filter((f) =>
      /\b(startTestServer|startWorld|startDocServer|useMigratedDatabase|testDatabase|onPostgres)\b/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(users.length).toBeGreaterThan(40);
    expect(users.filter((f) => split.databaseFree.includes(f))).toEqual([]);
  });

  test('pure rules and file writers are database-free (they run once)', () => {
    for (const f of ['test/domain/kid.test.ts', 'test/domain/money.test.ts', 'test/render/direct/pdf-file.test.ts']) expect(split.databaseFree).toContain(f);
  });

  test('the PostgreSQL pass runs exactly the database-dependent files (less the SQLite-file ones it lists)', () => {
    expect(pgConfig.test?.include).toEqual(split.database);
    expect(pgConfig.test?.exclude).toEqual(expect.arrayContaining(Object.keys(postgresExcluded)));
  });

  test('no test file loads modules in a way the walker cannot follow (a computed import() or require)', () => {
    const opaque = [...split.databaseFree].filter((f) => /\bimport\s*\(\s*[^'"\s)]|\brequire\s*\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(opaque).toEqual([]);
  });
});
