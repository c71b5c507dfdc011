/**
 * Setup file of the browser pass (vitest.e2e.config.ts): when a test fails, each page openGui has open is saved as
 * test-results/screens/FAILED-<file>-<test>-<n>.png, so a failure on CI shows what the screen showed.
 */
import { basename, join } from 'node:path';
import { afterEach } from 'vitest';
import { openPages, SHOTS } from './browser.js';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = `${basename(ctx.task.file.name, '.e2e.test.ts')}-${ctx.task.name}`.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  let n = 0;
  for (const page of openPages) {
    const file = join(SHOTS, `FAILED-${name}-${++n}.png`);
    await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
      () => console.error(`[failed test] the screen: ${file}`),
      (e: Error) => console.error(`[failed test] no screenshot: ${e.message}`),
    );
  }
});
