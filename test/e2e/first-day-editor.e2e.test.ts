import { afterAll, beforeAll, expect, test } from 'vitest';
import { fieldValue, openGuiWithCompany, settled, textOf, visible, type Gui, goTo, drawnAt, discardChanges } from './helpers/browser.js';

// The invoice editor on a first day: a customer and a product made without leaving it, a product picked fills its
// line at once, Enter picks the single match, Esc closes the editor (asking first when something was typed).
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const p = await gui.server.json('/products/', { body: { code: 'VASK', description: 'Vask av trapp', unitPrice: 450, taxRate: 15, unit: 'gang' } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
});
afterAll(async () => {
  await gui?.close();
});

async function newInvoice() {
  await goTo(gui.page, '#/invoices/drafts/new', gui.page.getByTestId('doc-editor'));
}

async function shots(name: string) {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 860 });
  await settled(page);
  await gui.shot(`${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page);
  await gui.shot(`${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

test('a customer not found is made from the editor and chosen; the editor stays open with what was typed', async () => {
  const { page, server } = gui;
  await newInvoice();
  await page.getByLabel('Beskrivelse 1').fill('Brøyting');
  const input = page.getByRole('textbox', { name: 'Kunde' });
  await input.click();
  await input.fill('Nordlys Regnskap');
  await page.getByTestId('customer-create-from-search').click();
  await visible(page.getByTestId('quick-customer'));
  expect(await page.getByTestId('quick-customer-name').inputValue()).toBe('Nordlys Regnskap');
  await page.getByTestId('quick-customer-orgNumber').fill('989 743 309');
  await page.getByTestId('quick-customer-address1').fill('Storgata 90');
  await page.getByTestId('quick-customer-zip').fill('9008');
  expect(await page.getByTestId('quick-customer-city').inputValue()).toBe('TROMSØ');
  await page.getByTestId('quick-customer-email').fill('post@nordlys.no');
  await shots('editor-new-customer');
  await page.getByTestId('quick-customer-save').click();
  await page.getByTestId('quick-customer').waitFor({ state: 'detached' });
  await fieldValue(input, 'Nordlys Regnskap');
  expect(page.url()).toMatch(/#\/invoices\/drafts\/new$/);
  expect(await page.getByLabel('Beskrivelse 1').inputValue()).toBe('Brøyting');
  const found = await server.json(`/recipients/?q=${encodeURIComponent('989 743 309')}`);
  expect(found.body.map((r: { name: string; contact: { address: { city: string } } }) => [r.name, r.contact.address.city])).toEqual([['Nordlys Regnskap', 'TROMSØ']]);
  // The "+ Ny kunde" link under the field opens the same form at any time.
  await page.getByTestId('customer-create').click();
  await visible(page.getByTestId('quick-customer'));
  await page.keyboard.press('Escape'); // closes the form, not the editor
  await page.getByTestId('quick-customer').waitFor({ state: 'detached' });
  await visible(page.getByTestId('doc-editor'));
});

test('a product not found is made from its line, and the line is filled from it', async () => {
  const { page, server } = gui;
  await page.getByRole('textbox', { name: 'Varenr. 1' }).fill('BRØYT');
  await page.getByTestId('product-create-option').click();
  await visible(page.getByTestId('quick-product'));
  expect(await page.getByTestId('quick-product-code').inputValue()).toBe('BRØYT');
  expect(await page.getByTestId('quick-product-description').inputValue()).toBe('Brøyting');
  await page.getByTestId('quick-product-unitPrice').fill('1 250,50');
  await page.getByTestId('quick-product-taxRate').selectOption('25');
  await page.getByTestId('quick-product-unit').fill('time');
  await shots('editor-new-product');
  await page.getByTestId('quick-product-save').click();
  await page.getByTestId('quick-product').waitFor({ state: 'detached' });
  await fieldValue(page.getByLabel('Pris 1'), '1250,50');
  expect(await page.getByLabel('Enhet 1').inputValue()).toBe('time');
  expect((await server.json('/products/?q=BR%C3%98YT')).body).toMatchObject([{ code: 'BRØYT', description: 'Brøyting', unitPrice: 1250.5, taxRate: 25, unit: 'time' }]);
});

test('picking a product fills description, price and VAT at once (before leaving the field); Enter picks the single match', async () => {
  const { page } = gui;
  await page.getByTestId('add-line').click();
  const code = page.getByRole('textbox', { name: 'Varenr. 2' });
  await code.fill('VAS');
  await page.getByRole('option', { name: /VASK/ }).click();
  // Still in the field: the line is filled already, as the preview's amount is.
  expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
  await fieldValue(page.getByLabel('Beskrivelse 2'), 'Vask av trapp');
  expect(await page.getByLabel('Pris 2').inputValue()).toBe('450,00');
  expect(await page.getByLabel('MVA 2').inputValue()).toBe('15');
  expect(await code.inputValue()).toBe('VASK');

  // Enter on a search that finds one product (by its description) picks it.
  await page.getByTestId('add-line').click();
  const third = page.getByRole('textbox', { name: 'Varenr. 3' });
  await third.fill('trapp');
  await third.press('Enter');
  await fieldValue(page.getByLabel('Beskrivelse 3'), 'Vask av trapp');
  expect(await third.inputValue()).toBe('VASK');

  // Enter in the customer search with one customer found picks it.
  const customer = page.getByRole('textbox', { name: 'Kunde' });
  await customer.click();
  await customer.fill('Fjord');
  await customer.press('Enter');
  await fieldValue(customer, 'Fjord Bygg AS');
  await shots('editor-lines-filled');
});

test('Esc closes the editor: at once when nothing was typed, after asking when something was', async () => {
  const { page } = gui;
  await newInvoice();
  await page.getByLabel('Beskrivelse 1').fill('Takrenner');
  await page.getByTestId('editor-title').click();
  await page.keyboard.press('Escape');
  await visible(page.getByTestId('unsaved-discard'));
  await shots('editor-esc-asks');
  await discardChanges(page);
  await drawnAt(page, /#\/invoices$/);

  await newInvoice();
  await page.getByTestId('editor-title').click();
  await page.keyboard.press('Escape');
  await drawnAt(page, /#\/invoices$/);
});
