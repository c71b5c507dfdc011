import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, lateInterest } from '../../main/domain/late-interest.js';
import { recipient } from '../helpers/server.js';
import { navTo, openGuiWithCompany, textOf, visible, type Gui, goTo } from './helpers/browser.js';

const today = new Date().toISOString().slice(0, 10);
const RATES = [{ from: '2026-01-01', rate: 1200 }];
const kr = (ore: number) => (ore / 100).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const norm = (s: string) => s.replace(/\s+/g, ' ');

let gui: Gui;
const inv: Record<string, number> = {};
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  const r2 = await s.json('/recipients/', { body: recipient({ name: 'Berg Regnskap AS', customerNumber: '1002', organisation: { form: 'as', icd: 9908, number: '974760673' }, contact: { address: { zip: '0150', city: 'OSLO' }, email: 'post@berg.no' } }) });
  expect(r2.status).toBe(201);
  const issue = async (recipientNumber: number, amount: number, due: string) => {
    const r = await s.json('/invoices/', { body: { recipient: { number: recipientNumber }, invoiceDate: addDays(due, -14), dueDate: due, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: amount, taxRate: 0 }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return Number(r.res.headers.get('location')!.split('/').pop());
  };
  // In date order: numbers follow dates.
  inv.a = await issue(1, 10_000, addDays(today, -42));
  inv.c = await issue(Number((await s.json('/recipients/?q=Berg')).body[0].number), 5_000, addDays(today, -20));
  inv.b = await issue(1, 2_000, addDays(today, -13));
});
afterAll(async () => {
  await gui?.close();
});

test('Purringer: candidates with what each reminder costs, select two, preview, create and send on paper', async () => {
  const { page } = gui;
  await navTo(page, 'Purringer');
  await visible(page.getByTestId('candidates-table').getByTestId('doc-row'));
  const rows = page.getByTestId('candidates-table').getByTestId('doc-row');
  await expect.poll(() => rows.count()).toBe(3);
  const interestA = lateInterest(1_000_000, addDays(today, -42), today, RATES).interest;
  const rowA = rows.filter({ hasText: String(inv.a) });
  const textA = norm(await textOf(rowA, '35,00'));
  expect(textA).toContain(kr(interestA));
  expect(textA).toContain(kr(1_000_000 + 3_500 + interestA));
  // 13 days after the due date: no fee, with the reason in a tooltip.
  const rowB = rows.filter({ hasText: String(inv.b) });
  await visible(rowB.getByTestId('fee-refused'));
  await rowB.getByTestId('fee-refused').hover();
  await visible(page.getByText(/minst 14 dager etter forfall/));
  // The date in the tooltip as dates are written (was 2026-11-15).
  await visible(page.getByText(/etter forfall \(\d{2}\.\d{2}\.\d{4}\)/));
  await gui.shot('dunnings-candidates');

  await rowA.click();
  await rowB.click();
  await textOf(page.getByTestId('create-dunnings'), 'Lag 2 purringer');
  await page.getByTestId('create-dunnings').click();
  await visible(page.getByTestId('create-preview'));
  await textOf(page.getByTestId('preview-with-fee'), '1 / 2');
  const interestB = lateInterest(200_000, addDays(today, -13), today, RATES).interest;
  await textOf(page.getByTestId('preview-charges'), kr(3_500 + interestA + interestB));
  await page.getByTestId('send-paper').check();
  await gui.shot('dunnings-preview');
  await page.getByTestId('confirm-create').click();
  await visible(page.getByText('2 purringer laget'));
  await textOf(page.getByTestId('create-dunnings'), 'Lag 0 purringer');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="candidates-table"] [data-testid="doc-row"]').length === 1);
});

