import { afterAll, beforeAll, expect, test } from 'vitest';
import { navTo, openGuiWithCompany, textOf, fieldValue, visible, type Gui, settled, goTo, drawnAt } from './helpers/browser.js';

/** Issue 8, money and status: the credit dialog, the issued note and the balance agree; a negative balance is settled. */
let gui: Gui;
const today = new Date().toISOString().slice(0, 10);
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

const numberOf = (r: { res: Response }) => Number(r.res.headers.get('location')!.split('/').pop());
/** 9 068,75 at 25 %: 11 335,94 (the invoice of the issue). */
async function bigInvoice(): Promise<number> {
  const r = await gui.server.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Catering', quantity: 1, unitPrice: 9068.75, taxRate: 25 }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return numberOf(r);
}

test('credit after payment: the dialog shows what will be issued and the consequence; list, page and sums agree; a refund brings it to 0,00', async () => {
  const { page, server } = gui;
  const n = await bigInvoice();
  expect((await server.json(`/invoices/${n}/credit-note`, { body: { items: [{ description: 'Avbestilt', quantity: 1, unitPrice: 1250.5, taxRate: 25 }] } })).status).toBe(201);
  expect((await server.json(`/invoices/${n}/payments`, { body: { date: today, amount: 5000 } })).status).toBe(201);

  await goTo(page, `#/invoices/${n}`, page.getByTestId('invoice-balance').getByText('4 772,81'));
  await textOf(page.getByTestId('status-badges'), 'Delvis betalt');
  await textOf(page.getByTestId('status-badge'), 'Ikke forfalt');
  await textOf(page.getByTestId('invoice-paid'), '5 000,00');
  await textOf(page.getByTestId('invoice-credited'), '1 563,13');

  await page.getByTestId('credit').click();
  // "Det kunden skylder" (the default): what is still owed, the balance becomes 0,00
  await textOf(page.getByTestId('credit-total'), '4 772,81');
  await textOf(page.getByTestId('credit-balance-after'), '0,00');
  await settled(page);
  await gui.shot('first-hour-credit-owed');
  // "Hele fakturaen": everything not yet credited; the customer gets 5 000,00 back, and the dialog says so first
  await page.getByText('Hele fakturaen').click();
  await textOf(page.getByTestId('credit-total'), '9 772,81');
  await textOf(page.getByTestId('credit-balance-after'), '−5 000,00'.replace('−', '-'));
  await textOf(page.getByTestId('credit-refund-warning'), '5 000,00 til gode');
  await gui.shot('first-hour-credit-uncredited');
  await page.getByTestId('credit-submit').click();
  await drawnAt(page, /#\/invoices\/credit-notes\/\d+$/);
  await textOf(page.getByTestId('doc-total'), '9 772,81');

  await page.getByTestId('credited-invoice-link').click();
  await textOf(page.getByTestId('invoice-balance'), '5 000,00');
  await textOf(page.getByTestId('status-badge'), 'Kreditert');
  await textOf(page.getByTestId('badge-to-refund'), 'Til gode 5 000,00');
  await gui.shot('first-hour-credited-after-payment');

  // The list says the same (Betalt tab: outstanding 0,00, to refund 5 000,00 on its own)
  await navTo(page, 'Fakturaer');
  await page.getByRole('tab', { name: 'Betalt' }).click();
  const row = page.getByTestId('doc-row').filter({ hasText: String(n) }).first();
  await textOf(row, 'Kreditert');
  await textOf(row, 'Til gode 5 000,00');
  await textOf(page.getByTestId('sum-balance'), '0,00');
  await textOf(page.getByTestId('sum-to-refund'), '5 000,00');
  await gui.shot('first-hour-list-paid');

  // Settle it: a refund
  await row.click();
  await page.getByTestId('settle-credit').click();
  await expect.poll(async () => (await page.getByTestId('refund-amount').inputValue()).replace(/\s/g, ' ')).toBe('5 000,00');
  await settled(page);
  await gui.shot('first-hour-refund-dialog');
  await page.getByTestId('refund-submit').click();
  await textOf(page.getByTestId('invoice-balance'), '0,00');
  await textOf(page.getByTestId('payments'), 'Tilbakebetalt til kunden');
  await expect.poll(() => page.getByTestId('badge-to-refund').count()).toBe(0);
});

test('a credit moves to another open invoice of the customer; the write-off dialog says how much', async () => {
  const { page, server } = gui;
  const a = await bigInvoice();
  const b = await bigInvoice();
  await server.json(`/invoices/${a}/payments`, { body: { date: today, amount: 12335.94 } });
  await goTo(page, `#/invoices/${a}`, page.getByTestId('badge-to-refund').getByText('1 000,00'));
  await page.getByTestId('settle-credit').click();
  await page.getByText('Flytt til annen faktura').click();
  // The customer's other open invoices are fetched when the choice opens: wait for the target to be filled in.
  await fieldValue(page.getByTestId('refund-target'), `Faktura ${b}`);
  await settled(page);
  await gui.shot('first-hour-move-credit');
  await page.getByTestId('refund-submit').click();
  await textOf(page.getByTestId('invoice-balance'), '0,00');
  await textOf(page.getByTestId('payments'), `Flyttet til faktura ${b}`);

  // The same page as a's, drawn again for b once b has come: b's balance says it is b's.
  await goTo(page, `#/invoices/${b}`, page.getByTestId('invoice-balance').getByText('10 335,94'));
  await textOf(page.getByTestId('payments'), `Flyttet fra faktura ${a}`);
  await textOf(page.getByTestId('status-badges'), 'Delvis betalt');
  await page.getByTestId('mark-lost').click();
  await textOf(page.getByTestId('lost-amount'), '10 335,94');
  await gui.shot('first-hour-lost-dialog');
  await page.keyboard.press('Escape');
  await page.locator('.mantine-Modal-overlay').waitFor({ state: 'detached' });
});

test('the invoice list searches number, customer, KID and amount, sorts by a header, and says when a filter has no hits', async () => {
  const { page, server } = gui;
  const small = await server.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Liten', quantity: 1, unitPrice: 100, taxRate: 25 }] } });
  const n = numberOf(small);
  const kid = (await server.json(`/invoices/${n}`)).body.kid as string | null;
  await navTo(page, 'Fakturaer');
  await page.getByRole('tab', { name: 'Alle' }).click();
  const search = page.getByTestId('invoice-search');
  await search.fill('125,00');
  await textOf(page.getByTestId('sum-count'), /^\s*1\s*$/); // the whole count: '1' is not '11'
  await textOf(page.getByTestId('doc-row').first(), String(n));
  await search.fill('Fjord Bygg');
  await textOf(page.getByTestId('doc-row').first(), 'Fjord Bygg AS');
  if (kid) {
    await search.fill(kid);
    await textOf(page.getByTestId('sum-count'), /^\s*1\s*$/);
  }
  await search.fill('finnes ikke');
  await textOf(page.getByTestId('table-empty'), 'Ingen treff');
  await gui.shot('first-hour-search-empty');
  await search.fill('');
  await page.getByTestId('sort-total').click();
  await textOf(page.getByTestId('doc-row').first(), '125,00');
  await page.getByTestId('sort-total').click();
  await textOf(page.getByTestId('doc-row').first(), '11 335,94');
  await visible(page.locator('[aria-sort="descending"]'));
  await gui.shot('first-hour-list-sorted');
});
