import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_KEY } from '../helpers/server.js';
import { openGui, textOf, visible, type Gui } from './helpers/browser.js';

let gui: Gui;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-settings-'));
// A 1x1 teal PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M/wHwAEBgIApD5fRAAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  gui = await openGui();
});
afterAll(async () => {
  await gui?.close();
});

async function openTab(name: string) {
  const { page } = gui;
  await page.getByRole('link', { name: 'Innstillinger' }).click();
  await visible(page.getByRole('heading', { name: 'Innstillinger' }));
  await page.getByRole('tab', { name }).click();
}

test('Firma: an invalid bank account is refused next to the field; the fixed company is saved with a logo', async () => {
  const { page, server } = gui;
  await openTab('Firma');
  await page.getByLabel('Firmanavn').fill('Kvitt Testfirma AS');
  await page.getByLabel('Organisasjonsnummer').fill('923609016');
  await page.getByTestId('field-company.address1').fill('Kongens gate 1');
  await page.getByTestId('field-company.zip').fill('0153');
  await page.getByTestId('field-company.city').fill('OSLO');
  await page.getByTestId('field-company.email').fill('faktura@testfirma.no');
  await page.getByLabel('Kontonummer').fill('1234 56 78900');
  await page.getByTestId('company-save').click();
  await textOf(page.getByTestId('error-company.bankAccount'), 'gyldig kontonummer');
  expect(await page.getByLabel('Kontonummer').getAttribute('aria-invalid')).toBe('true');
  await gui.shot('settings-company-error');
  // Nothing was saved.
  expect((await server.json('/originators/current/settings')).body.company.name).toBe('');

  await page.getByLabel('Kontonummer').fill('1234 56 78903');
  const logo = join(dir, 'logo.png');
  writeFileSync(logo, PNG);
  await page.locator('input[type=file]').setInputFiles(logo);
  await visible(page.getByTestId('company-logo-preview'));
  await page.keyboard.press('Control+s');
  await visible(page.getByText('Firmaopplysningene er lagret'));
  await gui.shot('settings-company');

  const saved = (await server.json('/originators/current/settings')).body.company;
  expect(saved.name).toBe('Kvitt Testfirma AS');
  expect(saved.bankAccount).toBe('12345678903');
  expect(saved.logo).toMatch(/^data:image\/png;base64,/);

  await page.reload();
  await visible(page.getByRole('heading', { name: 'Innstillinger' }));
  expect(await page.getByLabel('Firmanavn').inputValue()).toBe('Kvitt Testfirma AS');
  await visible(page.getByTestId('company-logo-preview'));
});

test('Fakturering: defaults, KID and number series are saved', async () => {
  const { page, server } = gui;
  await openTab('Fakturering');
  await page.getByLabel('Kredittdager').fill('20');
  await page.getByTestId('field-invoicing.kidScheme').click();
  await page.getByRole('option', { name: 'MOD11' }).click();
  await page.getByLabel('Første fakturanummer').fill('2001');
  await gui.shot('settings-invoicing');
  await page.getByTestId('invoicing-save').click();
  await visible(page.getByText('Fakturainnstillingene er lagret'));
  const inv = (await server.json('/originators/current/settings')).body.invoicing;
  expect(inv).toMatchObject({ defaultCreditDays: 20, kidScheme: 'MOD11', firstInvoiceNumber: 2001 });
});

