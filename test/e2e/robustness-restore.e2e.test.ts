import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { COMPANY } from '../helpers/documents.js';
import { recipient } from '../helpers/server.js';
import { navTo, openGui, textOf, visible, type Gui } from './helpers/browser.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-restore-e2e-'));
let gui: Gui | null = null;
afterAll(async () => {
  await gui?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('Settings → Sikkerhetskopi: choose a backup, see what it holds, restore it; the current file is kept first', async () => {
  gui = await openGui({ dbFile: join(dir, 'kvitt.sqlite'), today: '2026-03-15' });
  const { page, server: s } = gui;
  expect((await s.json('/originators/current/settings', { method: 'PUT', body: { company: COMPANY } })).status).toBe(200);
  const c = await s.json('/recipients/', { body: recipient({ name: 'Fjord Bygg AS', customerNumber: '1001' }) });
  const customer = Number(c.res.headers.get('location')!.split('/').pop());
  const inv = await s.json('/invoices/', { body: { recipient: { number: customer }, items: [{ description: 'Konsulenttime', quantity: 2, unitPrice: 1250, taxRate: 25 }] } });
  expect(inv.status).toBe(201);
  const invoiceNumber = Number(inv.res.headers.get('location')!.split('/').pop());

  await navTo(page, 'Innstillinger');
  await visible(page.getByRole('heading', { name: 'Innstillinger' }));
  await page.getByRole('tab', { name: 'Sikkerhetskopi' }).click();
  await textOf(page.getByTestId('backup-automatic'), '7 siste dagene');
  await page.getByTestId('backup-create').click();
  await textOf(page.getByTestId('backup-latest'), /kvitt-\d{14}\.kvittbackup/);

  // After the backup: a customer that the restore will take away.
  expect((await s.json('/recipients/', { body: recipient({ name: 'Etter Kopien AS', customerNumber: '1002' }) })).status).toBe(201);

  await page.getByTestId('backup-restore-open').first().click();
  const modal = page.getByTestId('restore-modal');
  await visible(modal);
  const counts = await textOf(page.getByTestId('restore-counts'), 'Kunder');
  expect(counts).toMatch(/Kunder\s*1/);
  expect(counts).toMatch(/Fakturaer\s*1/);
  await textOf(page.getByTestId('restore-newest'), `Faktura ${invoiceNumber} av 15.03.2026 til Fjord Bygg AS, 3 125,00 kr`);
  await textOf(page.getByTestId('restore-warning'), 'erstattes');
  await gui.shot('settings-backups-restore-preview');

  await page.getByTestId('restore-confirm').click();
  const done = await textOf(page.getByTestId('restore-done'), /før, er lagret som kvitt-\d{14}-before-restore\.kvittbackup/);
  expect(done).toContain('Kvitt bruker nå innholdet i kvitt-');
  await gui.shot('settings-backups-restored');

  // The service answers from the restored file at once; the GUI starts over on it.
  const list = await s.json('/recipients/');
  expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Fjord Bygg AS']);
  // The page loads anew: wait for the new document, not the menu of the one being left (a click there is lost).
  await Promise.all([page.waitForEvent('load'), page.getByTestId('restore-reload').click()]);
  await page.waitForSelector('nav[aria-label="Hovedmeny"]');
  await navTo(page, 'Kunder');
  await textOf(page.locator('body'), 'Fjord Bygg AS');
  expect(await page.getByText('Etter Kopien AS').count()).toBe(0);

  // The copy of the database from before the restore is listed as such.
  await navTo(page, 'Innstillinger');
  await page.getByRole('tab', { name: 'Sikkerhetskopi' }).click();
  await textOf(page.getByTestId('backups-table'), 'Før gjenoppretting');
  await expect.poll(() => page.getByTestId('backup-row').count()).toBe(2);
  await gui.shot('settings-backups-after-restore');
});
