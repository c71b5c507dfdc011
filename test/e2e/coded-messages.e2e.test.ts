import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventBody } from '../events/setup.js';
import { navTo, openGuiWithCompany, settled, textOf, visible, type Gui, goTo, drawnAt } from './helpers/browser.js';

// Messages the GUI words by code, not by matching the service's English sentence: a page for something that does not
// exist (NOT_FOUND with params.entity) and a shipment that waits because e-mail is not set up yet (lastErrorCode).
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

test('a page for an event, a customer and an invoice that do not exist says so in Norwegian, from the error code', async () => {
  const { page } = gui;
  const ev = await gui.server.json('/host/events/', { body: eventBody({ date: '2099-04-20 09:00', endDate: '2099-04-20 15:00', registrationDeadline: '2099-04-15 23:59', productNumber: null, customFields: [] }) });
  expect(ev.status, JSON.stringify(ev.body)).toBe(201);
  for (const [hash, text] of [
    ['#/events/999999', 'Arrangement 999999 finnes ikke'],
    ['#/invoices/999998', 'Faktura 999998 finnes ikke'],
  ] as const) {
    await goTo(page, hash, page.getByTestId('load-failed').getByText(text));
  }
  await settled(page);
  await gui.shot('coded-event-not-found');
});

test('Utboks: a mail queued before e-mail is set up waits for the setup, says so, and leads to Innstillinger → E-post', async () => {
  const { page, server } = gui;
  const [customer] = (await server.json('/recipients/?q=Fjord')).body as { number: number }[];
  const inv = await server.json('/invoices/', { body: { recipient: { number: customer.number }, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 1500, taxRate: 25 }] } });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  const number = Number(inv.res.headers.get('location')!.split('/').pop());
  expect((await server.json(`/invoices/${number}/send`, { body: { email: [{ address: 'venter@fjordbygg.no' }] } })).status).toBe(200);
  await page.setViewportSize({ width: 1024, height: 700 });
  await navTo(page, 'Utboks');
  const row = page.getByTestId('doc-row').filter({ hasText: 'venter@fjordbygg.no' }).first();
  await visible(row);
  await page.getByRole('button', { name: 'Send nå' }).click();
  await textOf(row.getByTestId('shipment-status'), 'Venter på oppsett av e-post', 20_000);
  // The reason column says what to do, read whole at 1024 px; the full reason is its tooltip.
  const reason = row.getByTestId('outbox-reason');
  await textOf(reason, 'Sett opp e-post →');
  expect(await reason.evaluate((a) => { const cell = a.closest('[role=cell]')!; return a.scrollWidth <= a.clientWidth && a.getBoundingClientRect().right <= cell.getBoundingClientRect().right; })).toBe(true);
  await reason.hover();
  await textOf(page.getByRole('tooltip'), /^ingen e-postserver \(SMTP\) er satt opp \(Innstillinger → E-post\)/);
  // The badge is read whole at 1024 px, not cut off
  const badge = row.getByTestId('shipment-status');
  expect(await badge.evaluate((b) => { const l = b.querySelector('span') ?? b; return l.scrollWidth <= l.clientWidth; })).toBe(true);
  await settled(page);
  await gui.shot('coded-outbox-waiting-for-setup');
  await row.getByTestId('outbox-reason').click();
  await drawnAt(page, /^#\/settings\/email/);
  await page.setViewportSize({ width: 1360, height: 860 });
});