test('custom field and label are defined in settings and used on a customer', async () => {
  const { page } = gui;
  await openTab('Egendefinerte felt');
  await textOf(page.getByTestId('fields-empty'), 'Ingen egendefinerte felt');
  await page.getByTestId('field-new').click();
  await page.getByTestId('field-def-name').fill('Bransje');
  await page.getByTestId('field-def-type').click();
  await page.getByRole('option', { name: 'Valgliste' }).click();
  // A SELECT field without options: the service says what is missing, next to the options input.
  await page.getByTestId('field-def-save').click();
  await textOf(page.getByTestId('error-options'), 'minst ett valg');
  const options = page.getByTestId('field-def-options');
  await options.fill('Bygg');
  await options.press('Enter');
  await options.fill('Handel');
  await options.press('Enter');
  await page.getByLabel('Påkrevd på alle kunder').check();
  await gui.shot('settings-custom-field-dialog');
  await page.getByTestId('field-def-save').click();
  await textOf(page.getByTestId('fields-table'), 'Bransje');
  await textOf(page.getByTestId('fields-table'), 'Valgliste');
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
  await gui.shot('settings-custom-fields');

  await page.getByRole('tab', { name: 'Etiketter' }).click();
  await page.getByTestId('label-name').fill('Storkunde');
  await page.getByTestId('label-add').click();
  await textOf(page.getByTestId('labels-table'), 'Storkunde');
  // A taken name is refused next to the input.
  await page.getByTestId('label-name').fill('Storkunde');
  await page.getByTestId('label-add').click();
  await textOf(page.getByTestId('error-label-name'), 'i bruk');
  await page.getByTestId('label-name').fill('');

  // Use both on a new customer.
  await page.getByRole('link', { name: 'Kunder' }).click();
  await page.getByTestId('recipient-new').click();
  await page.getByLabel('Navn').first().fill('Byggmester Berg AS');
  await page.getByLabel('Postnummer').fill('5003');
  await page.getByLabel('Poststed').fill('BERGEN');
  await page.getByTestId('field-labels').click();
  await page.getByRole('option', { name: 'Storkunde' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('form-save').click();
  // The required custom field is named by the service next to its input.
  await textOf(page.locator('[data-testid^="error-custom-"]'), 'Bransje må fylles ut');
  await gui.shot('recipients-form-custom-field-error');
  await page.locator('input[data-testid^="custom-"]').click();
  await page.getByRole('option', { name: 'Bygg' }).click();
  await page.getByTestId('form-save').click();
  await textOf(page.getByTestId('recipient-title'), 'Byggmester Berg AS');
  await textOf(page.locator('main'), 'Bransje');
  await textOf(page.locator('main'), 'Bygg');
  await textOf(page.locator('main'), 'Storkunde');
  await gui.shot('recipients-detail-custom-field');

  await openTab('Etiketter');
  const row = page.getByTestId('labels-table').getByRole('row').filter({ hasText: 'Storkunde' });
  await textOf(row, '1');
  await gui.shot('settings-labels');
});

test('Valutakurser: a rate is added and listed; a bad currency code is refused next to the field', async () => {
  const { page } = gui;
  await openTab('Valutakurser');
  await page.getByTestId('rate-currency').fill('EU');
  await page.getByTestId('rate-value').fill('11,5');
  await page.getByTestId('rate-save').click();
  await visible(page.getByTestId('error-currency'));
  await page.getByTestId('rate-currency').fill('EUR');
  await page.getByTestId('rate-save').click();
  await visible(page.getByText('Kursen for EUR er lagret'));
  const row = page.getByTestId('rates-table').getByRole('row').filter({ hasText: 'EUR' });
  await textOf(row, '11,5000');
  await gui.shot('settings-rates');
});

test('API: port and on/off are saved for the next start; the key is masked, shown, and fixed by KVITT_API_KEY', async () => {
  const { page, server } = gui;
  await openTab('API');
  await textOf(page.getByTestId('api-restart-note'), 'neste gang Kvitt starter');
  const masked = await textOf(page.getByTestId('api-key'), '•');
  expect(masked).not.toContain(TEST_KEY);
  await page.getByTestId('api-key-show').click();
  await textOf(page.getByTestId('api-key'), TEST_KEY);

  await page.getByTestId('api-port').fill('80');
  await page.getByTestId('api-save').click();
  await visible(page.getByTestId('error-api.port'));
  await page.getByTestId('api-port').fill('7171');
  await page.getByTestId('api-enabled').click({ force: true });
  await page.getByTestId('api-save').click();
  await visible(page.getByText('API-innstillingene er lagret'));
  expect((await server.json('/originators/current/settings')).body.api).toEqual({ enabled: false, port: 7171, sessionIdleMinutes: 480, sessionMaxDays: 7 });

  await page.getByTestId('api-key-regenerate').click();
  await page.getByTestId('confirm-ok').click();
  await textOf(page.getByTestId('api-key-error'), 'KVITT_API_KEY');
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
  await gui.shot('settings-api');
});

test('Fakturering: once an invoice is issued, changing the invoice series is refused (409) next to the field', async () => {
  const { page, server } = gui;
  const berg = (await server.json('/recipients/?q=byggmester')).body[0];
  const issued = await server.json('/invoices/', { body: { recipient: { number: berg.number }, items: [{ description: 'Timer', quantity: 1, unitPrice: 1000, taxRate: 25 }] } });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);

  await openTab('Fakturering');
  await page.getByLabel('Første fakturanummer').fill('3001');
  await page.getByTestId('invoicing-save').click();
  await textOf(page.getByTestId('error-invoicing.firstInvoiceNumber'), 'kan ikke endres etter første utstedte dokument');
  await textOf(page.getByTestId('invoicing-errors'), 'Nummerseriene kan ikke endres');
  await gui.shot('settings-invoicing-locked');
  expect((await server.json('/originators/current/settings')).body.invoicing.firstInvoiceNumber).toBe(2001);
});
