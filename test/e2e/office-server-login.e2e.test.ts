/**
 * The office server in a browser: HTTPS with the self-signed certificate pinned in Chromium (SPKI hash), a bookkeeper
 * logs in with her own key at /app/login, works, sees where the data is, and is refused the owner's settings.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_KEY } from '../helpers/server.js';
import { dialectOf } from '../../db/dialect.js';
import { startOffice } from '../office-server/world.js';
import { SHOTS, navTo, textOf, visible } from './helpers/browser.js';
import { launchPinned } from './helpers/pinned.js';

let w: Awaited<ReturnType<typeof startOffice>>;
let browser: Browser;
let key: string;
beforeAll(async () => {
  w = await startOffice({ rendererDir: resolve(process.cwd(), 'out/renderer'), postgres: true });
  // With a cluster (CI), the office browser flow runs on PostgreSQL, as an office server does.
  if (process.env.KVITT_TEST_PG_URL) expect(dialectOf(w.app.ctx.db)).toBe('postgres');
  key = (await w.call('POST', '/users/', { key: TEST_KEY, body: { name: 'Kari Regnskap', role: 'bookkeeper' } })).body.key;
  browser = await launchPinned(w.cert.cert); // only this certificate is trusted
  mkdirSync(SHOTS, { recursive: true });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

test('a bookkeeper logs in with her key over HTTPS; owner-only settings are refused', async () => {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'nb-NO' });
  const page = await context.newPage();
  await page.goto(`${w.base}/app/login`);
  await page.fill('#key', 'feil-nøkkel-123');
  await page.click('button[type=submit]');
  await textOf(page.locator('#error'), 'Feil nøkkel');
  await page.screenshot({ path: join(SHOTS, 'office-login-wrong-key.png'), fullPage: true });

  await page.fill('#key', key);
  await page.click('button[type=submit]');
  await visible(page.locator('nav[aria-label="Hovedmeny"]'), 20_000);
  const cookie = (await context.cookies()).find((c) => c.name === 'kvitt_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });

  await navTo(page, 'Innstillinger');
  await page.getByTestId('settings-tab-data').click();
  await textOf(page.getByTestId('data-server-origin'), w.base);
  await page.screenshot({ path: join(SHOTS, 'office-data-tab-browser.png'), fullPage: true });

  await page.getByTestId('settings-tab-company').click();
  const name = page.getByTestId('field-company.name');
  await visible(name);
  await name.fill('Kapret AS');
  await page.getByTestId('company-save').click();
  await textOf(page.locator('body'), 'Dette kan bare eieren gjøre'); // FORBIDDEN_ROLE in Norwegian (errors.op.FORBIDDEN_ROLE)
  await page.screenshot({ path: join(SHOTS, 'office-bookkeeper-refused.png'), fullPage: true });
  const settings = await w.call('GET', '/originators/current/settings', { key: TEST_KEY });
  expect(settings.body.company.name).not.toBe('Kapret AS');
  await context.close();
}, 90_000);
