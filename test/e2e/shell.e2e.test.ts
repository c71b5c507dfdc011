import { afterAll, beforeAll, expect, test } from 'vitest';
import { openGui, visible, type Gui } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGui();
});
afterAll(async () => {
  await gui?.close();
});

test('the shell shows the Norwegian navigation, every item opens its screen, and it switches to English', async () => {
  const { page } = gui;
  const labels = ['Oversikt', 'Kunder', 'Fakturaer', 'Tilbud', 'Produkter', 'Purringer', 'Bank', 'Rapporter', 'Arrangementer', 'Utboks', 'Innstillinger'];
  for (const label of labels) {
    const link = page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: label, exact: false });
    await visible(link.first());
    await link.first().click();
    // Every area is a real screen now: a heading in the main area, and no "coming soon" placeholder anywhere.
    await visible(page.locator('main h1, main h2, main h3').first());
    expect(await page.getByTestId('coming-soon').count(), label).toBe(0);
  }
  await gui.shot('shell-settings');
  await page.getByTestId('lang-switch').click();
  await visible(page.getByRole('link', { name: 'Customers' }));
  await page.getByTestId('lang-switch').click();
  await visible(page.getByRole('link', { name: 'Kunder' }));
});

test('without the login cookie the operations refuse to answer', async () => {
  const res = await fetch(`${gui.server.base}/_ops/recipients.list`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-kvitt-client': '1' }, body: '{}' });
  expect(res.status).toBe(401);
});
