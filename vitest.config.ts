import { defineConfig } from 'vitest/config';
import { splitByDatabase } from './test/helpers/database-dependent.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A file classed database-free (left out of the PostgreSQL pass) fails if it reaches the test database after all.
    setupFiles: ['test/helpers/database-guard.ts'],
    provide: { databaseFreeFiles: splitByDatabase().databaseFree },
  },
});
