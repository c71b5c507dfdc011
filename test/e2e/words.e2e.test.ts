/**
 * Words and formats the issue named, one by one, in the Norwegian build (with a customer, invoices, a payment, a
 * refund, a credit note, a reminder, an event and a mail that could not go). Every screen in both languages is read
 * by screen-scan.e2e.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays } from '../../main/domain/late-interest.js';
import { eventBody } from '../events/setup.js';
import { freePort } from '../sending/helpers.js';
import { foreignWords } from '../words/scan.js';
import { goTo, navTo, openGuiWithCompany, textOf, visible, type Gui } from './helpers/browser.js';

let gui: Gui;
const today = new Date().toISOString().slice(0, 10);
const ids: Record<string, number> = {};

const ok = async (path: string, body: unknown, method?: string) => {
  const r = await gui.server.json(path, { body, method });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r;
};
const numberOf = (r: { res: Response }) => Number(r.res.headers.get('location')!.split('/').pop());

beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  // A mail server that is not there: the e-mail fails with "connect ECONNREFUSED 127.0.0.1:<port>".
  const closed = await freePort();
  await ok('/originators/current/settings', { sending: { smtp: { host: '127.0.0.1', port: closed, security: 'NONE' }, fromAddress: 'faktura@kvitt.no' } }, 'PUT');
  const invoice = (due: string, amount: number) =>
    ok('/invoices/', { recipient: { number: 1 }, invoiceDate: addDays(due, -14), dueDate: due, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: amount, taxRate: 25 }] }).then(numberOf);
  ids.late = await invoice(addDays(today, -40), 1000);
  ids.late2 = await invoice(addDays(today, -35), 500);
  ids.late3 = await invoice(addDays(today, -30), 700);
  ids.paid = await invoice(addDays(today, -5), 800);
  await ok(`/invoices/${ids.paid}/payments`, { date: addDays(today, -2), amount: 1100 }); // 100 too much
  await ok(`/invoices/${ids.paid}/refunds`, { date: addDays(today, -1) });
  ids.credited = await invoice(addDays(today, 10), 400);
  ids.credit = numberOf(await ok(`/invoices/${ids.credited}/credit-note`, {}));
  ids.reminder = (await ok('/dunnings/', { invoiceNumber: ids.late })).body.number;
  await ok(`/dunnings/${ids.reminder}/send`, { email: [{ address: 'post@fjordbygg.no' }] }); // its history shows the shipment
  ids.event = (await ok('/host/events/', eventBody({ date: `${addDays(today, 30)} 09:00`, endDate: `${addDays(today, 30)} 15:00`, registrationDeadline: `${addDays(today, 20)} 23:59`, productNumber: null, customFields: [], discountCodes: { label: 'Rabattkode', codes: [] } }))).body.number;
  await ok(`/invoices/${ids.paid}/send`, { email: [{ address: 'post@fjordbygg.no' }] });
  await s.json('/outbox/flush', { method: 'POST' });
});
afterAll(async () => {
  await gui?.close();
});

test("the customer's ledger (Kundereskontro) as a report preview: Saldo as an amount, every type in Norwegian", async () => {
  const { page } = gui;
  const problems: string[] = [];
  await goTo(page, '#/reports', page.getByTestId('report-accountOverview'));
  await page.getByTestId('report-accountOverview').click();
  await page.getByTestId('report-preview-run').click();
  const preview = await visible(page.getByTestId('report-preview'));
  await textOf(preview, 'Tilbakebetalt til kunde');
  const text = (await preview.innerText()).replace(/\u00a0/g, ' ');
  expect(text).toMatch(/1 100,00/);
  for (const p of foreignWords(text)) problems.push(`reports preview: ${p}`);
  const balances = await preview.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLTableRowElement).cells[(r as HTMLTableRowElement).cells.length - 1].innerText));
  expect(balances.length).toBeGreaterThan(3);
  for (const b of balances) expect(b.replace(/\u00a0/g, ' ')).toMatch(/^-?\d{1,3}( \d{3})*,\d{2}$/);
  await gui.shot('words-ledger-preview');
  expect(problems).toEqual([]);
});

test('the mail server that did not answer: said in Norwegian with what to check, in the test mail and in Utboks', async () => {
  const { page, server } = gui;
  await goTo(page, '#/settings/email', page.getByTestId('email-tab'));
  await textOf(page.getByTestId('email-tab'), 'Adressen til SMS-tjenesten');
  expect(await page.getByTestId('email-tab').innerText()).not.toContain('POST {to, message}');
  await page.getByTestId('test-mail-to').fill('meg@kvitt.no');
  await page.getByRole('button', { name: 'Send test-e-post' }).click();
  const result = await textOf(page.getByTestId('test-mail-result'), 'E-postserveren svarte ikke');
  expect(result).toContain('Sjekk servernavn og port');
  expect(result).not.toMatch(/ECONNREFUSED|connect /);
  await gui.shot('words-test-mail-refused');
  await navTo(page, 'Utboks');
  const reason = page.getByTestId('outbox-reason').first();
  await reason.hover();
  const tip = await textOf(page.getByRole('tooltip'), 'E-postserveren svarte ikke');
  expect(tip).not.toMatch(/ECONNREFUSED/);
  await gui.shot('words-outbox-refused');
});

test('dunning: plural agreement, inkassovarsel when that is chosen, and a run while automatic dunning is off says so', async () => {
  const { page } = gui;
  await navTo(page, 'Purringer');
  const rows = page.getByTestId('candidates-table').getByTestId('doc-row');
  await visible(rows.first());
  await textOf(page.getByTestId('create-dunnings'), 'Lag 0 purringer');
  await rows.filter({ hasText: String(ids.late2) }).click();
  await textOf(page.getByTestId('create-dunnings'), 'Lag 1 purring');
  expect(await page.getByTestId('create-dunnings').innerText()).not.toContain('purringer');
  await rows.filter({ hasText: String(ids.late3) }).click();
  await textOf(page.getByTestId('create-dunnings'), 'Lag 2 purringer');
  await page.getByTestId('create-dunnings').click();
  await textOf(page.getByTestId('create-preview').locator('xpath=ancestor::section[1]'), 'Lag 2 purringer');
  await page.keyboard.press('Escape');
  await page.getByTestId('as-notice').click();
  await textOf(page.getByTestId('create-dunnings'), /Lag \d+ inkassovarsl(er|et)|Lag 1 inkassovarsel/);
  await gui.shot('words-dunning-plural');
  await page.getByTestId('dunning-run').click();
  const note = await textOf(page.locator('.mantine-Notification-root').last(), 'Automatisk purring er slått av');
  expect(note).toContain('Innstillinger → Purring');
  expect(note).toMatch(/\d+ purring(er)? laget/);
  await gui.shot('words-dunning-run-off');
  await page.setViewportSize({ width: 1024, height: 768 });
  await gui.shot('words-dunning-run-off-1024');
  await goTo(page, '#/settings/email', page.getByTestId('email-tab'));
  await textOf(page.getByTestId('email-tab'), 'Adressen til SMS-tjenesten');
  await gui.shot('words-email-settings-1024');
  await navTo(page, 'Oversikt');
  await visible(page.getByTestId('overview-group-total').first());
  await gui.shot('words-overview-1024');
  await page.setViewportSize({ width: 1360, height: 860 });
});
