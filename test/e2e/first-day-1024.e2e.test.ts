import { afterAll, beforeAll, expect, test } from 'vitest';
import { navTo, openGuiWithCompany, settled, textOf, visible, type Gui, goTo, discardChanges } from './helpers/browser.js';

// Daily use at 1024 px and the partial credit: nothing a person needs is cut off (Poststed, Varenr., Pris), the menu
// can show its names, and the partial-credit dialog shows the discount so its lines add up to the credit.
let gui: Gui;
let discounted: number;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  const c = await s.json('/recipients/', { body: { name: 'Midtbyen Takst AS', organisation: { form: 'as', icd: 9908, number: '989743309' }, contact: { address: { address1: 'Kongens gate 2', zip: '7010', city: 'TRONDHEIM' }, email: 'post@midtbyen.no' } } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const r = await s.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Takstrapport', quantity: 1, unitPrice: 1250, discount: 10, taxRate: 25 }, { description: 'Befaring', quantity: 2, unitPrice: 500, taxRate: 25 }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  discounted = r.body.number;
});
afterAll(async () => {
  await gui?.close();
});

/** Text cut inside its own box (ellipsis or hidden overflow), as a person would see it. */
const cut = (loc: ReturnType<Gui['page']['locator']>) => loc.evaluate((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1);

test('partial credit: the dialog shows each line\'s discount and amount, and they add up to the credit', async () => {
  const { page, server } = gui;
  await page.setViewportSize({ width: 1280, height: 860 });
  await goTo(page, `#/invoices/${discounted}`, page.getByTestId('invoice-detail'));
  await page.getByTestId('credit').click();
  await page.getByText('Deler av fakturaen').click();
  await page.getByRole('checkbox', { name: 'Krediter linje 1' }).check();
  await textOf(page.getByTestId('credit-discount-0'), '10 %');
  await textOf(page.getByTestId('credit-line-amount-0'), '1 125,00');
  // 1 125,00 + 25 % VAT: the credit is what the lines show.
  await textOf(page.getByTestId('credit-total'), '1 406,25');
  await settled(page);
  await gui.shot('first-day-credit-discount-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page);
  await gui.shot('first-day-credit-discount-1024');
  await page.keyboard.press('Escape');
});

test('1024 px: Poststed whole in Kunder, Varenr. and Pris whole in the editor', async () => {
  const { page, server } = gui;
  await page.setViewportSize({ width: 1024, height: 768 });
  await navTo(page, 'Kunder');
  const row = page.getByTestId('recipient-row').filter({ hasText: 'Midtbyen' });
  await visible(row);
  const city = row.getByRole('cell').filter({ hasText: '7010 TRONDHEIM' });
  expect(await cut(city)).toBe(false);
  expect(await cut(row.getByRole('cell').filter({ hasText: '989 743 309' }))).toBe(false);
  await settled(page);
  await gui.shot('first-day-1024-customers-city');

  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor'));
  await page.getByRole('textbox', { name: 'Varenr. 1' }).fill('ABCDEFGHM');
  await page.getByLabel('Beskrivelse 1').fill('Takstrapport bolig');
  await page.getByLabel('Pris 1').fill('12 345,50');
  await page.getByTestId('editor-title').click();
  for (const name of ['Varenr. 1', 'Pris 1']) {
    const input = page.getByRole('textbox', { name });
    expect(await cut(input), name).toBe(false);
  }
  await settled(page);
  await gui.shot('first-day-1024-editor-lines');
  await page.keyboard.press('Escape');
  await discardChanges(page);
});

test('1024 px: the menu shows its icons with tooltips, and a visible button shows the names (remembered)', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1024, height: 768 });
  const nav = page.locator('nav[aria-label="Hovedmeny"]');
  await visible(nav);
  await expect.poll(() => nav.getByText('Kunder', { exact: true }).count()).toBe(0);
  await page.getByTestId('nav-names').click();
  await visible(nav.getByText('Kunder', { exact: true }));
  await visible(nav.getByText('Innstillinger', { exact: true }));
  await settled(page);
  await gui.shot('first-day-1024-menu-names');
  await page.reload();
  await visible(nav.getByText('Kunder', { exact: true }));
  await page.getByTestId('nav-names').click();
  await expect.poll(() => nav.getByText('Kunder', { exact: true }).count()).toBe(0);
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect.poll(() => page.getByTestId('nav-names').count()).toBe(0); // wide enough: the names are always there
});

test('1024 px: Utboks shows the document whole (it wraps instead of "Faktura 1000…")', async () => {
  const { page, server } = gui;
  expect((await server.json(`/invoices/${discounted}/send`, { body: { email: [{ address: 'regnskap@fjordbygg.no' }] } })).status).toBe(200);
  await page.setViewportSize({ width: 1024, height: 700 });
  await navTo(page, 'Utboks');
  const doc = page.getByTestId('outbox-document').first();
  await textOf(doc, `Faktura ${discounted}`);
  await settled(page);
  expect(await doc.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await gui.shot('first-day-1024-outbox-document');
  await page.setViewportSize({ width: 1280, height: 860 });
  await settled(page);
  await gui.shot('first-day-1280-outbox-document');
});
