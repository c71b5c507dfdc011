import { afterAll, beforeAll, expect, test } from 'vitest';
import { chooseCustomer, navTo, openGuiWithCompany, settled, textOf, fieldValue, visible, type Gui, goTo, drawnAt, discardChanges } from './helpers/browser.js';

/** Issue 8: nothing lost without asking. The customer form and the Settings tabs use the document editor's guard. */
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

const noDialog = async () => {
  // Two frames for React to render what the key press asked for, then until nothing is moving: a dialog that was
  // going to open is on screen (or fading in) by then.
  await gui.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await settled(gui.page);
  expect(await gui.page.getByTestId('unsaved-discard').isVisible()).toBe(false);
};

test('the customer form asks before leaving with changes (navigation, Escape, Alt+digit), and not without', async () => {
  const { page } = gui;
  await navTo(page, 'Kunder');
  await page.getByTestId('recipient-new').click();
  await visible(page.getByRole('heading', { name: 'Ny kunde' }));
  // Nothing typed: leaving does not ask
  await navTo(page, 'Fakturaer');
  await visible(page.getByTestId('new-invoice'));
  await noDialog();

  await navTo(page, 'Kunder');
  await page.getByTestId('recipient-new').click();
  await page.getByLabel('Navn').first().fill('Halvferdig AS');
  await navTo(page, 'Fakturaer');
  await visible(page.getByTestId('unsaved-discard'));
  await gui.shot('first-hour-unsaved-customer');
  await page.getByTestId('unsaved-cancel').click();
  expect(await page.getByLabel('Navn').first().inputValue()).toBe('Halvferdig AS');
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' }); // Escape is the dialog's own while it closes

  await page.getByLabel('Navn').first().press('Escape');
  await visible(page.getByTestId('unsaved-discard'));
  await page.getByTestId('unsaved-cancel').click();
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Ny kunde' }).click(); // Alt+digit works outside the inputs
  await page.keyboard.press('Alt+3');
  await visible(page.getByTestId('unsaved-discard'));
  await discardChanges(page);
  await visible(page.getByTestId('new-invoice'));
  expect((await gui.server.json('/recipients/?q=Halvferdig')).body).toEqual([]);
});

test('a Settings tab asks before another tab or screen takes over; Lagre saves, then goes', async () => {
  const { page, server } = gui;
  await navTo(page, 'Innstillinger');
  await visible(page.getByLabel('Firmanavn'));
  await page.getByLabel('Firmanavn').fill('Kvitt Endret AS');
  await page.getByTestId('settings-tab-invoicing').click();
  await visible(page.getByTestId('unsaved-discard'));
  await gui.shot('first-hour-unsaved-settings');
  await page.getByTestId('unsaved-save').click();
  await visible(page.getByLabel('Kredittdager'));
  expect((await server.json('/originators/current/settings')).body.company.name).toBe('Kvitt Endret AS');

  // Invoicing tab: a change, then Alt+2 (Kunder): asks; Forkast leaves the stored value as it was
  const before = (await server.json('/originators/current/settings')).body.invoicing.defaultCreditDays;
  await page.getByLabel('Kredittdager').fill('45');
  await page.getByRole('heading', { name: 'Innstillinger' }).click();
  await page.keyboard.press('Alt+2');
  await visible(page.getByTestId('unsaved-discard'));
  await discardChanges(page);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  expect((await server.json('/originators/current/settings')).body.invoicing.defaultCreditDays).toBe(before);

  // Labels tab: a name typed and not added
  await goTo(page, '#/settings/labels', page.getByTestId('label-name'));
  await textOf(page.getByRole('tab', { selected: true }), 'Etiketter');
  await page.getByTestId('label-name').fill('VIP');
  await page.getByTestId('settings-tab-company').click();
  await visible(page.getByTestId('unsaved-discard'));
  await discardChanges(page);
  await textOf(page.getByRole('tab', { selected: true }), 'Firma');
  // Unchanged tab: no question
  await page.getByTestId('settings-tab-invoicing').click();
  await visible(page.getByLabel('Kredittdager'));
  await noDialog();
});

test('the editor says what the user knows; Ctrl+N starts in Kunde; the order confirmation says what it is; a favicon', async () => {
  const { page, server } = gui;
  await navTo(page, 'Fakturaer');
  await visible(page.getByTestId('new-invoice'));
  await page.keyboard.press('Control+n');
  await textOf(page.getByTestId('editor-title'), 'Ny faktura');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Kunde' || (document.activeElement as HTMLInputElement | null)?.closest('[data-testid="customer-select"]') !== null || document.activeElement?.id === document.querySelector('label')?.htmlFor);
  const focused = await page.evaluate(() => document.activeElement?.tagName);
  expect(focused).toBe('INPUT');
  const draft = await server.json('/invoices/drafts/', { body: { recipient: { number: 1 }, items: [{ description: 'x', quantity: 1, unitPrice: 1, taxRate: 25 }] } });
  await goTo(page, `#/invoices/drafts/${Number(draft.res.headers.get('location')!.split('/').pop())}`, page.getByTestId('editor-title').getByText('Utkast til Fjord Bygg AS'));
  await gui.shot('first-hour-editor-title');
  const oc = await server.json('/order-confirmation/drafts/', { body: { recipient: { number: 1 }, items: [{ description: 'x', quantity: 1, unitPrice: 1, taxRate: 25 }] } });
  expect(oc.status, JSON.stringify(oc.body)).toBe(201);
  // The invoice draft's editor has an Utsted button too: only the order confirmation's, once it is drawn.
  await goTo(page, `#/offers/order-confirmations/drafts/${Number(oc.res.headers.get('location')!.split('/').pop())}`, page.getByTestId('issue'));
  await page.getByTestId('issue').click();
  const warning = await textOf(page.getByTestId('issue-warning'), 'bekrefter overfor kunden');
  expect(warning).not.toContain('kreditnota');
  await page.keyboard.press('Escape');
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
});

test('lines have a unit column: typed and saved with the draft (the PDF prints it in Enhet)', async () => {
  const { page, server } = gui;
  await goTo(page, '#/invoices', page.getByTestId('new-invoice'));
  await page.getByTestId('new-invoice').click();
  await chooseCustomer(page, 'Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Rørlegger');
  await page.getByLabel('Antall 1').fill('3');
  await page.getByLabel('Enhet 1').fill('timer');
  await page.getByLabel('Pris 1').fill('900');
  // What the user sees before saving: the customer chosen and the line computed (3 x 900), so Ctrl+S saves this draft
  // and not one the form has not caught up with (a loaded machine once saved before the customer had landed).
  await textOf(page.getByTestId('line-amount-0'), '2 700,00');
  await fieldValue(page.getByRole('textbox', { name: 'Kunde' }), 'Fjord Bygg AS');
  await page.keyboard.press('Control+s');
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  const n = Number(page.url().split('/').pop());
  expect((await server.json(`/invoices/drafts/${n}`)).body.items[0].unit).toBe('timer');
  await gui.shot('first-hour-unit-column');
});
