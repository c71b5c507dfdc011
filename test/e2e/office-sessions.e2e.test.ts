/**
 * Sessions in a browser against the office server (HTTPS, certificate pinned): Logg ut ends the session on the server;
 * demotion and disabling end the user's sessions;
 * the owner sees the active sessions under Settings → Brukere and ends one ("Avslutt økt"); a renewed key ends the
 * user's sessions; the last owner is told in Norwegian why they cannot step down. Each ended session's next step lands
 * on the login page.
 */
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_KEY } from '../helpers/server.js';
import { startOffice } from '../office-server/world.js';
import { SHOTS, navTo, settled, textOf, visible } from './helpers/browser.js';
import { launchPinned } from './helpers/pinned.js';

let w: Awaited<ReturnType<typeof startOffice>>;
let browser: Browser;
beforeAll(async () => {
  w = await startOffice({ rendererDir: resolve(process.cwd(), 'out/renderer'), postgres: true });
  browser = await launchPinned(w.cert.cert);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

async function logIn(key: string, page?: Page): Promise<Page> {
  if (!page) {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'nb-NO' });
    page = await context.newPage();
    await page.goto(`${w.base}/app/login`);
  }
  await page.fill('#key', key);
  await page.click('button[type=submit]');
  await visible(page.locator('nav[aria-label="Hovedmeny"]'), 20_000);
  return page;
}

/** A click in the menu after the session ended: the page goes to the login page (perhaps already on its own). */
async function landsOnLogin(page: Page, screen: string): Promise<void> {
  const onLogin = () => /\/app\/login/.test(page.url());
  if (!onLogin()) {
    try {
      await page.locator('nav[aria-label="Hovedmeny"]').getByRole('link', { name: screen, exact: true }).click({ timeout: 10_000 });
    } catch (e) {
      if (!onLogin()) throw e;
    }
  }
  await page.waitForURL(/\/app\/login\?expired=1/, { timeout: 15_000 });
  await textOf(page.locator('#error'), 'Økten er utløpt eller avsluttet');
}

async function usersTab(page: Page) {
  await navTo(page, 'Innstillinger');
  await page.getByTestId('settings-tab-users').click();
  await visible(page.getByTestId('sessions-table'));
}

const make = async (name: string, role: 'owner' | 'bookkeeper') => {
  const r = await w.call('POST', '/users/', { key: TEST_KEY, body: { name, role } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; key: string };
};

test('Logg ut, Avslutt økt, a renewed key, demotion and disabling each end a session; the last owner cannot step down', async () => {
  const kari = await make('Kari Økt', 'bookkeeper');

  // Logg ut: back on the login page, and the old cookie opens nothing any more.
  const k = await logIn(kari.key);
  const cookie = (await k.context().cookies()).find((c) => c.name === 'kvitt_session')!;
  await k.getByTestId('logout').click();
  await k.waitForURL(/\/app\/login$/);
  const stale = await w.call('POST', '/_ops/recipients.list', { body: {}, headers: { cookie: `kvitt_session=${cookie.value}`, 'x-kvitt-client': '1' } });
  expect(stale.status).toBe(401);

  // The owner sees both sessions and ends Kari's.
  await logIn(kari.key, k);
  const owner = await logIn(TEST_KEY);
  await usersTab(owner);
  const kariRow = owner.getByTestId('session-row').filter({ hasText: 'Kari Økt' });
  await visible(kariRow);
  await textOf(owner.getByTestId('session-row').filter({ hasText: 'denne økten' }), 'Eier (API-nøkkelen)');
  expect(await owner.getByTestId('session-row').count()).toBe(2);
  await settled(owner);
  await owner.screenshot({ path: join(SHOTS, 'office-sessions-list.png'), fullPage: true });
  await kariRow.getByRole('button', { name: 'Avslutt økt' }).click();
  await textOf(owner.locator('body'), 'Økten til Kari Økt er avsluttet');
  await expect.poll(() => kariRow.count()).toBe(0);
  await landsOnLogin(k, 'Produkter');

  // A renewed key ends her session too.
  await logIn(kari.key, k);
  await owner.getByTestId(`user-key-${kari.id}`).click();
  await owner.getByTestId('confirm-ok').click();
  const renewed = (await textOf(owner.getByTestId('user-key-value'), /^\s*[A-Za-z0-9_-]{40,}\s*$/)).trim();
  await owner.getByTestId('user-key-done').click();
  await landsOnLogin(k, 'Produkter');
  await logIn(renewed, k);

  // Ola is the only owner user: stepping down himself is refused in Norwegian, and he stays owner and logged in.
  const olaUser = await make('Ola Eier', 'owner');
  const ola = await logIn(olaUser.key);
  await usersTab(ola);
  await ola.getByTestId(`user-toggle-${olaUser.id}`).click();
  await textOf(ola.locator('body'), 'Du er den siste eieren');
  await settled(ola);
  await ola.screenshot({ path: join(SHOTS, 'office-sessions-last-owner.png'), fullPage: true });
  expect((await w.call('GET', `/users/${olaUser.id}`, { key: TEST_KEY })).body).toMatchObject({ role: 'owner', active: true });
  await navTo(ola, 'Kunder');
  expect(ola.url()).not.toMatch(/login/);

  // Demoted by the owner, Ola's session ends: he logs in again as a bookkeeper.
  await owner.reload();
  await visible(owner.getByTestId(`user-role-${olaUser.id}`));
  await owner.getByTestId(`user-role-${olaUser.id}`).click();
  await owner.getByRole('option', { name: 'Regnskapsfører' }).click();
  await textOf(owner.locator('body'), 'Ola Eier er nå regnskapsfører');
  await landsOnLogin(ola, 'Produkter');

  // Disabling Kari from the owner's screen ends her session as well.
  await owner.reload();
  await visible(owner.getByTestId(`user-toggle-${kari.id}`));
  await owner.getByTestId(`user-toggle-${kari.id}`).click();
  await textOf(owner.getByTestId('user-row').filter({ hasText: 'Kari Økt' }), 'Deaktivert');
  await landsOnLogin(k, 'Produkter');
  for (const p of [k, owner, ola]) await p.context().close();
}, 180_000);
