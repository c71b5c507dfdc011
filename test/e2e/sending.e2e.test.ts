import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSmtp, type Smtp } from '../sending/helpers.js';
import { chooseCustomer, navTo, openGuiWithCompany, textOf, visible, type Gui, goTo, drawnAt } from './helpers/browser.js';

let gui: Gui;
let smtp: Smtp;
let invoice: number;
beforeAll(async () => {
  smtp = await startSmtp();
  gui = await openGuiWithCompany();
  const s = gui.server;
  const r = await s.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Konsulenttime', quantity: 2, unitPrice: 1250, taxRate: 25 }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  invoice = r.body.number;
});
afterAll(async () => {
  await gui?.close();
  await smtp?.close();
});

test('Settings → E-post: set up the server, and the test e-mail shows what the server answered', async () => {
  const { page } = gui;
  await navTo(page, 'Innstillinger');
  await page.getByTestId('settings-tab-email').click();
  await visible(page.getByTestId('email-tab'));
  await page.getByTestId('field-sending.smtp.host').fill('127.0.0.1');
  await page.getByTestId('field-sending.smtp.port').fill(String(smtp.port));
  await page.getByTestId('field-sending.smtp.security').click();
  await page.getByRole('option', { name: 'Ingen' }).click();
  await page.getByTestId('field-sending.fromAddress').fill('ikke-en-adresse');
  await page.getByTestId('save-email').click();
  await textOf(page.getByText('must be an e-mail address').or(page.getByText('må være en e-postadresse')));
  await page.getByTestId('field-sending.fromAddress').fill('faktura@kvitt-test.no');
  await page.getByTestId('field-sending.fromName').fill('Kvitt Test AS');
  await page.getByTestId('save-email').click();
  await textOf(page.locator('.mantine-Notification-root'), 'lagret');
  await page.getByTestId('test-mail-to').fill('meg@kvitt-test.no');
  await page.getByTestId('send-test-mail').click();
  await textOf(page.getByTestId('test-mail-result'), '250');
  await gui.shot('sending-settings-email');
  expect(smtp.mails.map((m) => m.subject)).toContain('Test-e-post fra Kvitt');
});

test('Send dialog on an issued invoice: e-mail with a message and a copy, paper to the print queue; history updates by itself', async () => {
  const { page } = gui;
  await goTo(page, `#/invoices/${invoice}`, page.getByTestId('invoice-detail'));
  await textOf(page.getByTestId('sending-history-empty'), 'Ikke sendt');
  await page.getByTestId('send-document').click();
  await visible(page.getByTestId('send-dialog'));
  // the default of spec 4.5 (only e-mail and paper: the originator's EMAIL) is ticked, the address pre-filled (the
  // dialog fetches the customer and the settings as it opens: waited for as the user reads them)
  await expect.poll(() => page.getByTestId('send-email').inputValue()).toBe('post@fjordbygg.no');
  await expect.poll(() => page.getByTestId('send-method-email').isChecked()).toBe(true);
  expect(await page.getByTestId('send-method-paper').isChecked()).toBe(false);
  await page.getByTestId('send-message').fill('x'.repeat(121));
  await page.getByTestId('send-submit').click();
  await textOf(page.getByTestId('send-dialog'), '120');
  await page.getByTestId('send-message').fill('Takk for handelen!');
  await page.getByTestId('send-copy').check();
  await page.getByTestId('send-method-paper').check();
  await gui.shot('sending-dialog');
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-dialog').waitFor({ state: 'detached' });
  // Waiting in the outbox, the history says so (not "sendt på e-post" before it went).
  const waiting = await textOf(page.getByTestId('sending-history'), 'venter på å bli sendt på e-post');
  expect(waiting).not.toMatch(/Faktura \d+ sendt på e-post/);
  await gui.shot('sending-invoice-history-waiting');
  // Nothing else happens until the outbox is worked: flush over the API (the running app's sender does it on its own)
  await gui.server.json('/outbox/flush', { method: 'POST' });
  await textOf(page.getByTestId('sending-history'), 'Levert');
  await textOf(page.getByTestId('sending-history'), /Faktura \d+ sendt på e-post/);
  await gui.shot('sending-invoice-history');
  const mail = smtp.mails.find((m) => m.subject === `Faktura ${invoice} fra Kvitt Test AS`)!;
  expect(mail.text).toContain('Takk for handelen!');
  expect(mail.attachments[0].filename).toBe(`faktura-${invoice}.pdf`);
  expect(smtp.mails.some((m) => m.subject === `Kopi: Faktura ${invoice} fra Kvitt Test AS`)).toBe(true);
});

