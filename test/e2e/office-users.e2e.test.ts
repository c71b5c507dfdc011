/**
 * Settings → Brukere in a browser against the office server (HTTPS, certificate pinned): the owner adds a bookkeeper and
 * sees her key once, changes a role, disables and deletes another; the bookkeeper logs in with that key, has no Brukere
 * tab and is refused changing the company settings in Norwegian; a session that is no longer valid lands on the login
 * page instead of showing errors.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_KEY } from '../helpers/server.js';
import { dialectOf } from '../../db/dialect.js';
import { startOffice } from '../office-server/world.js';
import { SHOTS, navTo, settled, textOf, visible, drawnAt } from './helpers/browser.js';
import { launchPinned } from './helpers/pinned.js';

let w: Awaited<ReturnType<typeof startOffice>>;
let browser: Browser;
beforeAll(async () => {
  w = await startOffice({ rendererDir: resolve(process.cwd(), 'out/renderer'), postgres: true });
  // With a cluster (CI), the office browser flow runs on PostgreSQL, as an office server does.
  if (process.env.KVITT_TEST_PG_URL) expect(dialectOf(w.app.ctx.db)).toBe('postgres');
  browser = await launchPinned(w.cert.cert); // only this certificate is trusted
  mkdirSync(SHOTS, { recursive: true });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

async function logIn(key: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'nb-NO' });
  const page = await context.newPage();
  await page.goto(`${w.base}/app/login`);
  await page.fill('#key', key);
  await page.click('button[type=submit]');
  await visible(page.locator('nav[aria-label="Hovedmeny"]'), 20_000);
  return page;
}

/**
 * Her next step after the session ended: a click in the menu. The app may already have gone to the login page on its
 * own (a background request, e.g. the push stream, was refused first): that is the behaviour under test too, so the
 * click may only fail when the page is already on the login page.
 */
async function nextStepOrLogin(page: Page, screen: string): Promise<void> {
  const onLogin = () => /\/app\/login/.test(page.url());
  if (onLogin()) return;
  try {
    await page.locator('nav[aria-label="Hovedmeny"]').getByRole('link', { name: screen, exact: true }).click({ timeout: 10_000 });
  } catch (e) {
    if (!onLogin()) throw e;
  }
}

const rowOf = (page: Page, name: string) => page.getByTestId('user-row').filter({ hasText: name });

