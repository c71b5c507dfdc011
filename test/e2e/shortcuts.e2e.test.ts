import { afterAll, beforeAll, expect, test } from 'vitest';
import { chooseCustomer, fieldValue, holdOp, navTo, openGuiWithCompany, textOf, visible, type Gui, settled, goTo, drawnAt, discardChanges } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

const nav = (name: string) => navTo(gui.page, name);
const lines = () => gui.page.locator('[data-testid^="line-"]:not([data-testid^="line-amount"])');
const modal = () => gui.page.locator('.mantine-Modal-content');

const pickCustomer = (name: string) => chooseCustomer(gui.page, name);

test('Ctrl+N opens a new invoice from the invoice list and a new customer from Kunder', async () => {
  const { page } = gui;
  await nav('Fakturaer');
  await visible(page.getByTestId('new-invoice'));
  await page.keyboard.press('Control+n');
  await drawnAt(page, /#\/invoices\/drafts\/new$/);
  await visible(page.getByRole('heading', { name: 'Ny faktura' }));

  await nav('Kunder');
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  await page.keyboard.press('Control+n');
  await drawnAt(page, /#\/recipients\/new$/);
  await visible(page.getByRole('heading', { name: 'Ny kunde' }));
});

test('Escape closes the customer form without saving (after asking about the typed name: Forkast)', async () => {
  const { page, server } = gui;
  await nav('Kunder');
  // Wait for the list itself: the form of the test before still shows "Ny kunde" until the list replaces it.
  await drawnAt(page, /#\/recipients$/);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  await page.keyboard.press('Control+n');
  await drawnAt(page, /#\/recipients\/new$/);
  await visible(page.getByRole('heading', { name: 'Ny kunde' }));
  await page.getByLabel('Navn').first().fill('Skal ikke lagres AS');
  await page.keyboard.press('Escape');
  await discardChanges(page);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  await expect.poll(() => page.url()).not.toMatch(/new$/);
  const list = await server.json('/recipients/?q=Skal');
  expect(list.body).toHaveLength(0);
});

test('Ctrl+Enter and Alt+L add a line; Ctrl+I asks before issuing; Ctrl+N in a changed draft asks first', async () => {
  const { page } = gui;
  await nav('Fakturaer');
  // Wait for the list: until it shows, Ctrl+N still belongs to the screen before (Kunder: a new customer).
  await drawnAt(page, /#\/invoices$/);
  await visible(page.getByTestId('new-invoice'));
  await page.keyboard.press('Control+n');
  await drawnAt(page, /#\/invoices\/drafts\/new$/);
  await visible(page.getByTestId('doc-editor'));
  await pickCustomer('Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Rørlegger');
  await page.getByLabel('Pris 1').fill('900');
  await expect.poll(() => lines().count()).toBe(1);

  // Ctrl+Enter in a cell: a new line, its item number focused.
  await page.getByLabel('Pris 1').press('Control+Enter');
  await visible(page.getByLabel('Beskrivelse 2'));
  await expect.poll(() => lines().count()).toBe(2);
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Varenr. 2');
  await page.getByLabel('Beskrivelse 2').fill('Deler');
  await page.getByLabel('Pris 2').fill('300');

  // Alt+L does the same.
  await page.getByLabel('Pris 2').press('Alt+l');
  await visible(page.getByLabel('Beskrivelse 3'));
  await expect.poll(() => lines().count()).toBe(3);
  await page.getByLabel('Beskrivelse 3').fill('Kjøring');
  await page.getByLabel('Pris 3').fill('100');
  await textOf(page.getByTestId('total-grand'), '1 625,00');

  // Ctrl+N with changes asks first; Avbryt keeps the draft as it is.
  await page.keyboard.press('Control+n');
  await visible(page.getByTestId('unsaved-cancel'));
  await page.getByTestId('unsaved-cancel').click();
  await modal().waitFor({ state: 'detached' });
  expect(await page.getByLabel('Beskrivelse 3').inputValue()).toBe('Kjøring');

  // Ctrl+I: the confirmation first (nothing issued yet), Avbryt closes it, Ctrl+I again and confirm.
  await page.getByLabel('Pris 3').press('Control+i');
  await textOf(page.getByTestId('issue-warning'), 'kan ikke endres');
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await modal().waitFor({ state: 'detached' });
  expect(page.url()).toMatch(/#\/invoices\/drafts\/new$/);
  await page.keyboard.press('Control+i');
  await textOf(page.getByTestId('issue-warning'), 'kan ikke endres');
  await settled(page);
  await gui.shot('shortcuts-issue-confirm');
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/\d+$/);
  await textOf(page.getByTestId('invoice-total'), '1 625,00');
});

test('Alt+B registers a payment on an invoice; Escape closes the dialog without paying', async () => {
  const { page } = gui;
  // On the invoice issued above.
  await visible(page.getByTestId('invoice-detail'));
  await page.keyboard.press('Alt+b');
  const amount = page.getByTestId('payment-amount');
  await visible(amount);
  expect((await amount.inputValue()).replace(/\s+/g, ' ')).toBe('1 625,00');
  await page.keyboard.press('Escape');
  await modal().waitFor({ state: 'detached' });
  await textOf(page.getByTestId('invoice-balance'), '1 625,00');

  await page.keyboard.press('Alt+b');
  await visible(page.getByTestId('payment-amount'));
  await page.getByTestId('payment-amount').fill('625');
  await page.getByTestId('payment-submit').click();
  await textOf(page.getByTestId('invoice-balance'), '1 000,00');
  await gui.shot('shortcuts-after-payment');
});

test('Alt+digit moves between the screens, and asks first when a draft has changes', async () => {
  const { page } = gui;
  await page.keyboard.press('Alt+2');
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  await page.keyboard.press('Alt+3');
  await visible(page.getByTestId('new-invoice'));
  await page.keyboard.press('Control+n');
  await visible(page.getByTestId('doc-editor'));
  await page.getByLabel('Beskrivelse 1').fill('Ulagret');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Alt+2');
  await visible(page.getByTestId('unsaved-discard'));
  await discardChanges(page);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
});

test('Ctrl+S pressed again while the service is still saving a new draft makes one draft, not two', async () => {
  const { page, server } = gui;
  const drafts = async () => ((await server.json('/invoices/drafts/?perPage=200')).body as unknown[]).length;
  const before = await drafts();
  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor'));
  await pickCustomer('Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Lagret to ganger');
  await page.getByLabel('Pris 1').fill('100');
  await textOf(page.getByTestId('line-amount-0'), '100,00');
  const create = await holdOp(gui.page, 'invoices.createDraft');
  await page.keyboard.press('Control+s');
  await expect.poll(() => create.seen.sent).toBe(1); // the first save is out, its answer not back yet
  await page.keyboard.press('Control+s'); // the user, seeing nothing happen yet, presses again
  await create.finish();
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  expect(await drafts()).toBe(before + 1);
  expect(create.seen.sent).toBe(1);
});

test('what is typed while a save is still out stays unsaved: leaving afterwards still asks', async () => {
  const { page, server } = gui;
  const made = await server.json('/invoices/drafts/', { body: { recipient: { number: 1 }, items: [{ description: 'Første', quantity: 1, unitPrice: 100, taxRate: 25 }] } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const n = Number(made.res.headers.get('location')!.split('/').pop());
  // The editor of the previous test's draft stays on screen until the router has drawn this one: typing before that
  // types into the old one (nothing is changed here and Ctrl+S has nothing to save).
  await goTo(page, `#/invoices/drafts/${n}`, page.getByLabel('Beskrivelse 1'));
  await fieldValue(page.getByLabel('Beskrivelse 1'), 'Første');
  await page.getByLabel('Beskrivelse 1').fill('Andre');
  const update = await holdOp(gui.page, 'invoices.updateDraft');
  await page.keyboard.press('Control+s');
  await expect.poll(() => update.seen.sent).toBe(1);
  await page.getByLabel('Beskrivelse 1').fill('Tredje'); // typed while the save is out
  await update.finish();
  // The save came back (its button no longer busy): the service has what was sent.
  await expect.poll(() => page.getByTestId('save-draft').getAttribute('data-loading')).toBeNull();
  expect((await server.json(`/invoices/drafts/${n}`)).body.items[0].description).toBe('Andre');
  // 'Tredje' is not saved: leaving asks (it went without a word, and 'Tredje' was lost).
  await nav('Kunder');
  await visible(page.getByTestId('unsaved-cancel'));
  await page.getByTestId('unsaved-cancel').click();
  await modal().waitFor({ state: 'detached' });
  await fieldValue(page.getByLabel('Beskrivelse 1'), 'Tredje');
});
