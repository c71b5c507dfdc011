import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays } from '../../main/domain/late-interest.js';
import { chooseCustomer, openGuiWithCompany, textOf, visible, type Gui, goTo, drawnAt } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});
const today = new Date().toISOString().slice(0, 10);

test('an invoice paid in full but late: its page offers the accrued interest, and Send rentenota claims it', async () => {
  const { page, server } = gui;
  const made = await server.json('/invoices/', {
    body: { recipient: { number: 1 }, invoiceDate: addDays(today, -40), dueDate: addDays(today, -30), items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 10_000, taxRate: 0 }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const n = Number(made.res.headers.get('location')!.split('/').pop());
  expect((await server.json(`/invoices/${n}/payments`, { body: { date: addDays(today, -10), amount: 10_000 } })).status).toBe(201);
  const expected = (await server.json(`/dunnings/closing-interest/${n}`)).body;
  expect(expected.state).toBe('open');
  await goTo(page, `#/invoices/${n}`, page.getByTestId('closing-interest-open'));
  await textOf(page.getByTestId('closing-interest-open'), expected.interest.toFixed(2).replace('.', ','));
  await gui.shot('invoice-paid-late-interest');
  await page.getByTestId('claim-interest').click();
  await drawnAt(page, /#\/dunnings\/\d+$/);
  const number = Number(page.url().split('/').pop());
  const note = (await server.json(`/dunnings/${number}?withDetails=true`)).body;
  expect(note).toMatchObject({ invoiceNumber: n, interest: expected.interest, dunningFee: 0, interestNote: true });
  await textOf(page.locator('body'), 'Rentenota');
});

test('a company outside the VAT register: the editor shows the total the issued invoice carries (no VAT)', async () => {
  const { page, server } = gui;
  const set = await server.json('/originators/current/settings', { method: 'PUT', body: { company: { vatRegistered: false } } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor'));
  await page.reload(); // the settings changed behind the GUI's back: load them anew
  await visible(page.getByTestId('doc-editor'));
  await chooseCustomer(page, 'Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Konsulenttime');
  await page.getByLabel('Pris 1').fill('1000');
  await textOf(page.getByTestId('total-grand'), '1 000,00');
  expect(await page.getByTestId('total-vat-25').count()).toBe(0);
  await gui.shot('invoice-editor-not-vat-registered');
  await page.getByTestId('issue').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/\d+$/);
  const number = Number(page.url().split('/').pop());
  const issued = (await server.json(`/invoices/${number}`)).body;
  expect(issued.total).toBe(1000);
  expect(issued.totalVat ?? issued.tax ?? 0).toBe(0);
});

test('"Vår referanse" from Settings → Fakturering is filled in on a new invoice and printed on it', async () => {
  const { page, server } = gui;
  const set = await server.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { ourReference: 'Kari Selger' } } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor'));
  await page.reload(); // the settings changed behind the GUI's back: load them anew
  await visible(page.getByTestId('doc-editor'));
  await expect.poll(() => page.getByLabel('Vår referanse').inputValue(), { timeout: 20_000 }).toBe('Kari Selger');
  await chooseCustomer(page, 'Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Konsulenttime');
  await page.getByLabel('Pris 1').fill('500');
  await page.getByTestId('issue').click();
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/\d+$/);
  const number = Number(page.url().split('/').pop());
  expect((await server.json(`/invoices/${number}`)).body.ourReference).toBe('Kari Selger');
});
