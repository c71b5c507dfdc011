import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { navTo, openGuiWithCompany, textOf, visible, type Gui, goTo } from './helpers/browser.js';

/** Issue 8: the customer list shows balances and sorts by its headers; the live preview enlarges; phone and account numbers as people write them. */
let gui: Gui;
const today = new Date().toISOString().slice(0, 10);
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  const make = async (name: string, customerNumber: string, phone: string, owes: number[]) => {
    const r = await s.json('/recipients/', { body: recipient({ name, customerNumber, contact: { phone, address: { zip: '0150', city: 'OSLO' } } }) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    for (const unitPrice of owes) {
      const inv = await s.json('/invoices/', { body: { recipient: { number: r.body.number }, items: [{ description: 'Arbeid', quantity: 1, unitPrice, taxRate: 25 }] } });
      expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    }
  };
  await make('Andersen Catering AS', '20', '22620002', [1000, 240]); // owes 1 550,00
  await make('Øvre Bakeri AS', '3', '+4791234567', [80]); // owes 100,00
});
afterAll(async () => {
  await gui?.close();
});

const rowNames = (gui: Gui) => gui.page.getByTestId('recipient-row').evaluateAll((rows) => rows.map((r) => r.children[1].textContent));

test('the customer list: each customer with what it owes and the phone as people write it; the headers sort (balance, number, name)', async () => {
  const { page } = gui;
  await navTo(page, 'Kunder');
  await page.reload(); // the app opened on Kunder before the customers were made: load it anew
  await textOf(page.getByTestId('recipients-total'), '3');
  await expect.poll(() => rowNames(gui)).toEqual(['Andersen Catering AS', 'Fjord Bygg AS', 'Øvre Bakeri AS']); // the Norwegian name order
  const andersen = page.getByTestId('recipient-row').filter({ hasText: 'Andersen Catering AS' });
  await textOf(andersen, '1 550,00');
  await textOf(andersen, '22 62 00 02');
  await textOf(page.getByTestId('recipient-row').filter({ hasText: 'Øvre Bakeri AS' }), '+47 912 34 567');

  // Each order is awaited as a whole (the rows re-render as the sorted page arrives), not read once after the click.
  await page.getByTestId('recipient-sort-balance').click(); // ascending
  await expect.poll(() => rowNames(gui)).toEqual(['Fjord Bygg AS', 'Øvre Bakeri AS', 'Andersen Catering AS']);
  await page.getByTestId('recipient-sort-balance').click(); // largest debt first
  await expect.poll(() => rowNames(gui)).toEqual(['Andersen Catering AS', 'Øvre Bakeri AS', 'Fjord Bygg AS']);
  await expect.poll(() => page.getByTestId('recipient-sort-balance').getAttribute('aria-sort')).toBe('descending');
  await gui.shot('first-hour-list-balance');

  await page.getByTestId('recipient-sort-customerNumber').click(); // 3 < 20 < 1001: numbers as numbers
  await expect.poll(() => rowNames(gui)).toEqual(['Øvre Bakeri AS', 'Andersen Catering AS', 'Fjord Bygg AS']);
  await page.getByTestId('recipient-sort-name').click();
  await expect.poll(() => rowNames(gui)).toEqual(['Andersen Catering AS', 'Fjord Bygg AS', 'Øvre Bakeri AS']);
});

test('the bank account as 8601 11 17947 on the invoice page and in Settings; the phone formatted in the customer form', async () => {
  const { page, server } = gui;
  const list = (await server.json('/invoices/?perPage=1')).body as Array<{ number: number }>;
  await goTo(page, `#/invoices/${list[0].number}`, page.getByTestId('invoice-detail'));
  await textOf(page.locator('body'), '8601 11 17947');
  await page.getByRole('link', { name: 'Innstillinger' }).click();
  await visible(page.getByRole('heading', { name: 'Innstillinger' }));
  await page.getByRole('tab', { name: 'Firma' }).click();
  await expect.poll(() => page.getByLabel('Kontonummer').inputValue()).toBe('8601 11 17947');
  await expect.poll(() => page.getByLabel('Organisasjonsnummer').inputValue()).toBe('923 609 016');
  await gui.shot('first-hour-settings-account');
  const andersen = ((await server.json('/recipients/?q=Andersen')).body as Array<{ number: number }>)[0].number;
  await goTo(page, `#/recipients/${andersen}/edit`, page.getByLabel('Telefon').first());
  await page.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === '22 62 00 02'));
});

test('the live preview enlarges to a readable size (Forstørr) and closes again', async () => {
  const { page, server } = gui;
  const draft = await server.json('/invoices/drafts/', { body: { recipient: { number: 1 }, invoiceDate: today, items: [{ description: 'Konsulenttime', quantity: 3, unitPrice: 950, taxRate: 25 }] } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  await goTo(page, `#/invoices/drafts/${Number(draft.res.headers.get('location')!.split('/').pop())}`, page.locator('[data-testid="pdf-pages"][data-rendered="true"] canvas'));
  const small = await page.locator('[data-testid="pdf-pages"] canvas').first().boundingBox();
  await page.getByTestId('preview-enlarge').click();
  const big = await visible(page.locator('.mantine-Modal-body [data-rendered="true"] canvas').first(), 20_000);
  const box = await big.boundingBox();
  expect(box!.width).toBeGreaterThan(small!.width * 1.5);
  await gui.shot('first-hour-preview-enlarged');
  await page.locator('.mantine-Modal-body').getByRole('button', { name: 'Lukk' }).click();
  await page.waitForFunction(() => !document.querySelector('.mantine-Modal-body'));
});
