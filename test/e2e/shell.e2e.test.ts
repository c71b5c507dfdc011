import { afterAll, beforeAll, expect, test } from 'vitest';
import { openGui, textOf, visible, type Gui } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGui();
});
afterAll(async () => {
  await gui?.close();
});

test('the shell shows the Norwegian navigation and switches to English', async () => {
  const { page } = gui;
  for (const label of ['Oversikt', 'Kunder', 'Fakturaer', 'Purringer', 'Rapporter', 'Arrangementer', 'Innstillinger']) {
    await visible(page.getByRole('link', { name: label }));
  }
  await page.getByRole('link', { name: 'Purringer' }).click();
  await textOf(page.getByTestId('coming-soon'), 'purringer');
  await gui.shot('shell-dunnings');
  await page.getByTestId('lang-switch').click();
  await visible(page.getByRole('link', { name: 'Customers' }));
  await page.getByTestId('lang-switch').click();
  await visible(page.getByRole('link', { name: 'Kunder' }));
});

test('without the login cookie the operations refuse to answer', async () => {
  const res = await fetch(`${gui.server.base}/_ops/recipients.list`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-kvitt-client': '1' }, body: '{}' });
  expect(res.status).toBe(401);
});
