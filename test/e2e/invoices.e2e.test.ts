import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { chooseCustomer, navTo, openGuiWithCompany, textOf, visible, type Gui, settled, goTo, drawnAt, discardChanges } from './helpers/browser.js';

/** The real today: the server of these tests runs on it (openGuiWithCompany). */
const today = new Date().toISOString().slice(0, 10);

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  expect((await s.json('/recipients/', { body: recipient({ name: 'Berg Regnskap AS', customerNumber: '1002', organisation: { form: 'as', icd: 9908, number: '974760673' } }) })).status).toBe(201);
});
afterAll(async () => {
  await gui?.close();
});

const norm = (s: string) => s.replace(/\s+/g, ' ');
/** The whole of a count as shown (sum-count holds only the number: '1' must not pass on '10' or '21'). */
const exactly = (n: number | string) => new RegExp(`^\\s*${n}\\s*$`);

/** Clicks an entry of the left navigation. */
const nav = (name: string) => navTo(gui.page, name);

const pickCustomer = (name: string) => chooseCustomer(gui.page, name);

test('write an invoice with 25 % and 15 % VAT, see live totals, issue it, pay it in two parts', async () => {
  const { page } = gui;
  await nav('Fakturaer');
  await visible(page.getByRole('tab', { name: 'Ikke forfalt' }));
  await textOf(page.getByTestId('table-empty'), 'Ingen utstedte fakturaer');
  await gui.shot('invoices-list-empty');

  await page.getByTestId('new-invoice').click();
  await visible(page.getByTestId('doc-editor'));
  await pickCustomer('Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Konsulenttimer');
  await page.getByLabel('Antall 1').fill('2,5');
  await page.getByLabel('Pris 1').fill('1 000');
  await page.getByLabel('Beskrivelse 1').press('Control+Enter');
  await page.getByLabel('Beskrivelse 2').fill('Servering');
  await page.getByLabel('Antall 2').fill('3');
  await page.getByLabel('Pris 2').fill('200');
  await page.getByLabel('MVA 2').selectOption('15');

  // Live totals: 2 500 at 25 % and 600 at 15 %.
  await textOf(page.getByTestId('total-net'), '3 100,00');
  await textOf(page.getByTestId('total-vat-25'), '625,00');
  await textOf(page.getByTestId('total-vat-15'), '90,00');
  await textOf(page.getByTestId('total-grand'), '3 815,00');
  await textOf(page.getByTestId('line-amount-0'), '2 500,00');
  // The live preview arrives as a PDF in an iframe.
  await visible(page.locator('[data-testid="pdf-pages"][data-rendered="true"] canvas'), 20_000);
  await gui.shot('invoice-editor');

  // Save as a draft (Ctrl+S), then issue (Ctrl+I) with the confirmation.
  await page.keyboard.press('Control+s');
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  await page.getByTestId('issue').click();
  const warning = await textOf(page.getByTestId('issue-warning'), 'kan ikke endres');
  expect(warning).toContain('kan ikke endres');
  await settled(page);
  await gui.shot('invoice-issue-confirm');
  await page.getByTestId('confirm-button').click();

  await drawnAt(page, /#\/invoices\/\d+$/);
  await textOf(page.getByTestId('status-badge'), 'Ikke forfalt');
  await textOf(page.getByTestId('invoice-total'), '3 815,00');
  await textOf(page.getByTestId('invoice-balance'), '3 815,00');
  await gui.shot('invoice-detail-issued');

  // It is listed under "Ikke forfalt", with the sums of that tab.
  await nav('Fakturaer');
  await page.getByRole('tab', { name: 'Ikke forfalt' }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Fjord Bygg AS');
  await textOf(page.getByTestId('sum-count'), exactly(1));
  await textOf(page.getByTestId('sum-balance'), '3 815,00');
  await gui.shot('invoices-list-not-due');

  // A partial payment, then the rest (the amount defaults to the balance).
  await page.getByTestId('doc-row').first().click();
  await page.getByTestId('register-payment').click();
  const amount = page.getByTestId('payment-amount');
  await expect.poll(async () => norm(await amount.inputValue())).toBe('3 815,00');
  await settled(page);
  await gui.shot('invoice-payment-dialog');
  // An amount the service refuses: its words under the amount field, the dialog stays open with what was typed.
  await amount.fill('0');
  await page.getByTestId('payment-submit').click();
  const amountError = page.locator('.mantine-InputWrapper-root', { has: amount }).locator('.mantine-InputWrapper-error');
  await textOf(amountError, 'må være større enn 0');
  await gui.shot('invoice-payment-refused');
  await amount.fill('1000');
  await page.getByTestId('payment-submit').click();
  await textOf(page.getByTestId('invoice-balance'), '2 815,00');
  await textOf(page.getByTestId('status-badge'), 'Ikke forfalt');
  await page.getByTestId('register-payment').click();
  await expect.poll(async () => norm(await page.getByTestId('payment-amount').inputValue())).toBe('2 815,00');
  await page.getByTestId('payment-submit').click();
  await textOf(page.getByTestId('invoice-balance'), '0,00');
  await textOf(page.getByTestId('status-badge'), 'Betalt');
  await expect.poll(() => page.getByTestId('payment-row').count()).toBe(2);
  await gui.shot('invoice-detail-paid');

  await nav('Fakturaer');
  await page.getByRole('tab', { name: 'Betalt' }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Fjord Bygg AS');
  await textOf(page.getByTestId('doc-row').first(), 'Betalt');
  await page.getByRole('tab', { name: 'Ikke forfalt' }).click();
  await visible(page.getByTestId('table-empty'));
  await page.getByRole('tab', { name: 'Betalt' }).click();
  await gui.shot('invoices-list-paid');
});

test('a payment can be reversed, and a wrong quantity is shown on its cell', async () => {
  const { page } = gui;
  await nav('Fakturaer');
  await page.getByRole('tab', { name: 'Betalt' }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Betalt'); // the Betalt list, not the tab before it
  await page.getByTestId('doc-row').first().click();
  await page.getByRole('button', { name: 'Tilbakefør' }).first().click();
  await page.getByTestId('confirm-button').click();
  await textOf(page.getByTestId('invoice-balance'), '1 000,00');
  await textOf(page.getByTestId('status-badge'), 'Ikke forfalt');

  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor')); // the list's Kunde filter is not the editor's
  await pickCustomer('Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Feil antall');
  await page.getByLabel('Antall 1').fill('to');
  await page.getByLabel('Pris 1').fill('10');
  await page.getByTestId('save-draft').click();
  await textOf(page.getByTestId('line-0'), 'Ikke et tall');
  // The service's own field errors land on the cell too (more than 3 decimals).
  await page.getByLabel('Antall 1').fill('1,2345');
  await page.getByTestId('save-draft').click();
  // The service's message (whatever its wording) sits under the quantity cell.
  await textOf(page.getByTestId('line-0'), /3 (decimals|desimaler)/);
  await gui.shot('invoice-editor-field-error');
  // The draft was never saved: leaving asks, and Forkast leaves it.
  await nav('Fakturaer');
  await discardChanges(page);
  await visible(page.getByTestId('new-invoice'));
});

test('credit an issued invoice in part and then in full, and see the credit notes', async () => {
  const { page, server } = gui;
  const res = await server.json('/invoices/', {
    body: { recipient: { number: 2 }, items: [{ description: 'Regnskapsbistand', quantity: 4, unitPrice: 850, taxRate: 25 }, { description: 'Bok', quantity: 1, unitPrice: 400, taxRate: 0 }] },
  });
  expect(res.status).toBe(201);
  const number = Number(res.res.headers.get('location')!.split('/').pop());
  await goTo(page, `#/invoices/${number}`, page.getByTestId('invoice-total').getByText('4 650,00'));

  await page.getByTestId('credit').click();
  await page.getByText('Deler av fakturaen').click();
  await page.getByLabel('Krediter linje 1').check();
  await page.getByLabel('Antall 1').fill('1');
  await textOf(page.getByTestId('credit-total'), '1 062,50');
  await settled(page);
  await gui.shot('invoice-credit-dialog');
  await page.getByTestId('credit-submit').click();
  await drawnAt(page, /#\/invoices\/credit-notes\/\d+$/);
  await textOf(page.getByTestId('credit-note-detail'), 'Kreditnota');
  await textOf(page.getByTestId('doc-total'), '1 062,50');
  await gui.shot('credit-note-detail');

  await page.getByTestId('credited-invoice-link').click();
  await textOf(page.getByTestId('invoice-balance'), '3 587,50');
  await textOf(page.getByTestId('invoice-credit-notes'), 'Kreditnota');
  await page.getByTestId('credit').click();
  await page.getByTestId('credit-submit').click();
  await drawnAt(page, /#\/invoices\/credit-notes\/\d+$/);
  await textOf(page.getByTestId('doc-total'), '3 587,50');

  await nav('Fakturaer');
  await page.getByRole('tab', { name: 'Kreditnotaer' }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Berg Regnskap AS');
  await expect.poll(() => page.getByTestId('doc-row').count()).toBe(2);
  await gui.shot('invoices-list-credit-notes');
});

test('create a product, see a taken code refused on its field, and use the product by code on a line', async () => {
  const { page } = gui;
  await nav('Produkter');
  await textOf(page.getByTestId('table-empty'), 'Ingen produkter');
  await page.getByTestId('new-product').click();
  await page.getByLabel('Varenummer').fill('KONS');
  await page.getByLabel('Beskrivelse').fill('Konsulenttime senior');
  await page.getByLabel('Pris eks. MVA').fill('1 250,50');
  await page.getByLabel('Enhet').fill('timer');
  await gui.shot('product-form');
  await page.getByTestId('save-product').click();
  await textOf(page.getByTestId('doc-row').first(), 'Konsulenttime senior');
  await textOf(page.getByTestId('doc-row').first(), '1 250,50');
  await gui.shot('products-list');

  await page.getByTestId('new-product').click();
  await page.getByLabel('Varenummer').fill('KONS');
  await page.getByLabel('Beskrivelse').fill('Dobbel');
  await page.getByLabel('Pris eks. MVA').fill('1');
  await page.getByTestId('save-product').click();
  await textOf(page.locator('.mantine-TextInput-error').first(), /.+/);
  await gui.shot('product-form-conflict');

  // The refused product is still typed in the form: leaving asks first, and the duplicate is dropped (Forkast).
  await nav('Fakturaer');
  await discardChanges(page);
  await page.getByTestId('unsaved-discard').waitFor({ state: 'detached' });
  await page.getByTestId('new-invoice').click();
  await pickCustomer('Berg Regnskap AS');
  await page.getByRole('textbox', { name: 'Varenr. 1' }).fill('KONS');
  await page.getByRole('textbox', { name: 'Varenr. 1' }).press('Tab');
  await textOf(page.getByTestId('line-amount-0'), '1 250,50');
  await expect.poll(() => page.getByLabel('Beskrivelse 1').inputValue()).toBe('Konsulenttime senior');
  await page.getByLabel('Antall 1').fill('2');
  await textOf(page.getByTestId('total-grand'), '3 126,25');
  await page.keyboard.press('Control+s');
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  await nav('Fakturaer');
  await page.getByRole('tab', { name: 'Utkast' }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Berg Regnskap AS');
  await gui.shot('invoices-list-drafts');
});

test('the EHF of a customer without an organisation number is refused with the reason', async () => {
  const { page, server } = gui;
  const r = await server.json('/recipients/', { body: { name: 'Ola Nordmann', contact: { address: { address1: 'Vei 2', zip: '0150', city: 'OSLO' } } } });
  expect(r.status).toBe(201);
  const rn = Number(r.res.headers.get('location')!.split('/').pop());
  const res = await server.json('/invoices/', { body: { recipient: { number: rn }, items: [{ description: 'Vask', quantity: 1, unitPrice: 500, taxRate: 25 }] } });
  const number = Number(res.res.headers.get('location')!.split('/').pop());
  await goTo(page, `#/invoices/${number}`, page.getByTestId('invoice-balance').getByText('625,00'));
  await page.getByTestId('save-ehf').click();
  await textOf(page.getByTestId('ehf-problem'), /organisa(tion|sjons)nummer|organisation number/);
  await gui.shot('invoice-ehf-refused');

  // Write the invoice off as lost, then undo it.
  await page.getByTestId('mark-lost').click();
  await page.getByTestId('lost-reason').fill('Kunden er konkurs');
  await page.getByTestId('lost-submit').click();
  await textOf(page.getByTestId('status-badge'), 'Tapsført');
  await textOf(page.getByTestId('payments'), 'Kunden er konkurs');
  await gui.shot('invoice-lost');
  // The list says so too: under Alle it is "Tapsført" (not "Betalt"), and it has its own tab.
  await goTo(page, '#/invoices', page.getByRole('tab', { name: 'Alle' }));
  await page.getByRole('tab', { name: 'Alle' }).click();
  await textOf(page.getByTestId('doc-row').filter({ hasText: 'Ola Nordmann' }).first(), 'Tapsført');
  await page.getByRole('tab', { name: 'Tapsført' }).click();
  await textOf(page.getByTestId('doc-row').first(), 'Ola Nordmann');
  await gui.shot('invoices-list-lost');
  await goTo(page, `#/invoices/${number}`, page.getByTestId('undo-lost'));
  await page.getByTestId('undo-lost').click();
  await page.getByTestId('confirm-button').click();
  await textOf(page.getByTestId('status-badge'), 'Ikke forfalt');
  await textOf(page.getByTestId('invoice-balance'), '625,00');
  await page.getByTestId('open-pdf').click();
  await visible(page.locator('.mantine-Modal-body [data-rendered="true"] canvas'), 20_000);
  await gui.shot('invoice-pdf-dialog');
});

test('the list filters by customer and invoice date, and the sums follow the filters', async () => {
  const { page, server } = gui;
  await page.getByRole('button', { name: 'Lukk' }).click();
  await nav('Fakturaer');
  await page.getByRole('tab', { name: 'Alle' }).click();
  // What Alle counts, from the service: the count the tab before showed is not read as this one while Alle loads.
  const before = (await server.json('/invoices/sums?state=all')).body.count as number;
  expect(before).toBeGreaterThanOrEqual(3);
  await textOf(page.getByTestId('sum-count'), exactly(before));
  const filter = page.getByRole('textbox', { name: 'Kunde' });
  await filter.click();
  await filter.fill('Berg');
  await page.getByRole('option', { name: /Berg Regnskap AS/ }).click();
  // The sums and the rows are two requests: each is awaited, not read once the other has arrived.
  await textOf(page.getByTestId('sum-count'), exactly(1));
  await textOf(page.getByTestId('doc-row').first(), 'Berg Regnskap AS');
  await expect.poll(() => page.getByTestId('doc-row').count()).toBe(1);
  await gui.shot('invoices-list-filtered');
  await page.getByRole('button', { name: 'Nullstill filter' }).click();
  await textOf(page.getByTestId('sum-count'), exactly(before));
  // A date range before any invoice leaves nothing.
  await page.getByRole('textbox', { name: 'Til dato' }).fill('01.01.2020');
  await page.getByRole('textbox', { name: 'Til dato' }).press('Enter');
  await textOf(page.getByTestId('sum-count'), exactly(0));
  await visible(page.getByTestId('table-empty'));
});

test('a long list is paged from the service as it scrolls', async () => {
  const { page, server } = gui;
  for (let i = 0; i < 240; i++) {
    const res = await server.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: `Leveranse ${i}`, quantity: 1, unitPrice: 100 + i, taxRate: 25 }] } });
    expect(res.status).toBe(201);
  }
  await goTo(page, '#/invoices', page.getByTestId('new-invoice'));
  await nav('Fakturaer');
  await page.getByRole('button', { name: 'Nullstill filter' }).click();
  await page.getByRole('tab', { name: 'Alle' }).click();
  const count = Number(await textOf(page.getByTestId('sum-count'), /\d{3}/));
  expect(count).toBeGreaterThan(240);
  // Only the visible rows are in the DOM.
  expect(await page.getByTestId('doc-row').count()).toBeLessThan(60);
  const scroller = page.getByTestId('doc-table').locator('div[style*="overflow: auto"]');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  // The oldest invoice (the first one issued) is at the bottom of the descending list.
  await textOf(page.getByTestId('doc-table'), '10001', 15_000);
  await gui.shot('invoices-list-scrolled');
});

test('an exempt 0 % line needs its reason, and a draft can be deleted', async () => {
  const { page } = gui;
  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor')); // the list's Kunde filter is not the editor's
  await pickCustomer('Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Kurs');
  await page.getByLabel('Pris 1').fill('2000');
  await page.getByLabel('Pris 1').press('Alt+l');
  await page.getByLabel('Beskrivelse 2').fill('Leie av lokale');
  await page.getByLabel('Pris 2').fill('500');
  await page.getByLabel('MVA 2').selectOption('0');
  // Norwegian usage: fritatt = zero-rated (Z), unntatt = exempt (E); renting premises is unntatt.
  await visible(page.getByText('Fritatt (nullsats)', { exact: true }));
  await page.getByText('Unntatt', { exact: true }).click();
  await page.getByTestId('save-draft').click();
  await textOf(page.getByTestId('line-1'), /.+/);
  await visible(page.getByTestId('line-1').locator('.mantine-TextInput-error'));
  await page.getByLabel('Grunnlag for fritak 2').fill('Utleie av fast eiendom er unntatt, mval. § 3-11');
  await textOf(page.getByTestId('total-grand'), '3 000,00');
  await page.getByTestId('save-draft').click();
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  await visible(page.getByLabel('Grunnlag for fritak 2'));
  expect(await page.getByLabel('Grunnlag for fritak 2').inputValue()).toContain('§ 3-11');
  const draftNo = Number(/#\/invoices\/drafts\/(\d+)$/.exec(page.url())![1]);
  const draft = (await gui.server.json(`/invoices/drafts/${draftNo}`)).body;
  expect(draft.items.map((l: { vatCategory: string }) => l.vatCategory)).toEqual(['S', 'E']);
  await gui.shot('invoice-editor-exempt-line');
  await page.getByRole('button', { name: 'Slett utkast' }).click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices$/);
});

test('an invoice in euro is written, issued and paid with the NOK received', async () => {
  const { page, server } = gui;
  expect((await server.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: today } })).status).toBeLessThan(300);
  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor')); // the list's Kunde filter is not the editor's
  await pickCustomer('Berg Regnskap AS');
  await page.getByRole('textbox', { name: 'Valuta' }).click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await page.getByLabel('Beskrivelse 1').fill('Consulting');
  await page.getByLabel('Pris 1').fill('100');
  await textOf(page.getByTestId('total-grand'), '125,00');
  await textOf(page.getByTestId('doc-totals'), 'EUR');
  await page.getByTestId('issue').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/\d+$/);
  await textOf(page.getByTestId('invoice-total'), '125,00 EUR');
  await page.getByTestId('register-payment').click();
  // The NOK amount follows the exchange rate the dialog fetches: wait for both, as the user reads them.
  await expect.poll(async () => norm(await page.getByTestId('payment-currency-amount').inputValue())).toBe('125,00');
  await expect.poll(async () => norm(await page.getByTestId('payment-amount').inputValue())).toBe('1 437,50');
  await settled(page);
  await gui.shot('invoice-payment-dialog-eur');
  await page.getByTestId('payment-submit').click();
  await textOf(page.getByTestId('invoice-balance'), '0,00');
  await textOf(page.getByTestId('status-badge'), 'Betalt');
});
