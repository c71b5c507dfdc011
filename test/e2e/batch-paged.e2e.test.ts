/**
 * Massefakturering with thousands of customers (issue 28): the customer list asks the service for one page at a time;
 * a search typed in one go makes one paged request (searched in SQL by the customer search: here the city);
 * "Velg alle N treff" takes the matches' numbers from the service without reading their rows; two unticked and one
 * ticked from another search, the batch invoices exactly that set. Screenshots at 1280 and 1024 px.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { navTo, openGuiWithCompany, settled, textOf, visible, type Gui } from './helpers/browser.js';

const COUNT = 3000;
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  // Every tenth customer lives in Bergen: 300 of 3,000.
  const many = Array.from({ length: COUNT }, (_, i) => {
    const bergen = (i + 1) % 10 === 0;
    return { name: `Kunde ${String(i + 1).padStart(4, '0')}`, contact: { address: { address1: 'Vei 1', zip: bergen ? '5003' : '0150', city: bergen ? 'BERGEN' : 'OSLO' } } };
  });
  expect((await gui.server.json('/recipients/', { body: many })).status).toBe(201);
});
afterAll(async () => {
  await gui?.close();
});

interface OpCall {
  op: string;
  input: { query?: Record<string, unknown> };
}

test('typing a search makes one paged request; select all matches, untick two, add one: exactly that set is invoiced', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 900 });
  const calls: OpCall[] = [];
  const onRequest = (r: Request) => {
    const m = /\/_ops\/(recipients\.(?:list|numbers))$/.exec(r.url());
    if (m) calls.push({ op: m[1], input: JSON.parse(r.postData() ?? '{}') });
  };
  page.on('request', onRequest);
  await navTo(page, 'Faste fakturaer');
  await page.getByTestId('open-batch').click();
  const list = page.getByTestId('batch-customers');
  const selectAll = page.getByTestId('batch-select-all');
  await textOf(list, 'Fjord Bygg AS');
  await textOf(page.getByTestId('batch-dialog'), 'Velg alle 3 001 treff');
  // Opening asked for the first page only, not every customer.
  expect(calls.map((c) => [c.op, c.input.query?.page, c.input.query?.perPage])).toEqual([['recipients.list', 1, 100]]);

  // "BERGEN" typed a letter at a time, every change before the typing pause ends (one task: no timer can fire between).
  calls.length = 0;
  await page.getByTestId('batch-search').evaluate((el) => {
    const input = el as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const text of ['B', 'BE', 'BER', 'BERG', 'BERGE', 'BERGEN']) {
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await textOf(page.getByTestId('batch-dialog'), 'Velg alle 300 treff');
  await textOf(list, 'Kunde 0010');
  expect(calls).toEqual([{ op: 'recipients.list', input: { query: { q: 'BERGEN', perPage: 100, page: 1, sort: 'name' } } }]);
  expect(await list.getByRole('checkbox').count()).toBeLessThan(40);

  calls.length = 0;
  await selectAll.check();
  await textOf(page.getByTestId('batch-selected'), 'Kunder valgt: 300');
  // The 300 numbers came from one request for numbers, not from reading the 300 customers.
  expect(calls.map((c) => c.op)).toEqual(['recipients.numbers']);
  await list.getByRole('checkbox', { name: 'Kunde 0010' }).uncheck();
  await list.getByRole('checkbox', { name: 'Kunde 0020' }).uncheck();
  await textOf(page.getByTestId('batch-selected'), 'Kunder valgt: 298');
  expect(await selectAll.isChecked()).toBe(false);

  // One more from another search (typed as a person types); the Bergen choice stays.
  await page.getByTestId('batch-search').fill('');
  await page.getByTestId('batch-search').pressSequentially('Kunde 0001');
  await textOf(page.getByTestId('batch-dialog'), 'Velg treffet');
  await list.getByRole('checkbox', { name: 'Kunde 0001' }).check();
  await textOf(page.getByTestId('batch-selected'), 'Kunder valgt: 299');

  const dialog = page.getByTestId('batch-dialog');
  await dialog.getByTestId('line-0-description').fill('Kontingent 2027');
  await dialog.getByTestId('line-0-price').fill('450');
  await dialog.getByRole('textbox', { name: 'MVA %' }).click();
  await page.getByRole('option', { name: '0', exact: true }).click();
  await textOf(page.getByTestId('batch-preview'), 'Første faktura: Kunde 0030, 450,00');
  await textOf(page.getByTestId('batch-preview'), 'Fakturaer: 299, til sammen 134 550,00');
  await settled(page);
  await gui.shot('batch-paged-1280');
  await page.setViewportSize({ width: 1024, height: 800 });
  await settled(page);
  await gui.shot('batch-paged-1024');
  page.off('request', onRequest);

  const bergen = (await gui.server.json('/recipients/numbers?q=BERGEN')).body.numbers as number[];
  const byName = async (name: string) => (await gui.server.json(`/recipients/numbers?q=${encodeURIComponent(name)}`)).body.numbers[0] as number;
  const [k10, k20, k1] = await Promise.all([byName('Kunde 0010'), byName('Kunde 0020'), byName('Kunde 0001')]);
  const expected = [...bergen.filter((n) => n !== k10 && n !== k20), k1].sort((a, b) => a - b);
  expect(expected).toHaveLength(299);

  const before = Number((await gui.server.json('/invoices/?perPage=1')).res.headers.get('x-total-count'));
  await page.getByTestId('batch-issue').click();
  await visible(page.getByText(/Fakturaer utstedt: 299/), 120_000);
  const after = await gui.server.json('/invoices/?perPage=1000');
  expect(Number(after.res.headers.get('x-total-count'))).toBe(before + 299);
  const invoiced = (after.body as Array<{ recipient: { number: number } }>).slice(0, 299).map((i) => i.recipient.number);
  expect(invoiced.sort((a, b) => a - b)).toEqual(expected);
});
