/**
 * Rapporter clicked through in Chromium over a seeded database: the grouped list, a preset, the column picker, the JSON
 * preview with sums, a real XLSX and CSV download read back, the progress bar and its cancel, the bar following a large
 * export's rows as the server pushes them (GET /_events), a 400 shown next to its field, and sending by e-mail into the
 * outbox.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import { cloneInvoices } from '../helpers/clone-invoices.js';
import { parseCsv, readXlsx } from '../reports/files.js';
import { downloaded, fieldValue, navTo, openGui, textOf, visible, type Gui } from './helpers/browser.js';

const TODAY = '2026-03-15';
let gui: Gui;
beforeAll(async () => {
  gui = await openGui({ today: TODAY });
  await seedAll(gui.server.app.ctx, { seed: 3, recipients: 25, invoices: 250, extras: false });
  gui.server.clock.set(TODAY);
}, 120_000);
afterAll(async () => {
  await gui?.close();
});

test('Rapporter: choose, preview, download, cancel, errors next to the field, e-mail', async () => {
  const { page } = gui;
  await navTo(page, 'Rapporter');
  for (const group of ['Salg', 'Reskontro', 'Kunder', 'Betalinger']) await visible(page.getByText(group, { exact: true }));
  await page.getByTestId('report-invoices').click();
  await visible(page.getByTestId('report-panel'));
  await page.getByTestId('date-presets').getByRole('button', { name: 'I år' }).click();
  // Drop a preselected column and add another: the preview follows the picker.
  await page.getByTestId('column-picker').getByLabel('KID').uncheck();
  await page.getByTestId('column-picker').getByLabel('Valuta', { exact: true }).check();
  await page.getByTestId('report-preview-run').click();
  const preview = await visible(page.getByTestId('report-preview'));
  const headers = await preview.locator('thead th').allTextContents();
  expect(headers).toContain('Valuta');
  expect(headers).not.toContain('KID');
  const api = await gui.server.json(`/reports/invoices?format=JSON&columns=number,total&from=2026-01-01&to=2026-12-31`);
  const sum = await textOf(page.getByTestId('preview-sum'));
  const nb = api.body.summary.total.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  expect(sum.replace(/\s/g, '\u00a0')).toContain(nb);
  await textOf(preview, `av ${api.body.rowCount} rader`);
  await gui.shot('reports-invoices-preview');

  // A real XLSX download, read back.
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-XLS').click()]);
  expect(xlsx.suggestedFilename()).toBe('fakturaer.xlsx');
  const ws = (await readXlsx(await downloaded(xlsx))).worksheets[0];
  expect(ws.getRow(1).getCell(1).value).toBe('Nummer');
  expect(ws.rowCount).toBe(api.body.rowCount + 2);

  // A slow export shows the progress bar; Avbryt stops it. The export is held until the cancel has been seen (a
  // fixed 2.5 s delay let a loaded machine finish the download before the test reached Avbryt).
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/reports/invoices?*format=CSV*', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('download-CSV').click();
  await visible(page.getByTestId('download-progress'));
  await gui.shot('reports-progress');
  await page.getByTestId('download-cancel').click();
  await visible(page.getByText('Nedlastingen ble avbrutt.'));
  release();
  await page.unroute('**/reports/invoices?*format=CSV*');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-CSV').click()]);
  const parsed = parseCsv(await downloaded(csv));
  expect(parsed.bom).toBe(true);
  expect(parsed.rows.length).toBe(api.body.rowCount);

  // The aged balance: the intervals column without intervals is refused, and the message stands by the field.
  await page.getByTestId('report-recipients/balance/aged').click();
  const intervals = page.getByRole('textbox', { name: 'Intervaller (dager)' });
  await intervals.fill('');
  await page.getByTestId('report-preview-run').click();
  await visible(page.getByText('må fylles ut når intervallkolonnen er valgt', { exact: false }));
  await gui.shot('reports-aged-error');
  await intervals.fill('30,60');
  await page.getByTestId('report-preview-run').click();
  const aged = await visible(page.getByTestId('report-preview'));
  expect(await aged.locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['1–30 dager', '31–60 dager', 'Over 60 dager']));
  await gui.shot('reports-aged');

  // E-mail: the report goes to the outbox.
  await page.getByTestId('report-email').fill('revisor@example.no');
  await page.getByTestId('report-email-send').click();
  await visible(page.getByText('Rapporten er lagt i utboksen til revisor@example.no.'));
  const outbox = await gui.server.json('/outbox/');
  expect(JSON.stringify(outbox.body)).toContain('revisor@example.no');
});

test('Rapporter: the bar follows a large export\'s rows as the server pushes them, up to the end', async () => {
  const { page } = gui;
  await cloneInvoices(gui.server.app.ctx.db, 60_000); // about 10,000 of them this year
  await page.getByTestId('report-invoices').click();
  // The aged balance (the test before) has presets too: its panel may still be on screen for a moment, and 'I år'
  // clicked there left the invoices report at its first values (this month). Wait for the invoices panel, then for the
  // period the preset gives.
  const title = (await textOf(page.getByTestId('report-invoices'))).trim();
  await textOf(page.getByTestId('report-panel').getByRole('heading', { level: 3 }), title);
  await page.getByTestId('date-presets').getByRole('button', { name: 'I år' }).click();
  await fieldValue(page.getByTestId('report-panel').getByLabel('Fra dato'), '01.01.2026');
  await fieldValue(page.getByTestId('report-panel').getByLabel('Til dato'), '31.12.2026');
  const rows = (await gui.server.json('/reports/invoices?format=JSON&columns=number&maxRows=0&from=2026-01-01&to=2026-12-31')).body.rowCount;
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { progressTexts: string[] }).progressTexts = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="download-progress-text"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByTestId('download-XLS').click();
  await visible(page.getByTestId('download-progress-text').filter({ hasText: /[1-9][\d\s]* av / }), 30_000);
  await gui.shot('reports-progress-rows');
  const big = await downloading;
  expect((await readXlsx(await downloaded(big))).worksheets[0].rowCount).toBe(rows + 2);
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  const counts = texts.flatMap((t) => {
    const m = /([\d\s]+) av ([\d\s]+) rader/.exec(t);
    return m ? [[Number(m[1].replace(/\s/g, '')), Number(m[2].replace(/\s/g, ''))]] : [];
  });
  expect(counts.filter(([done, total]) => done > 0 && done < total).length, texts.join(' | ')).toBeGreaterThanOrEqual(2);
  expect(counts.every(([, total]) => total === rows)).toBe(true);
  expect(counts.map(([done]) => done)).toEqual(counts.map(([done]) => done).sort((a, b) => a - b));
}, 180_000);
