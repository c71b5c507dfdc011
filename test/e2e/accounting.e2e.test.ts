import { afterAll, beforeAll, expect, test } from 'vitest';
import { goTo as go, openGuiWithCompany, settled, textOf, visible, type Gui } from './helpers/browser.js';

// Innstillinger → Regnskap and Rapporter → Regnskap as a person uses them: the account table with the service's own
// error beside a wrong account, a changed account saved with its grouping, the Mva-melding's term and the SAF-T panel.
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

test('Regnskap: a sales account outside class 3 is refused beside the field; a new account saves with its grouping', async () => {
  const { page, server } = gui;
  await go(page, '#/settings/accounting', page.getByTestId('accounting-settings'));
  await settled(page);
  await gui.shot('accounting-settings');
  const account = page.getByTestId('field-accounting.accounts.salesLow.account');
  await account.fill('1500');
  await page.getByTestId('accounting-save').click();
  await textOf(page.getByTestId('accounting-settings'), /standard kontoplan/);
  await gui.shot('accounting-settings-error');
  expect((await server.json('/originators/current/settings')).body.accounting.accounts.salesLow.account).toBe('3050');
  await account.fill('3055');
  await page.getByTestId('field-accounting.accounts.salesLow.groupingCode').fill('3000');
  await page.getByTestId('accounting-save').click();
  await textOf(page.locator('body'), /Regnskapsinnstillingene er lagret/);
  expect((await server.json('/originators/current/settings')).body.accounting.accounts.salesLow).toEqual({ account: '3055', groupingCategory: 'salgsinntekt', groupingCode: '3000' });
});

test('Rapporter → Regnskap: Mva-melding with year and term, SAF-T with its period', async () => {
  const { page } = gui;
  await go(page, '#/reports?r=vat', page.getByTestId('param-term'));
  await visible(page.getByTestId('param-year'));
  await gui.shot('accounting-vat-report');
  await page.getByTestId('report-saft').click();
  await visible(page.getByTestId('saft-panel'));
  await visible(page.getByTestId('saft-download'));
  await gui.shot('accounting-saft-panel');
});

test('Ny vare: its own sales account is kept; one outside class 3 is refused beside the field', async () => {
  const { page, server } = gui;
  await go(page, '#/products/new', page.getByLabel('Varenummer'));
  await page.getByLabel('Varenummer').fill('RAAD');
  await page.getByLabel('Beskrivelse').fill('Rådgivning');
  await page.getByLabel('Pris eks. MVA').fill('1200');
  await page.getByTestId('field-product.salesAccount').fill('1920');
  await page.keyboard.press('Control+s');
  await textOf(page.locator('body'), /3000-3999|salgskonto|format/i);
  await gui.shot('accounting-product-account-error');
  await page.getByTestId('field-product.salesAccount').fill('3020');
  await page.keyboard.press('Control+s');
  await visible(page.getByText('Produktet er lagret'));
  const products = (await server.json('/products/?q=RAAD')).body as Array<{ code: string; salesAccount: string | null }>;
  expect(products.find((p) => p.code === 'RAAD')?.salesAccount).toBe('3020');
});
