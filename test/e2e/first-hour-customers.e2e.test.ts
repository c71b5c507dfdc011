import { afterAll, beforeAll, expect, test } from 'vitest';
import { navTo, openGuiWithCompany, textOf, fieldValue, visible, type Gui, goTo, drawnAt } from './helpers/browser.js';

/** Issue 8, customers: postcode register, next customer number, formatted numbers, the customer's documents and balance. */
let gui: Gui;
const today = new Date().toISOString().slice(0, 10);
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

test('a new customer: Poststed from Postnummer, an unknown postcode flagged, the next customer number, numbers shown as people write them', async () => {
  const { page } = gui;
  await navTo(page, 'Kunder');
  await page.getByTestId('recipient-new').click();
  await page.getByLabel('Navn').first().fill('Andersen Catering AS');
  await page.getByLabel('Postnummer').fill('9999');
  await textOf(page.getByTestId('zip-unknown'), 'Ukjent postnummer');
  await page.getByLabel('Postnummer').fill('5003');
  await expect.poll(() => page.getByLabel('Poststed').inputValue()).toBe('BERGEN');
  await expect.poll(() => page.getByTestId('zip-unknown').count()).toBe(0);
  await page.getByLabel('Organisasjonsnummer').fill('923609017');
  await page.getByTestId('field-organisation.form').click();
  await page.getByRole('option', { name: 'Aksjeselskap (AS)' }).click();
  await page.getByTestId('form-save').click();
  await textOf(page.getByTestId('error-organisation.number'), 'sjekk de 9 sifrene');
  expect(await page.getByTestId('error-organisation.number').textContent()).not.toContain('MOD11');
  await gui.shot('first-hour-customer-form');
  await page.getByLabel('Organisasjonsnummer').fill('923609016');
  await page.getByLabel('Telefon').first().fill('22620002');
  await page.getByTestId('form-save').click();
  await drawnAt(page, /#\/recipients\/\d+$/);
  const body = await textOf(page.locator('body'), 'Kundenr. 10001');
  expect(body).toContain('923 609 016');
  expect(body).toContain('22 62 00 02');
});

test("the customer's page: balance with overdue, invoices and credit notes, Ny faktura for that customer; the invoice links back", async () => {
  const { page, server } = gui;
  const list = (await server.json('/recipients/?q=Andersen')).body as { number: number }[];
  const n = list[0].number;
  const overdue = await server.json('/invoices/', { body: { recipient: { number: n }, invoiceDate: '2025-01-10', dueDate: '2025-01-24', items: [{ description: 'Lunsj', quantity: 1, unitPrice: 800, taxRate: 25 }] } });
  expect(overdue.status, JSON.stringify(overdue.body)).toBe(201);
  const open = await server.json('/invoices/', { body: { recipient: { number: n }, items: [{ description: 'Middag', quantity: 1, unitPrice: 2000, taxRate: 25 }] } });
  const openNo = Number(open.res.headers.get('location')!.split('/').pop());
  await server.json(`/invoices/${openNo}/payments`, { body: { date: today, amount: 500 } });

  await goTo(page, `#/recipients/${n}`, page.getByTestId('customer-open'));
  await page.reload(); // the customer's page of the test before is still open: load it anew
  // open: 1 000,00 overdue + 2 500,00 less 500,00 paid
  await textOf(page.getByTestId('customer-open'), '3 000,00');
  await textOf(page.getByTestId('customer-overdue'), '1 000,00');
  await page.getByTestId('tab-invoices').click();
  await textOf(page.getByTestId('customer-invoices'), 'Forfalt');
  await textOf(page.getByTestId('customer-invoices'), 'Delvis betalt');
  await expect.poll(() => page.getByTestId('customer-invoices').getByTestId('doc-row').count()).toBe(2);
  await gui.shot('first-hour-customer-page');
  await page.getByTestId('tab-credit-notes').click();
  await textOf(page.getByTestId('customer-credit-notes'), 'Ingen kreditnotaer');

  await page.getByTestId('customer-new-invoice').click();
  await drawnAt(page, /#\/invoices\/drafts\/new/);
  await visible(page.getByTestId('doc-editor'));
  // The customer is fetched after the editor opens: wait for it to land in Kunde.
  await fieldValue(page.getByRole('textbox', { name: 'Kunde' }), 'Andersen Catering AS');
  await gui.shot('first-hour-new-invoice-for-customer');

  await goTo(page, `#/invoices/${openNo}`, page.getByTestId('customer-link'));
  await page.getByTestId('customer-link').click();
  await drawnAt(page, new RegExp(`#/recipients/${n}$`));
  await visible(page.getByTestId('customer-balance'));
});
