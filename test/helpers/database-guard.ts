/**
 * Setup file of the unit/integration suite (vitest.config.ts). Each file starts as if alone, also where files share
 * their worker's modules (`isolate: false`): the environment is restored after it, and mocks, spies and fake timers
 * are undone.
 *
 * And the run-time half of the rule in test/helpers/database-dependent.ts. A test file classed database-free is left out of the PostgreSQL pass; if it
 * nevertheless chose a test database (test/helpers/database.ts, through an import the rule did not see), it fails here,
 * so the PostgreSQL pass can never silently miss a file that depends on the database.
 */
import { relative } from 'node:path';
import { afterAll, beforeAll, inject, vi } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseFreeFiles: string[];
  }
}

const flag = globalThis as { __kvittTestDatabaseChosen?: boolean };

// Taken when this setup file runs, before the test file itself is imported (some set variables at their top level).
const env: NodeJS.ProcessEnv = { ...process.env };
flag.__kvittTestDatabaseChosen = false;

beforeAll(() => {
  flag.__kvittTestDatabaseChosen = false;
});

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});

// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  if (!flag.__kvittTestDatabaseChosen) return;
  const file = relative(process.cwd(), (suite as { filepath?: string }).filepath ?? '');
  if (inject('databaseFreeFiles').includes(file)) {
    throw new Error(
      `${file} chose a test database (test/helpers/database.ts) but test/helpers/database-dependent.ts classes it database-free, ` +
        'so `npm run test:pg` would leave it out: import what reaches the database with a static or literal import',
    );
  }
});
