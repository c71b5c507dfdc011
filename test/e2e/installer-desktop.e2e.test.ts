/**
 * The desktop pieces of the installer work (docs/installer.md) in the built renderer: Settings → Data's update switch
 * (shown in the desktop app only: window.desktop stands in for the preload's connection functions) and the screen a
 * backup opened from the file manager lands on (main/index.ts sets #/settings/backups?open=<file>).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { takeOpenedBackup } from '../../main/features/backups/opened-backup.js';
import { recipient } from '../helpers/server.js';
import { openGui, settled, textOf, visible, type Gui, goTo } from './helpers/browser.js';

let gui: Gui;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-installer-e2e-'));

beforeAll(async () => {
  gui = await openGui({ dbFile: join(dir, 'kvitt.sqlite') });
  await gui.context.addInitScript(() => {
    (window as unknown as { desktop: unknown }).desktop = {
      getConnection: async () => ({ ok: true, value: { mode: 'local', file: '/home/kari/.config/Kvitt/kvitt.sqlite' } }),
      setConnection: async () => ({ ok: true, value: null }),
    };
  });
});
afterAll(async () => {
  await gui?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('Settings → Data: updates are off until the switch is turned on, and the choice is saved', async () => {
  const { page, server } = gui;
  await goTo(page, '#/settings/data', page.locator('main[data-path="/settings/data"]'));
  await page.reload(); // a new document, so the stand-in window.desktop is there from the start
  const toggle = page.getByTestId('updates-automatic');
  await visible(page.getByText('Se etter oppdateringer automatisk'));
  expect(await toggle.isChecked()).toBe(false);
  await textOf(page.getByText('bruker Kvitt aldri nettet for oppdateringer', { exact: false }), 'aldri nettet');
  await page.getByRole('switch', { name: 'Se etter oppdateringer automatisk' }).click();
  await visible(page.getByText('Kvitt ser etter oppdateringer automatisk.'));
  expect((await server.json('/originators/current/settings')).body.updates.automatic).toBe(true);
  await settled(page);
  await gui.shot('installer-settings-data-updates');
  await page.setViewportSize({ width: 1024, height: 800 });
  await settled(page);
  await gui.shot('installer-settings-data-updates-1024');
  await page.setViewportSize({ width: 1360, height: 860 });
});

test('a backup opened from the file manager opens on its restore dialog, showing what it holds', async () => {
  const { page, server } = gui;
  expect((await server.json('/recipients/', { body: [recipient({ customerNumber: 'F1' })] })).status).toBe(201);
  const made = await server.json('/originators/current/backups', { method: 'POST', body: {} });
  const elsewhere = join(dir, 'Kopi fra minnepinne.sqlite');
  copyFileSync(made.body.path, elsewhere);
  const name = takeOpenedBackup(server.app.ctx, elsewhere);
  await goTo(page, `#/settings/backups?open=${encodeURIComponent(name)}`, page.getByTestId('restore-modal'));
  await visible(page.getByTestId('restore-counts'));
  await textOf(page.getByTestId('restore-modal'), name);
  await settled(page);
  await gui.shot('installer-opened-backup');
});
