import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openGui, textOf, visible, type Gui } from './helpers/browser.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-backups-'));
const opened: Gui[] = [];
afterAll(async () => {
  for (const g of opened) await g.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openBackups(gui: Gui) {
  const { page } = gui;
  await page.locator('nav[aria-label="Hovedmeny"]').getByRole('link', { name: 'Innstillinger', exact: true }).click();
  await visible(page.getByRole('heading', { name: 'Innstillinger' }));
  await page.getByRole('tab', { name: 'Sikkerhetskopi' }).click();
}

test('an in-memory database says clearly that it cannot be backed up (409 NO_DATA_FOLDER)', async () => {
  const gui = await openGui();
  opened.push(gui);
  const { page } = gui;
  await openBackups(gui);
  await textOf(page.getByTestId('backup-data-folder'), 'minnet');
  await textOf(page.getByTestId('backup-restore'), 'kvitt.sqlite-wal');
  await textOf(page.getByTestId('backup-restore'), 'Avslutt Kvitt');
  // Listing already says so; taking one says the same and makes nothing.
  await textOf(page.getByTestId('backup-no-folder'), 'ligger bare i minnet');
  await page.getByTestId('backup-create').click();
  await textOf(page.getByTestId('backup-no-folder'), 'kan ikke sikkerhetskopieres');
  expect(await page.getByTestId('backup-latest').count()).toBe(0);
  expect(await page.getByTestId('backup-error').count()).toBe(0);
  await gui.shot('settings-backups-in-memory');
});

test('with a database file a backup is taken, shown with its size, and listed', async () => {
  const gui = await openGui({ dbFile: join(dir, 'kvitt.sqlite') });
  opened.push(gui);
  const { page } = gui;
  await openBackups(gui);
  await textOf(page.getByTestId('backup-data-folder'), dir);
  await textOf(page.getByTestId('backups-empty'), 'Ingen sikkerhetskopier');
  expect(await page.getByTestId('backup-no-folder').count()).toBe(0);

  await page.getByTestId('backup-create').click();
  const latest = await textOf(page.getByTestId('backup-latest'), /kvitt-\d{14}\.kvittbackup/);
  // Size in kB with a decimal comma.
  expect(latest).toMatch(/\d+,\d kB/);
  await textOf(page.getByTestId('backups-table'), /kvitt-\d{14}\.kvittbackup/);
  await expect.poll(() => page.getByTestId('backup-row').count()).toBe(1);
  // The time is shown Norwegian style (dd.mm.yyyy hh:mm).
  await textOf(page.getByTestId('backup-row').first(), /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  const file = /kvitt-\d{14}(-\d+)?\.kvittbackup/.exec(latest)![0];
  expect(existsSync(join(dir, 'backups', file))).toBe(true);
  expect(statSync(join(dir, 'backups', file)).size).toBeGreaterThan(0);

  // A second one the same second gets its own name; the list grows.
  await page.getByTestId('backup-create').click();
  await expect.poll(() => page.getByTestId('backup-row').count()).toBe(2);
  await gui.shot('settings-backups');

  const api = await gui.server.json('/originators/current/backups');
  expect(api.status).toBe(200);
  expect(api.body).toHaveLength(2);
});
