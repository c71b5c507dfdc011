/**
 * Global setup of the browser pass (vitest.e2e.config.ts): one Chromium for the whole pass, started once and shared by
 * every file through its WebSocket endpoint (`openGui` connects to it and opens a context of its own per call:
 * contexts share no cookies, storage or cache). Starting a Chromium per file cost a launch per file; the files that
 * need a Chromium of their own (one that trusts a certificate, test/e2e/helpers/pinned.ts) still launch one.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, host: '127.0.0.1' });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