test('owner manages users; the bookkeeper is refused settings in Norwegian; an ended session goes to the login page', async () => {
  // The owner (the server's own key) adds two people.
  const owner = await logIn(TEST_KEY);
  await navTo(owner, 'Innstillinger');
  await owner.getByTestId('settings-tab-users').click();
  await textOf(owner.getByTestId('settings-tab-users'), 'Brukere');
  await textOf(owner.locator('body'), 'Ingen brukere ennå');

  await owner.getByTestId('user-add').click();
  await textOf(owner.getByTestId('error-user-name'), /fylles ut|tom/i); // an empty name is refused next to the field

  await owner.getByTestId('user-name').fill('Kari Regnskap');
  await owner.getByTestId('user-add').click();
  const shown = await visible(owner.getByTestId('user-key-shown'));
  await textOf(shown, 'vises bare nå');
  const key = (await textOf(owner.getByTestId('user-key-value'), /^\s*[A-Za-z0-9_-]{40,}\s*$/)).trim();
  await textOf(owner.getByTestId('user-login-url'), `${w.base}/app/login`);
  await settled(owner);
  await owner.screenshot({ path: join(SHOTS, 'office-users-key-once.png'), fullPage: true });
  await owner.getByTestId('user-key-done').click();
  await expect.poll(() => owner.getByTestId('user-key-shown').count()).toBe(0);

  // A taken name: the Norwegian message stands next to the field.
  await owner.getByTestId('user-name').fill('Kari Regnskap');
  await owner.getByTestId('user-add').click();
  await textOf(owner.getByTestId('error-user-name'), 'er allerede i bruk');
  await owner.getByTestId('user-name').fill('Ola Vikar');
  await owner.getByTestId('user-role').click();
  await owner.getByRole('option', { name: 'Eier' }).click();
  await owner.getByTestId('user-add').click();
  await owner.getByTestId('user-key-done').click();
  const ola = (await w.call('GET', '/users/', { key: TEST_KEY })).body.find((u: { name: string }) => u.name === 'Ola Vikar');
  expect(ola.role).toBe('owner');

  // Ola: role back to bookkeeper, disabled, then deleted.
  await owner.getByTestId(`user-role-${ola.id}`).click();
  await owner.getByRole('option', { name: 'Regnskapsfører' }).click();
  await textOf(owner.locator('body'), 'Ola Vikar er nå regnskapsfører');
  await owner.getByTestId(`user-toggle-${ola.id}`).click();
  await textOf(rowOf(owner, 'Ola Vikar'), 'Deaktivert');
  expect((await w.call('GET', `/users/${ola.id}`, { key: TEST_KEY })).body).toMatchObject({ role: 'bookkeeper', active: false });
  await settled(owner);
  await owner.screenshot({ path: join(SHOTS, 'office-users-list.png'), fullPage: true });
  await owner.getByTestId(`user-delete-${ola.id}`).click();
  await textOf(owner.locator('.mantine-Modal-content'), 'Slette Ola Vikar?');
  await owner.getByTestId('confirm-ok').click();
  await expect.poll(() => rowOf(owner, 'Ola Vikar').count()).toBe(0);
  expect((await w.call('GET', `/users/${ola.id}`, { key: TEST_KEY })).status).toBe(404);
  await textOf(rowOf(owner, 'Kari Regnskap'), 'Aktiv');

  // The bookkeeper logs in with the key the owner was shown: no Brukere tab, the company settings refused in Norwegian.
  const kari = await logIn(key);
  await navTo(kari, 'Innstillinger');
  await visible(kari.getByTestId('settings-tab-company'));
  expect(await kari.getByTestId('settings-tab-users').count()).toBe(0);
  const name = kari.getByTestId('field-company.name');
  await visible(name);
  await name.fill('Kapret AS');
  await kari.getByTestId('company-save').click();
  await textOf(kari.locator('body'), 'Dette kan bare eieren gjøre');
  expect(await kari.locator('body').innerText()).not.toMatch(/A bookkeeper may not/);
  await settled(kari);
  await kari.screenshot({ path: join(SHOTS, 'office-users-bookkeeper-refused.png') });
  expect((await w.call('GET', '/originators/current/settings', { key: TEST_KEY })).body.company.name).not.toBe('Kapret AS');
  // /settings/users typed by hand (a fresh load, so the refused edit is no longer pending): back to the company tab
  await kari.goto(`${w.base}/app/#/settings/users`);
  await kari.reload();
  await textOf(kari.getByTestId('settings-tab-company'), 'Firma');
  await drawnAt(kari, /#\/settings\/company$/);
  expect(await kari.getByTestId('settings-tab-users').count()).toBe(0);

  // A session that is no longer valid (here: a forged cookie) → the login page, which says why.
  await kari.context().addCookies([{ name: 'kvitt_session', value: 'utlopt-okt', url: w.base, httpOnly: true, secure: true, sameSite: 'Strict' }]);
  await nextStepOrLogin(kari, 'Kunder');
  await kari.waitForURL(/\/app\/login\?expired=1/, { timeout: 15_000 });
  await textOf(kari.locator('#error'), 'Økten er utløpt');
  await kari.screenshot({ path: join(SHOTS, 'office-users-session-ended.png'), fullPage: true });
  // … and she logs in again; when the owner then disables her, her next step lands on the login page too.
  await kari.fill('#key', key);
  await kari.click('button[type=submit]');
  await visible(kari.locator('nav[aria-label="Hovedmeny"]'), 20_000);
  const kariId = (await w.call('GET', '/users/', { key: TEST_KEY })).body.find((u: { name: string }) => u.name === 'Kari Regnskap').id;
  await owner.getByTestId(`user-toggle-${kariId}`).click();
  await textOf(rowOf(owner, 'Kari Regnskap'), 'Deaktivert');
  await nextStepOrLogin(kari, 'Produkter');
  await kari.waitForURL(/\/app\/login\?expired=1/, { timeout: 15_000 });
  await kari.context().close();
  await owner.context().close();
}, 180_000);
