/**
 * Status honesty: an EHF the sender wrote to the data folder's outbox/ehf is "Klar i EHF-mappen" in Utboks, not "Levert";
 * beside it the browser build shows that folder's path with a copy button (a browser cannot open folders; the desktop
 * app opens it, test/ipc/ehf-folder.test.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { navTo, openGui, textOf, visible, type Gui } from './helpers/browser.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-ehf-status-'));
let gui: Gui;
let invoiceNumber = 0;
beforeAll(async () => {
  gui = await openGui({ today: new Date().toISOString().slice(0, 10), dbFile: join(dir, 'kvitt.sqlite') });
  const s = gui.server;
  const settings = await s.json('/originators/current/settings', {
    method: 'PUT',
    body: { company: { name: 'Kvitt Test AS', orgNumber: '923609016', orgForm: 'as', vatRegistered: true, bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' } },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  expect((await s.json('/recipients/', { body: recipient({ name: 'Fjord Bygg AS', customerNumber: '1001' }) })).status).toBe(201);
});
afterAll(async () => {
  await gui?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an EHF written to the EHF folder shows as Klar i EHF-mappen', async () => {
  const s = gui.server;
  const inv = await s.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Konsulenttime', quantity: 2, unitPrice: 1250, taxRate: 25 }] } });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  const n = inv.body.number;
  invoiceNumber = n;
  expect((await s.json(`/invoices/${n}/send`, { body: { ehf: {} } })).status).toBe(200);
  const [r] = (await s.json('/outbox/flush', { method: 'POST' })).body as Array<{ status: string }>;
  expect(r.status).toBe('DELIVERED');
  expect(existsSync(join(dir, 'outbox', 'ehf', `faktura-${n}.xml`))).toBe(true);
  const { page } = gui;
  await navTo(page, 'Utboks');
  await visible(page.getByTestId('outbox-screen'));
  await page.getByTestId('outbox-tab-delivered').click();
  await textOf(page.getByTestId('outbox-table'), 'Klar i EHF-mappen');
  expect(await page.locator('[data-state="WRITTEN"]').count()).toBe(1);
  await gui.shot('sending-ehf-written');
});

test('beside Klar i EHF-mappen: the EHF folder\'s path, copied with one click', async () => {
  const { page, context } = gui;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gui.server.base });
  await navTo(page, 'Utboks');
  await page.getByTestId('outbox-tab-delivered').click();
  await textOf(page.getByTestId('outbox-table'), 'Klar i EHF-mappen');
  const button = page.getByTestId('outbox-ehf-folder');
  expect(await button.count()).toBe(1);
  expect(await button.textContent()).toBe('Vis EHF-mappen');
  await button.click();
  const dropdown = page.getByTestId('outbox-ehf-folder-path');
  await visible(dropdown);
  const folder = join(dir, 'outbox', 'ehf');
  expect(await page.getByTestId('outbox-ehf-folder-input').inputValue()).toBe(folder);
  // the folder shown is the one the EHF file is in
  expect(existsSync(join(await page.getByTestId('outbox-ehf-folder-input').inputValue(), `faktura-${invoiceNumber}.xml`))).toBe(true);
  await textOf(dropdown, 'kopier stien');
  await gui.shot('sending-ehf-folder');
  await page.getByTestId('outbox-ehf-folder-copy').click();
  await textOf(page.getByTestId('outbox-ehf-folder-copy'), 'Kopiert');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(folder);
});
