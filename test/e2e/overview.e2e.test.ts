import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedOverview, TODAY, type Seeded } from '../overview/seed.js';
import { navTo, openGui, textOf, visible, type Gui, drawnAt } from './helpers/browser.js';

let gui: Gui;
let seeded: Seeded;
beforeAll(async () => {
  gui = await openGui({ today: TODAY });
  seeded = await seedOverview(gui.server);
});
afterAll(async () => {
  await gui?.close();
});

const norm = (s: string) => s.replace(/\s+/g, ' ');
const row = (name: string) => gui.page.getByTestId('overview-groups').getByRole('row', { name: new RegExp(`^${name}`) });

test('Oversikt: the cards in Norwegian format, the revenue chart drawn, the groups with counts', async () => {
  const { page } = gui;
  await navTo(page, 'Oversikt');
  await visible(page.getByTestId('overview-screen'));
  // Outstanding: not due 5 000 + 1 250 + EUR 125 × 11.5 and overdue 2 500 + 750
  await textOf(page.getByTestId('card-outstanding-value'), '10 937,50 kr');
  await textOf(page.getByTestId('card-overdue-value'), '3 250,00 kr');
  await textOf(page.getByTestId('card-overdue'), '2 fakturaer over forfall');
  await textOf(page.getByTestId('card-paid-value'), '0,00 kr');
  await textOf(page.getByTestId('card-balance-value'), '10 937,50 kr');
  // The chart: "6 måneder" is six months, October 2025 … March 2026 (not seven), bars drawn by Recharts.
  const chart = page.getByTestId('revenue-chart');
  await visible(chart.locator('.recharts-bar-rectangle path'));
  await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThanOrEqual(5); // five months with revenue
  const axis = norm((await chart.locator('svg.recharts-surface').first().textContent()) ?? '');
  expect(axis).toContain('oktober 2025');
  expect(axis).toContain('mars 2026');
  expect(axis).not.toContain('september 2025');
  // The Sum row of each group says what it leaves out.
  await textOf(page.getByTestId('overview-group-total').first(), 'Sum fakturert minus kreditert, utkast ikke med:');
  await textOf(page.getByTestId('overview-group-total').nth(1), 'utkast ikke med:');
  // The groups are a request of their own: waited for, not read once the cards have arrived.
  // Count, invoiced incl. VAT, outstanding now (2026: the overdue invoice of 1 250 has 500 paid; the tile counts 2025 too).
  await expect.poll(async () => norm((await row('Forfalt').first().textContent()) ?? '')).toBe('Forfalt11 250,00750,00');
  await expect.poll(async () => norm((await row('Ikke forfalt').textContent()) ?? '')).toBe('Ikke forfalt37 687,507 687,50');
  await gui.shot('overview');
});

test('an item opens exactly the documents it counts; a document opens from there', async () => {
  const { page } = gui;
  await row('Ikke forfalt').click();
  await visible(page.getByTestId('overview-list'));
  await textOf(page.getByTestId('overview-list'), 'Fjord Bygg AS');
  const rows = page.getByTestId('overview-list').getByText('Fjord Bygg AS');
  await expect.poll(() => rows.count()).toBe(3);
  await textOf(page.getByTestId('overview-list'), '125,00 EUR');
  await gui.shot('overview-list-not-due');
  await page.getByTestId('overview-back').click();
  await row('Utløpt').click();
  await expect.poll(() => page.getByTestId('overview-list').getByText('Fjord Bygg AS').count()).toBe(1);
  await page.getByTestId('overview-list').getByText('Fjord Bygg AS').click();
  await drawnAt(page, new RegExp(`#/offers/${seeded.offers.expired}$`));
});

test('a payment shows on Oversikt when the person comes back, without a reload', async () => {
  const { page } = gui;
  await navTo(page, 'Oversikt');
  await row('Forfalt').first().click();
  await page.getByTestId('overview-list').getByText('Fjord Bygg AS').click();
  await drawnAt(page, new RegExp(`#/invoices/${seeded.inv.a}$`));
  expect((await gui.server.json(`/invoices/${seeded.inv.a}/payments`, { body: { date: TODAY, amount: 750 } })).status).toBe(201);
  await navTo(page, 'Oversikt');
  await textOf(page.getByTestId('card-overdue-value'), '2 500,00 kr');
  await textOf(page.getByTestId('card-overdue'), '1 faktura over forfall');
  await textOf(page.getByTestId('card-paid-value'), '750,00 kr');
  await textOf(row('Forfalt').first(), 'Forfalt00,00');
});

test('the range picker and the year picker', async () => {
  const { page } = gui;
  await page.getByTestId('chart-range').getByText('12 måneder').click();
  await textOf(page.getByTestId('revenue-chart').locator('svg.recharts-surface'), 'april 2025');
  await page.getByTestId('overview-year').click();
  await page.getByRole('option', { name: '2025' }).click();
  await textOf(row('Forfalt').first(), 'Forfalt12 500,00');
  await gui.shot('overview-2025');
  await page.getByTestId('overview-year').click();
  await page.getByRole('option', { name: '2026' }).click();
  await textOf(row('Forfalt').first(), 'Forfalt00,00');
});

test('Oversikt speaks English too', async () => {
  const { page } = gui;
  await page.getByTestId('lang-switch').click();
  await textOf(page.getByTestId('revenue-chart'), 'Revenue by month');
  await textOf(page.getByTestId('card-overdue'), '1 invoice past due');
  await textOf(row('Overdue').first(), 'Overdue');
  await textOf(page.getByTestId('overview-groups'), 'Order confirmations');
  await textOf(page.getByTestId('revenue-chart').locator('svg.recharts-surface'), 'March 2026');
  await gui.shot('overview-en');
  await page.getByTestId('lang-switch').click();
  await textOf(page.getByTestId('revenue-chart'), 'Omsetning per måned');
});

test('a new company sees what to do first', async () => {
  const fresh = await openGui({ today: TODAY });
  try {
    await navTo(fresh.page, 'Oversikt');
    await textOf(fresh.page.getByTestId('overview-empty'), 'Lag og send den første fakturaen');
    await textOf(fresh.page.getByTestId('card-balance-value'), '0,00 kr');
    await fresh.shot('overview-new-company');
    await fresh.page.getByText('Lag og send den første fakturaen').click();
    await drawnAt(fresh.page, /#\/invoices\/drafts\/new$/);
  } finally {
    await fresh.close();
  }
});