test('Utboks: the print queue prints and marks printed; a refused mail fails with the reason and can be retried', async () => {
  const { page } = gui;
  const s = gui.server;
  expect((await s.json(`/invoices/${invoice}/send`, { body: { email: [{ address: 'reject@fjordbygg.no' }] } })).status).toBe(200);
  await navTo(page, 'Utboks');
  await visible(page.getByTestId('outbox-screen'));
  await page.getByTestId('outbox-flush').click();
  await textOf(page.locator('.mantine-Notification-root'), '1 feilet');
  await page.getByTestId('outbox-tab-failed').click();
  await textOf(page.getByTestId('outbox-reason'), '550');
  await gui.shot('sending-outbox-failed');
  await page.getByTestId('outbox-retry').click();
  await textOf(page.locator('.mantine-Notification-root'), 'Lagt i køen igjen');
  await textOf(page.getByTestId('outbox-table'), 'Ingen feilede');

  await page.getByTestId('outbox-tab-print').click();
  // Not printed yet: not "sendt" (it said "sendt i posten" before it was).
  await textOf(page.getByTestId('outbox-table'), `Faktura ${invoice} i posten`);
  expect(await page.getByTestId('outbox-table').innerText()).not.toContain('sendt i posten');
  await textOf(page.getByTestId('outbox-table'), '0150 OSLO');
  await page.getByTestId('outbox-print').click();
  await visible(page.locator('[data-testid="pdf-pages"][data-rendered="true"] canvas'), 20_000);
  await gui.shot('sending-print-pdf');
  await page.getByRole('button', { name: 'Lukk' }).click();
  await page.getByTestId('outbox-printed').click();
  await textOf(page.getByTestId('outbox-table'), 'Ingenting å skrive ut');
  await page.getByTestId('outbox-tab-delivered').click();
  await textOf(page.getByTestId('outbox-table'), `Faktura ${invoice} sendt i posten`);
  await gui.shot('sending-outbox-delivered');
  const paper = (await s.json('/outbox/?method=paper')).body[0];
  expect(paper.status).toBe('DELIVERED');
});

test('Utsted og send: issuing from the editor with the switch on opens the Send dialog of the new invoice', async () => {
  const { page } = gui;
  await navTo(page, 'Fakturaer');
  await page.getByTestId('new-invoice').click();
  await visible(page.getByTestId('doc-editor'));
  await chooseCustomer(page, 'Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Rådgivning');
  await page.getByLabel('Pris 1').fill('900');
  await page.keyboard.press('Control+s');
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  await page.getByTestId('issue').click();
  await visible(page.getByTestId('issue-warning'));
  await page.getByTestId('issue-and-send').check();
  await gui.shot('sending-issue-and-send');
  await page.getByTestId('confirm-button').click();
  await drawnAt(page, /#\/invoices\/\d+$/);
  await visible(page.getByTestId('send-dialog'));
  const number = Number(page.url().split('/').pop());
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-dialog').waitFor({ state: 'detached' });
  await gui.server.json('/outbox/flush', { method: 'POST' });
  await textOf(page.getByTestId('sending-history'), 'Levert');
  expect(smtp.mails.some((m) => m.subject === `Faktura ${number} fra Kvitt Test AS`)).toBe(true);
});

test('Utboks: a mail delivered in the background leaves I kø by itself (push, no reload), and the list keeps its scroll position', async () => {
  const { page } = gui;
  const s = gui.server;
  const paper = { paper: { address1: 'Postboks 9', zip: '0150', city: 'OSLO', country: 'NORGE' } };
  expect((await s.json(`/invoices/${invoice}/send`, { body: { email: [{ address: 'live@fjordbygg.no' }] } })).status).toBe(200);
  for (let i = 0; i < 40; i++) expect((await s.json(`/invoices/${invoice}/send`, { body: paper })).status).toBe(200);
  await navTo(page, 'Utboks');
  await page.getByTestId('outbox-tab-queued').click();
  const table = page.getByTestId('outbox-table');
  const scroller = table.locator('div[style*="overflow: auto"]');
  await visible(table.getByTestId('doc-row').first());
  // newest first: the mail (queued before the 40 letters) is the last row
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await textOf(table, 'live@fjordbygg.no');
  const before = await scroller.evaluate((el) => el.scrollTop);
  expect(before).toBeGreaterThan(400);

  const flushed = await s.json('/outbox/flush', { method: 'POST' }); // over the API, not through this page
  expect(flushed.body).toContainEqual(expect.objectContaining({ status: 'DELIVERED' }));
  await table.getByText('live@fjordbygg.no').waitFor({ state: 'detached' });
  const after = await scroller.evaluate((el) => el.scrollTop);
  expect(after).toBeGreaterThan(before - 100); // not back at the top
  await gui.shot('sending-outbox-live');
  await page.getByTestId('outbox-tab-delivered').click();
  await textOf(table, 'live@fjordbygg.no');
});