test('the dunning list, a dunning with its PDF and history, and Send again with the error next to the field', async () => {
  const { page } = gui;
  await page.getByRole('tab', { name: 'Sendte purringer' }).click();
  const rows = page.getByTestId('dunnings-table').getByTestId('doc-row');
  await visible(rows);
  await expect.poll(() => rows.count()).toBe(2);
  expect(norm(await textOf(rows.first(), 'Forfalt'))).toContain('Purring');
  await gui.shot('dunnings-list');
  await rows.filter({ hasText: 'Fjord Bygg AS' }).filter({ hasText: '35,00' }).click();
  await visible(page.getByTestId('dunning-detail'));
  await textOf(page.getByTestId('dunning-fee'), '35,00');
  await textOf(page.getByTestId('interest-period'), '12 % av 10 000,00');
  await textOf(page.getByTestId('dunning-history'), 'sendt i posten');
  await page.getByTestId('open-pdf').click();
  await visible(page.locator('[data-testid="pdf-pages"][data-rendered="true"] canvas'), 20_000);
  await gui.shot('dunning-pdf');
  await page.keyboard.press('Escape');

  await page.getByTestId('send-again').click();
  await visible(page.getByTestId('send-dialog'));
  await page.getByTestId('send-paper-box').uncheck();
  await page.getByTestId('send-email-address').fill('post@fjordbygg');
  await page.getByTestId('send-submit').click();
  await textOf(page.getByTestId('error-email[0].address'), 'e-postadresse');
  await gui.shot('dunning-send-error');
  await page.getByTestId('send-email-address').fill('post@fjordbygg.no');
  await page.getByTestId('send-submit').click();
  await textOf(page.getByTestId('dunning-history'), 'post@fjordbygg.no');
  await page.getByTestId('send-dialog').waitFor({ state: 'hidden' });
  await textOf(page.getByTestId('dunning-history'), 'Under sending');
  await gui.shot('dunning-detail');
});

test('the invoice page shows its dunnings and the fees and interest they added', async () => {
  const { page } = gui;
  await goTo(page, `#/invoices/${inv.a}`, page.getByTestId('invoice-dunnings'));
  const interestA = lateInterest(1_000_000, addDays(today, -42), today, RATES).interest;
  await textOf(page.getByTestId('invoice-dunning-charges'), kr(3_500 + interestA));
  await textOf(page.getByTestId('invoice-balance'), kr(1_000_000 + 3_500 + interestA));
  await gui.shot('dunnings-invoice');
  // A due invoice without a reminder can be dunned from its page.
  // Invoice c's page, not a's still on screen (the same component, drawn again for c once c has come).
  await goTo(page, `#/invoices/${inv.c}`, page.getByTestId('invoice-balance').getByText(kr(500_000)));
  await page.getByTestId('dun-invoice').click();
  await visible(page.getByTestId('dunning-detail'));
  await textOf(page.getByTestId('dunning-fee'), '35,00');
});

test('Settings → Purring: fees with the law limit next to the field, automatic dunning, interest rates', async () => {
  const { page } = gui;
  await navTo(page, 'Innstillinger');
  await page.getByTestId('settings-tab-dunning').click();
  await visible(page.getByTestId('dunning-settings'));
  await page.getByTestId('field-dunning.reminderFee').fill('70');
  await page.getByTestId('dunning-save').click();
  await textOf(page.getByTestId('error-dunning.reminderFee'), '35');
  await gui.shot('dunnings-settings-error');
  await page.getByTestId('field-dunning.reminderFee').fill('30');
  await page.getByTestId('field-dunning.autoEnabled').check();
  await page.getByTestId('dunning-save').click();
  await visible(page.getByText('Purreinnstillinger lagret'));
  expect((await gui.server.json('/originators/current/settings')).body.dunning).toMatchObject({ reminderFee: 30, autoEnabled: true });
  await page.getByTestId('rate-from').fill('01.01.2027');
  await page.getByTestId('rate-percent').fill('11,5');
  await page.getByTestId('rate-add').click();
  await textOf(page.getByTestId('interest-rates'), '11,50 %');
  expect((await gui.server.json('/dunnings/interest-rates/2027-01-01')).body.rate).toBe(11.5);
  await gui.shot('dunnings-settings');
});
