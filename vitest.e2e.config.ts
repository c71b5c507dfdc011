import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at once, each with its own Chromium and its own server (a fresh database each): a browser test waits
    // on the page most of its time, so two fit on the 2-core CI machine (docs/testing.md has the figures).
    fileParallelism: true,
    maxWorkers: 2,
    // expect.poll waits for what a person would see next; its default of 1 s is too short on a loaded 2-core CI
    // machine (a dialog closing, a list re-rendering). A failing poll still fails, only later.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
