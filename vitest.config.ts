import { defineConfig } from 'vitest/config';
import { splitByDatabase } from './test/helpers/database-dependent.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files share their worker's modules: the app is imported once per worker instead of once per file (most of a
    // file's time was that import). test/helpers/database-guard.ts restores what a file may change (environment, mocks,
    // timers); every file closes its own servers.
    isolate: false,
    // A file classed database-free (left out of the PostgreSQL pass) fails if it reaches the test database after all.
    setupFiles: ['test/helpers/database-guard.ts'],
    // the official EHF rules for the in-process validator (test/helpers/ehf-validator.ts), built once and cached
    globalSetup: ['test/helpers/ehf-rules-setup.ts'],
    provide: { databaseFreeFiles: splitByDatabase().databaseFree },
  },
});
