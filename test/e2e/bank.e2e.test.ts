/**
 * Bank (issue 25) as a person uses it: drop the bank's camt.054 on the screen, read the summary, match the payment
 * without a KID to its invoice from the suggestions, undo it; the invoice page names the bank file behind a payment.
 * Screenshots at 1280 and 1024 px wide (test-results/screens/bank-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays } from '../../main/domain/late-interest.js';
import { camtFile, ocrFile, ocrSpec } from '../helpers/bank-file-gen.js';
import { goTo, openGuiWithCompany, settled, textOf, visible, type Gui } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});
const today = new Date().toISOString().slice(0, 10);

async function issue(amount: number): Promise<{ number: number; kid: string }> {
  const made = await gui.server.json('/invoices/', {
    body: { recipient: { number: 1 }, invoiceDate: today, dueDate: addDays(today, 14), items: [{ description: 'Rådgivning', quantity: 1, unitPrice: amount, taxRate: 0 }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const number = Number(made.res.headers.get('location')!.split('/').pop());
  const kid = (await gui.server.json(`/invoices/${number}`)).body.kid as string;
  expect(kid).toMatch(/^\d+$/);
  return { number, kid };
}

/** Drops a file on the element as the browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, testId: string, name: string, content: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], name, { type: 'application/xml' }));
      return dt;
    },
    { name, content },
  );
  const target = page.getByTestId(testId);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

const balance = async (n: number) => (await gui.server.json(`/invoices/${n}`)).body.currentBalance as number;
const rowWith = (page: Page, text: string) => page.getByTestId('bank-transactions').getByTestId('doc-row').filter({ hasText: text });

test('drop a camt.054: the KID payment is registered, the one without a KID is matched from its suggestion, then undone', async () => {
  const { page, server } = gui;
  const a = await issue(1000);
  const b = await issue(2500);
  const file = camtFile({
    version: 8,
    accounts: [
      {
        account: '86011117947',
        entries: [
          { bookingDate: today, acctSvcrRef: 'E2E-A', transactions: [{ amountOre: 1000_00, kid: a.kid, partyName: 'Fjord Bygg AS', partyAccount: '12345678903' }] },
          { bookingDate: today, acctSvcrRef: 'E2E-B', transactions: [{ amountOre: 2500_00, message: `Faktura ${b.number}`, partyName: 'Fjord Bygg AS', partyAccount: '12345678903' }] },
          { bookingDate: today, acctSvcrRef: 'E2E-C', credit: false, transactions: [{ amountOre: 99_00, partyName: 'Strømselskapet AS', message: 'Strøm' }] },
        ],
      },
    ],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await goTo(page, '#/bank', page.getByTestId('bank-drop'));
  await dropFile(page, 'bank-drop', 'dnb-camt054.xml', file);
  await visible(page.getByTestId('bank-summary'));

  // The summary says what the service registered.
  const files = await server.json('/bank-files/');
  expect(files.status).toBe(200);
  const imported = files.body[0];
  expect(imported).toMatchObject({ fileName: 'dnb-camt054.xml', format: 'CAMT054', matched: 1 });
  await textOf(page.getByTestId('sum-matched'), String(imported.matched));
  await textOf(page.getByTestId('sum-unmatched'), String(imported.unmatched));
  await textOf(page.getByTestId('sum-transactions'), String(imported.transactions));
  expect(await balance(a.number)).toBe(0);
  expect(await balance(b.number)).toBe(2500);

  // The unmatched list: the 2 500 kr payment suggests invoice b.
  const row = rowWith(page, '2 500,00');
  await visible(row);
  await textOf(row, String(b.number));
  await settled(page);
  await gui.shot('bank-import-1280');

  await row.getByTestId('tx-match').click();
  await visible(page.getByTestId('match-candidate').first());
  await settled(page);
  await gui.shot('bank-match-dialog-1280');
  await page.getByTestId('match-candidate').filter({ hasText: String(b.number) }).getByTestId('match-choose').click();
  await expect.poll(() => balance(b.number), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => rowWith(page, '2 500,00').count(), { timeout: 20_000 }).toBe(0);

  // Matchet: the payment on b, undone.
  await page.getByRole('tab', { name: 'Matchet', exact: true }).click();
  const matched = rowWith(page, '2 500,00');
  await visible(matched);
  await textOf(matched.getByTestId('tx-invoice'), String(b.number));
  await matched.getByTestId('tx-undo').click();
  await expect.poll(() => balance(b.number), { timeout: 20_000 }).toBe(2500);
  const unmatched = await server.json('/bank-transactions/?status=UNMATCHED');
  expect(unmatched.body.map((x: { amount: number }) => x.amount)).toContain(2500);

  // At 1024 px (the compact menu), the unmatched list with its columns.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('tab', { name: 'Ikke matchet', exact: true }).click();
  await visible(rowWith(page, '2 500,00'));
  await settled(page);
  await gui.shot('bank-unmatched-1024');

  // Ignore it, find it under Ignorert beside the outgoing payment the import set aside, and bring it back.
  await rowWith(page, '2 500,00').getByTestId('tx-ignore').click();
  await expect.poll(() => rowWith(page, '2 500,00').count(), { timeout: 20_000 }).toBe(0);
  await page.getByRole('tab', { name: 'Ignorert', exact: true }).click();
  await textOf(rowWith(page, '-99,00'), 'Utgående betaling');
  const ignored = rowWith(page, '2 500,00');
  await textOf(ignored, 'Satt til side av deg');
  await ignored.getByTestId('tx-undo').click();
  await expect
    .poll(async () => (await server.json('/bank-transactions/?status=UNMATCHED')).body.map((x: { amount: number }) => x.amount), { timeout: 20_000 })
    .toContain(2500);

  // The invoice paid from the file says so under its payments.
  await goTo(page, `#/invoices/${a.number}`, page.getByTestId('payment-bank'));
  await textOf(page.getByTestId('payment-bank'), 'dnb-camt054.xml');
  await settled(page);
  await gui.shot('bank-invoice-payment-1024');
});

test('a file whose totals are wrong is refused with the reason, and nothing is imported', async () => {
  const { page, server } = gui;
  const before = (await server.json('/bank-files/')).body.length;
  await page.setViewportSize({ width: 1280, height: 800 });
  await goTo(page, '#/bank', page.getByTestId('bank-drop'));
  const c = await issue(400);
  const ocr = ocrFile(ocrSpec('86011117947', today, [{ amountOre: 400_00, kid: c.kid }], { skew: { amountOre: 1 } }));
  await dropFile(page, 'bank-drop', 'ocr-feil.txt', ocr);
  await visible(page.getByTestId('bank-import-error'));
  await textOf(page.getByTestId('bank-import-error'), 'ocr-feil.txt');
  // The transmission end record (line 6) sums 400,01 kr where its one payment is 400,00.
  await textOf(page.getByTestId('bank-import-reason'), /linje 6/);
  await settled(page);
  await gui.shot('bank-refused-1280');
  expect((await server.json('/bank-files/')).body.length).toBe(before);
  expect(await balance(c.number)).toBe(400);
});

test('Innstillinger → Fakturering: with "match by amount and name" on, a payment without a KID from the customer is registered', async () => {
  const { page, server } = gui;
  await page.setViewportSize({ width: 1280, height: 800 });
  const box = page.getByTestId('field-invoicing.bankAutoMatch');
  await goTo(page, '#/settings/invoicing', box);
  await box.check();
  await page.getByTestId('invoicing-save').click();
  await expect.poll(async () => (await server.json('/originators/current/settings')).body.invoicing.bankAutoMatch, { timeout: 20_000 }).toBe(true);
  const d = await issue(1234.5);
  const file = camtFile({
    version: 4,
    accounts: [{ account: '86011117947', entries: [{ bookingDate: today, acctSvcrRef: 'AUTO-1', transactions: [{ amountOre: 1234_50, partyName: 'FJORD BYGG AS', message: 'Takk for sist' }] }] }],
  });
  await goTo(page, '#/bank', page.getByTestId('bank-drop'));
  await dropFile(page, 'bank-drop', 'auto.xml', file);
  await visible(page.getByTestId('bank-summary'));
  await textOf(page.getByTestId('sum-matched'), '1');
  expect(await balance(d.number)).toBe(0);
});

test('a large file on a slow line: the bar follows the upload, and Avbryt stops it before the service has it', async () => {
  const { page, server, context } = gui;
  const before = (await server.json('/bank-files/')).body.length;
  await page.setViewportSize({ width: 1280, height: 800 });
  await goTo(page, '#/bank', page.getByTestId('bank-drop'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // 16 kB/s up: the 2,000-payment file (0.3 MB) takes 20 s to send
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 * 1024 });
  try {
    const payments = Array.from({ length: 2000 }, (_, i) => ({ amountOre: 100_00 + i, kid: `${1000 + i}` }));
    await dropFile(page, 'bank-drop', 'stor.txt', ocrFile(ocrSpec('86011117947', today, payments)));
    await visible(page.getByTestId('bank-progress'));
    await textOf(page.getByTestId('bank-progress-text'), /Sender filen · [\d,]+ MB \/ 0,3 MB/);
    await settled(page);
    await gui.shot('bank-upload-progress-1280');
    await page.getByTestId('bank-cancel').click();
    await textOf(page.getByTestId('bank-import-cancelled'), 'stor.txt');
  } finally {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  }
  expect((await server.json('/bank-files/')).body.length).toBe(before);
});
