/**
 * Faste fakturaer and Massefakturering in the browser (issue 26): a monthly rent made in the form with {periode}, its
 * 12-month preview, issued by "Utsted forfalte nå", its invoice on its page, pause; the customer page's tab; a batch to
 * every customer shown with its preview and the numbers it got. Screenshots at 1280 and 1024 px.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { periodText } from '../../main/domain/recurring-schedule.js';
import { chooseCustomer, goTo, navTo, openGuiWithCompany, settled, textOf, visible, type Gui } from './helpers/browser.js';

const today = new Date().toISOString().slice(0, 10);
const thisPeriod = periodText({ unit: 'MONTH', every: 1, startDate: today }, 0);

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  for (const name of ['Anne Andersen', 'Bjørn Berg']) {
    const r = await gui.server.json('/recipients/', { body: { name, contact: { address: { address1: 'Vei 1', zip: '0150', city: 'OSLO' } } } });
    expect(r.status).toBe(201);
  }
});
afterAll(async () => {
  await gui?.close();
});

test('a monthly rent: the form with {periode}, the 12-month preview, issued, its invoice, paused', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 900 });
  await navTo(page, 'Faste fakturaer');
  await visible(page.getByText('Ingen faste fakturaer ennå', { exact: false }));
  await page.getByTestId('new-recurring').click();
  await chooseCustomer(page, 'Fjord Bygg AS');
  await page.getByTestId('line-0-description').fill('Husleie {periode}');
  await page.getByTestId('line-0-price').fill('10 000');
  await page.getByTestId('recurring-text').fill('Leie for {periode}');
  const preview = page.getByTestId('recurring-preview');
  await textOf(preview, thisPeriod);
  await textOf(preview, 'Fakturaer: 12, til sammen 150 000,00');
  await textOf(preview, '12 500,00');
  await settled(page);
  await gui.shot('recurring-form-1280');
  await page.getByTestId('recurring-save').click();
  await textOf(page.getByTestId('recurring-status'), 'Aktiv');

  await navTo(page, 'Faste fakturaer');
  const table = page.getByTestId('recurring-table');
  await textOf(table, 'Fjord Bygg AS');
  await textOf(table, '12 500,00');
  await page.getByTestId('recurring-run').click();
  await visible(page.getByText('Fakturaer utstedt: 1'));
  await table.getByText('Fjord Bygg AS').click();
  const invoices = page.getByTestId('recurring-invoices');
  await textOf(invoices, thisPeriod);
  await textOf(invoices, '12 500,00');
  // The series from its next occurrence on: next month first.
  await textOf(page.getByTestId('recurring-preview'), periodText({ unit: 'MONTH', every: 1, startDate: today }, 1));
  expect(await page.getByTestId('recurring-preview').textContent()).not.toContain(thisPeriod);
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => undefined);
  await page.setViewportSize({ width: 1024, height: 800 });
  await settled(page);
  await gui.shot('recurring-series-1024');
  const issued = (await gui.server.json('/invoices/?perPage=5')).body[0];
  expect(issued.items[0].description).toBe(`Husleie ${thisPeriod}`);

  await page.getByTestId('recurring-pause').click();
  await textOf(page.getByTestId('recurring-status'), 'Satt på pause');
  await visible(page.getByTestId('recurring-resume'));
});

test('the customer page lists their recurring invoices', async () => {
  const { page } = gui;
  await goTo(page, '#/recipients/1', page.getByTestId('tab-recurring'));
  await page.getByTestId('tab-recurring').click();
  await textOf(page.getByTestId('customer-series'), 'Leie for {periode}');
  await textOf(page.getByTestId('customer-series'), 'Satt på pause');
});

test('the next occurrence names its period in the language of the GUI (English: no Norwegian month)', async () => {
  const { page } = gui;
  const series = (await gui.server.json('/recurring/?perPage=5')).body[0] as { nextDate: string };
  const [y, m] = series.nextDate.split('-').map(Number);
  const nb = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('nb-NO', { month: 'long', timeZone: 'UTC' });
  const en = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' });
  const table = page.getByTestId('recurring-table');
  await goTo(page, '#/recurring', table);
  await textOf(table, `(${nb} ${y})`);
  try {
    await page.getByTestId('lang-switch').click();
    await textOf(table, `(${en} ${y})`);
    expect(await table.textContent()).not.toContain(`${nb} ${y}`);
    await gui.shot('recurring-list-en');
    await goTo(page, '#/recipients/1', page.getByTestId('tab-recurring'));
    await page.getByTestId('tab-recurring').click();
    await textOf(page.getByTestId('customer-series'), `(${en} ${y})`);
  } finally {
    await page.evaluate(() => localStorage.removeItem('kvitt.lang'));
    await page.reload();
  }
});

test('Massefakturering: every customer shown, one set of lines, the preview of the first and the total, issued', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 900 });
  await navTo(page, 'Faste fakturaer');
  await page.getByTestId('open-batch').click();
  const dialog = page.getByTestId('batch-dialog');
  await textOf(dialog, 'Bjørn Berg');
  await page.getByTestId('batch-select-all').check();
  await textOf(page.getByTestId('batch-selected'), 'Kunder valgt: 3');
  await dialog.getByTestId('line-0-description').fill('Kontingent 2027');
  await dialog.getByTestId('line-0-price').fill('450');
  await dialog.getByRole('textbox', { name: 'MVA %' }).click();
  await page.getByRole('option', { name: '0', exact: true }).click();
  const pv = page.getByTestId('batch-preview');
  await textOf(pv, 'Første faktura: Anne Andersen, 450,00');
  await textOf(pv, 'Fakturaer: 3, til sammen 1 350,00');
  await settled(page);
  await gui.shot('recurring-batch-1280');
  await page.setViewportSize({ width: 1024, height: 800 });
  await settled(page);
  await gui.shot('recurring-batch-1024');
  const before = Number((await gui.server.json('/invoices/?perPage=1')).res.headers.get('x-total-count'));
  await page.getByTestId('batch-issue').click();
  await visible(page.getByText(/Fakturaer utstedt: 3/));
  expect(Number((await gui.server.json('/invoices/?perPage=1')).res.headers.get('x-total-count'))).toBe(before + 3);
});

test('Massefakturering with 1,200 more customers: the list scrolls to the last, select all takes every one, a date after today is refused on its field', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 900 });
  const many = Array.from({ length: 1200 }, (_, i) => ({ name: `Massekunde ${String(i + 1).padStart(4, '0')}`, contact: { address: { address1: 'Vei 1', zip: '0150', city: 'OSLO' } } }));
  expect((await gui.server.json('/recipients/', { body: many })).status).toBe(201);
  await navTo(page, 'Faste fakturaer');
  await page.getByTestId('open-batch').click();
  const list = page.getByTestId('batch-customers');
  await textOf(list, 'Massekunde 0001');
  // Only the rows in view are drawn, and the last of 1,203 is reached by scrolling.
  expect(await list.getByRole('checkbox').count()).toBeLessThan(60);
  // The rows scroll inside the list (its first child); the last page is fetched when it comes into view.
  await list.evaluate((el) => {
    const scroller = el.firstElementChild as HTMLElement;
    scroller.scrollTo({ top: scroller.scrollHeight });
  });
  await visible(list.getByText('Massekunde 1200'));
  await page.getByTestId('batch-select-all').check();
  await textOf(page.getByTestId('batch-selected'), 'Kunder valgt: 1203');
  await page.getByTestId('batch-select-all').uncheck();
  await page.getByTestId('batch-search').fill('Anne');
  await expect.poll(() => list.getByRole('checkbox').count()).toBe(1);
  await page.getByTestId('batch-select-all').check();
  await textOf(page.getByTestId('batch-selected'), 'Kunder valgt: 1');
  const dialog = page.getByTestId('batch-dialog');
  await dialog.getByTestId('line-0-description').fill('Kontingent 2027');
  await dialog.getByTestId('line-0-price').fill('450');

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = tomorrow.split('-');
  await page.getByTestId('batch-date').fill(`${d}.${m}.${y}`);
  await page.getByTestId('batch-date').press('Tab');
  const before = Number((await gui.server.json('/invoices/?perPage=1')).res.headers.get('x-total-count'));
  await page.getByTestId('batch-issue').click();
  await visible(dialog.getByText(/kan ikke være etter i dag/));
  await settled(page);
  await gui.shot('recurring-batch-date-refused');
  expect(Number((await gui.server.json('/invoices/?perPage=1')).res.headers.get('x-total-count'))).toBe(before);

  await page.getByTestId('batch-date').fill('');
  await page.getByTestId('batch-date').press('Tab');
  await page.getByTestId('batch-issue').click();
  await visible(page.getByText(/Fakturaer utstedt: 1/));
  const [issued] = (await gui.server.json('/invoices/?perPage=1')).body;
  expect(issued.recipient.name).toBe('Anne Andersen');
  expect(issued.invoiceDate).toBe(today);
});
