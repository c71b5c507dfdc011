import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { fieldValue, navTo, openGui, textOf, visible, type Gui, drawnAt } from './helpers/browser.js';

const today = new Date().toISOString().slice(0, 10);

let gui: Gui;
beforeAll(async () => {
  gui = await openGui({ today });
  const s = gui.server;
  expect(
    (
      await s.json('/originators/current/settings', {
        method: 'PUT',
        body: { company: { name: 'Kvitt Test AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' } },
      })
    ).status,
  ).toBe(200);
  expect((await s.json('/recipients/', { body: recipient({ name: 'Havblikk Hotell AS', customerNumber: '2001' }) })).status).toBe(201);
});
afterAll(async () => {
  await gui?.close();
});

const nav = (name: string) => navTo(gui.page, name);

test('offer -> order confirmation -> invoice, clicked through as a person would', async () => {
  const { page } = gui;
  await nav('Tilbud og ordrebekreftelser');
  await textOf(page.getByTestId('table-empty'), 'Ingen tilbud');
  await gui.shot('offers-list-empty');

  // Write and issue an offer.
  await page.getByTestId('new-offer').click();
  await visible(page.getByTestId('doc-editor'));
  const customer = page.getByRole('textbox', { name: 'Kunde' });
  await customer.click();
  await customer.fill('Havbl');
  await page.getByRole('option', { name: /Havblikk Hotell AS/ }).click();
  await fieldValue(customer, 'Havblikk Hotell AS'); // the choice landed before the draft is saved
  await page.getByLabel('Beskrivelse 1').fill('Rammeavtale vedlikehold');
  await page.getByLabel('Antall 1').fill('12');
  await page.getByLabel('Pris 1').fill('1 500,00');
  await page.getByLabel('Rab. % 1').fill('10');
  await textOf(page.getByTestId('total-grand'), '20 250,00');
  await page.keyboard.press('Control+s');
  await drawnAt(page, /#\/offers\/drafts\/\d+$/);
  // Offers preview the saved draft.
  await visible(page.locator('[data-testid="pdf-pages"][data-rendered="true"] canvas'), 20_000);
  await gui.shot('offer-editor');
  await page.keyboard.press('Control+i');
  await textOf(page.getByTestId('issue-warning'), 'kan ikke endres');
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/offers\/\d+$/);
  await textOf(page.getByTestId('status-badge'), 'Åpent');
  await textOf(page.getByTestId('doc-total'), '20 250,00');
  await gui.shot('offer-detail');

  // Offer -> order confirmation.
  await page.getByTestId('to-order-confirmation').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/offers\/order-confirmations\/\d+$/);
  await textOf(page.getByTestId('chain'), 'tilbud');
  await textOf(page.getByTestId('doc-total'), '20 250,00');
  await gui.shot('order-confirmation-detail');

  // Order confirmation -> invoice draft, opened in the editor, then issued.
  await page.getByTestId('to-invoice').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  await visible(page.getByTestId('doc-editor'));
  await expect.poll(() => page.getByLabel('Beskrivelse 1').inputValue()).toBe('Rammeavtale vedlikehold');
  await textOf(page.getByTestId('total-grand'), '20 250,00');
  await gui.shot('invoice-draft-from-order-confirmation');
  await page.getByTestId('issue').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/\d+$/);
  await textOf(page.getByTestId('invoice-total'), '20 250,00');

  // The chain shows in the lists: the offer is converted, the order confirmation listed.
  await nav('Tilbud og ordrebekreftelser');
  await page.getByRole('tab', { name: 'Tilbud', exact: true }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Videreført');
  await gui.shot('offers-list');
  await page.getByRole('tab', { name: 'Ordrebekreftelser', exact: true }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Havblikk Hotell AS');
  await page.getByTestId('doc-row').first().click();
  await textOf(page.getByTestId('chain'), 'faktura');
  await gui.shot('order-confirmation-invoiced');
});

test('an offer draft can be written directly into an order confirmation draft and issued', async () => {
  const { page } = gui;
  await nav('Tilbud og ordrebekreftelser');
  await page.getByTestId('new-order-confirmation').click();
  const customer = page.getByRole('textbox', { name: 'Kunde' });
  await customer.click();
  await customer.fill('Havbl');
  await page.getByRole('option', { name: /Havblikk Hotell AS/ }).click();
  await fieldValue(customer, 'Havblikk Hotell AS'); // the choice landed before the draft is saved
  await page.getByLabel('Beskrivelse 1').fill('Levering av møbler');
  await page.getByLabel('Pris 1').fill('8000');
  await page.getByTestId('issue').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/offers\/order-confirmations\/\d+$/);
  await textOf(page.getByTestId('doc-total'), '10 000,00');
});

test('the document screens speak English too', async () => {
  const { page } = gui;
  await page.getByTestId('lang-switch').click();
  await gui.page.locator('nav[aria-label="Hovedmeny"]').getByRole('link', { name: 'Invoices', exact: true }).click();
  await visible(page.getByRole('tab', { name: 'Not due' }));
  await page.getByTestId('new-invoice').click();
  await visible(page.getByRole('button', { name: 'Issue invoice' }));
  await textOf(page.getByTestId('doc-totals'), 'To pay NOK');
  await gui.shot('invoice-editor-en');
  await page.getByTestId('lang-switch').click();
  await visible(page.getByRole('button', { name: 'Utsted faktura' }));
});
