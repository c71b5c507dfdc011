import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at once, each with its own server (a fresh database each) and its own context of the pass's one
    // Chromium: a browser test waits on the page most of its time, so two fit on the 2-core CI machine
    // (docs/testing.md has the figures).
    fileParallelism: true,
    maxWorkers: 2,
    // The files of a worker share its modules, as in the unit passes: the app is imported once per worker instead of
    // once per file. test/helpers/database-guard.ts restores what a file may change (environment, mocks, timers); every
    // file closes its own servers and contexts.
    isolate: false,
    // (failure-shots: a failing test saves a screenshot of each open page.)
    setupFiles: ['test/helpers/database-guard.ts', 'test/e2e/helpers/failure-shots.ts'],
    provide: { databaseFreeFiles: [] },
    // One Chromium for the pass (each openGui a context of its own in it): test/e2e/helpers/chromium-server.ts.
    globalSetup: ['test/e2e/helpers/chromium-server.ts'],
    // expect.poll waits for what a person would see next; its default of 1 s is too short on a loaded 2-core CI
    // machine (a dialog closing, a list re-rendering). A failing poll still fails, only later.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
