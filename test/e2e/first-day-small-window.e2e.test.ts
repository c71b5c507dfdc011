import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventBody } from '../events/setup.js';
import { navTo, openGuiWithCompany, settled, textOf, visible, type Gui, goTo, drawnAt } from './helpers/browser.js';

// A first day with Kvitt in an ordinary laptop window: every column of the lists is on screen, counts and
// messages in Norwegian.
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  const [customer] = (await s.json('/recipients/?q=Fjord')).body as { number: number }[];
  // 13 days overdue: a reminder may not carry a fee yet (Purringer shows 0 with the reason).
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const overdue = await s.json('/invoices/', { body: { recipient: { number: customer.number }, invoiceDate: day(-27), dueDate: day(-13), items: [{ description: 'Montering', quantity: 1, unitPrice: 2000, taxRate: 25 }] } });
  if (overdue.status !== 201) throw new Error(JSON.stringify(overdue.body));
  // Numbers follow dates: today's invoice after the overdue one.
  const inv = await s.json('/invoices/', { body: { recipient: { number: customer.number }, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 1500, taxRate: 25 }] } });
  if (inv.status !== 201) throw new Error(JSON.stringify(inv.body));
  const ev = await s.json('/host/events/', { body: eventBody({ date: '2099-04-20 09:00', endDate: '2099-04-20 15:00', registrationDeadline: '2099-04-15 23:59', productNumber: null, customFields: [] }) });
  if (ev.status !== 201) throw new Error(JSON.stringify(ev.body));
});
afterAll(async () => {
  await gui?.close();
});

const rightEdge = async (locator: ReturnType<Gui['page']['locator']>) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.x + box.width;
};

test('a 1024×700 window: the menu keeps to its icons and the invoice list shows every column, Status included', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1024, height: 700 });
  await navTo(page, 'Fakturaer'); // the icon keeps its name
  await visible(page.getByTestId('doc-row'));
  await settled(page);
  const status = page.getByRole('columnheader', { name: 'Status' });
  expect(await rightEdge(status)).toBeLessThanOrEqual(1024);
  const table = page.locator('[role="table"]').first();
  expect(await rightEdge(page.getByRole('columnheader', { name: 'Saldo' }))).toBeLessThanOrEqual(await rightEdge(table));
  await gui.shot('first-day-1024-invoices');
  // Kunder: Utestående, the last column, is on screen too.
  await navTo(page, 'Kunder');
  await visible(page.getByTestId('recipient-row'));
  const scroller = page.getByTestId('recipient-scroller');
  expect(await rightEdge(page.getByTestId('recipient-sort-balance'))).toBeLessThanOrEqual(await rightEdge(scroller));
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await gui.shot('first-day-1024-customers');
  await page.setViewportSize({ width: 1360, height: 860 });
});

test('Arrangementer at 1280×800: "Ledige plasser" fits in the table', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 800 });
  await navTo(page, 'Arrangementer');
  await visible(page.getByTestId('doc-row'));
  const table = page.getByTestId('event-table');
  const seats = table.getByRole('columnheader', { name: 'Ledige plasser' });
  expect(await rightEdge(seats)).toBeLessThanOrEqual(await rightEdge(table));
  await textOf(table.getByRole('row').nth(1), '25');
  await gui.shot('first-day-1280-events');
  await page.setViewportSize({ width: 1360, height: 860 });
});

test('the invoice count is written as Norwegians write numbers (12 345), not 12345', async () => {
  const { page } = gui;
  // The sums operation answers 12 345 invoices (the GUI calls it at /_ops/invoices.sums).
  await page.route('**/_ops/invoices.sums', async (route) => {
    const res = await route.fetch();
    const envelope = (await res.json()) as { ok: boolean; value: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...envelope, value: { ...envelope.value, count: 12345 } } });
  });
  await navTo(page, 'Fakturaer');
  const count = await textOf(page.getByTestId('sum-count'), /12/);
  expect(count.replace(/\s/g, ' ')).toBe('12 345');
  await page.unroute('**/_ops/invoices.sums');
});

test('an invoice that does not exist says so in Norwegian only', async () => {
  const { page } = gui;
  await goTo(page, '#/invoices/999999', page.getByTestId('load-failed'));
  const text = await textOf(page.getByText(/999999/), 'finnes ikke');
  expect(text).toBe('Faktura 999999 finnes ikke');
  await gui.shot('first-day-invoice-not-found');
});

test('a detail page for something that does not exist offers a way back to its list (invoice, customer, offer, event)', async () => {
  const { page } = gui;
  const cases = [
    ['#/invoices/999999', 'Fakturaer', /^#\/invoices\/?$/],
    ['#/recipients/999999', 'Kunder', /^#\/recipients\/?$/],
    ['#/offers/999999', 'Tilbud', /^#\/offers\/?$/],
    ['#/events/999999', 'Arrangementer', /^#\/events\/?$/],
  ] as const;
  for (const [hash, list, landing] of cases) {
    const back = page.getByTestId('back-to-list');
    await goTo(page, hash, back.getByText(list));
    await textOf(page.getByTestId('load-failed'), /finnes ikke|Fant ikke/);
    if (hash === '#/invoices/999999') await gui.shot('first-day-invoice-not-found-back');
    await back.click();
    await drawnAt(page, landing);
    await expect.poll(() => page.getByTestId('load-failed').count(), { message: hash }).toBe(0);
  }
});

test('Innstillinger → Firma: the VAT box does not claim that VAT registration prints «Foretaksregisteret» (the organisation form decides that)', async () => {
  const { page } = gui;
  await navTo(page, 'Innstillinger');
  const hint = await textOf(page.getByText(/org\.nr\. med MVA/), 'MVA');
  expect(hint).toMatch(/^Fakturaene viser org\.nr\. med MVA og beregner merverdiavgift\./);
  expect(hint).toContain('AS, ASA eller NUF');
});

test('Purringer in a 1024×700 window: the list scrolls sideways with its header, "Å betale" readable; in English the refused fee is 0.00', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1024, height: 700 });
  await navTo(page, 'Purringer');
  const table = page.getByTestId('candidates-table');
  await visible(table.getByTestId('doc-row'));
  await textOf(table.getByTestId('fee-refused'), '0,00');
  // Scrolled to the far right, the last column and its header are both inside the table, one above the other.
  await table.locator('div[style*="overflow: auto"]').first().evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const header = table.getByRole('columnheader', { name: 'Å betale' });
  const cell = table.getByTestId('doc-row').first().getByRole('cell').last();
  expect(await rightEdge(header)).toBeLessThanOrEqual(await rightEdge(table));
  // The header follows the rows' scroll on the scroll event (a frame later): waited for, not measured at once.
  await expect.poll(async () => Math.abs((await rightEdge(header)) - (await rightEdge(cell)))).toBeLessThan(2);
  await gui.shot('first-day-1024-dunnings');
  await page.getByTestId('lang-switch').click();
  try {
    await textOf(table.getByTestId('fee-refused'), '0.00');
  } finally {
    await page.getByTestId('lang-switch').click();
    await page.setViewportSize({ width: 1360, height: 860 });
  }
});

test('Ny faktura beside its preview: the lines (Beløp included) stay inside their card at 1280×800 and at 1024×700', async () => {
  const { page } = gui;
  for (const [width, height] of [[1280, 800], [1024, 700]] as const) {
    await page.setViewportSize({ width, height });
    await navTo(page, 'Fakturaer');
    await page.getByRole('button', { name: 'Ny faktura' }).click();
    const lines = page.getByTestId('doc-lines');
    await visible(lines);
    await settled(page);
    const card = lines.locator('xpath=../..');
    const amount = lines.getByText('Beløp', { exact: true });
    expect(await rightEdge(amount), `${width}px: Beløp`).toBeLessThanOrEqual(await rightEdge(card));
    expect(await rightEdge(page.getByTestId('line-0')), `${width}px: the first line`).toBeLessThanOrEqual(await rightEdge(card));
    expect(await lines.evaluate((el) => [...el.querySelectorAll(":scope > div")].map((row) => row.scrollWidth - row.clientWidth).filter((d) => d > 1))).toEqual([]);
    await gui.shot(`first-day-${width}-new-invoice`);
  }
  await page.setViewportSize({ width: 1360, height: 860 });
});

test("an event's participants at 1280×800: the action buttons (Registrer betalt, Avmeld) are inside the table, not cut off", async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1280, height: 800 });
  await navTo(page, 'Arrangementer');
  await page.getByTestId('event-table').getByTestId('doc-row').first().click();
  const link = await textOf(page.getByTestId('public-link'), '/events/');
  const r = await fetch(`${link}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kari To', email: 'kari2@example.no', invoice: { name: 'Kari To', address: 'Lia 1', zip: '2000', city: 'LILLESTRØM' } }),
  });
  expect(r.status).toBeLessThan(300);
  await page.reload();
  const table = page.getByTestId('participant-table');
  const row = table.getByTestId('doc-row').first();
  await visible(row);
  const cancel = row.getByRole('button', { name: 'Avmeld' });
  expect(await rightEdge(cancel)).toBeLessThanOrEqual(await rightEdge(table));
  await gui.shot('first-day-1280-participants');
  await page.setViewportSize({ width: 1360, height: 860 });
});

test('Utboks at 1024×700: the time and the recipient in the same type as the rest of the row, the document and recipient readable', async () => {
  const { page, server } = gui;
  const [invoice] = (await server.json('/invoices/?perPage=1')).body as { number: number }[];
  expect((await server.json(`/invoices/${invoice.number}/send`, { body: { email: [{ address: 'regnskap@fjordbygg.no' }] } })).status).toBe(200);
  await page.setViewportSize({ width: 1024, height: 700 });
  await navTo(page, 'Utboks');
  const row = page.getByTestId('doc-row').filter({ hasText: 'regnskap@fjordbygg.no' }).first();
  await visible(row);
  const sizes = await row.getByRole('cell').evaluateAll((cells) =>
    cells.slice(0, 3).map((c) => getComputedStyle(c.querySelector('p, a') ?? c).fontSize),
  );
  expect(sizes).toEqual(['14px', '14px', '14px']);
  // No e-mail server yet on a first day: the row says it waits for that, in Norwegian, and where to set it up.
  await page.getByRole('button', { name: 'Send nå' }).click();
  await textOf(row.getByTestId('shipment-status'), 'Venter på oppsett av e-post', 20_000);
  await textOf(row.getByTestId('outbox-reason'), 'Sett opp e-post →');
  await gui.shot('first-day-1024-outbox');
  const address = row.getByRole('cell').nth(2);
  expect(await address.evaluate((c) => { const p = c.querySelector('p') ?? c; return p.scrollWidth <= p.clientWidth; })).toBe(true);
  // The menu's tooltip names the screen; Utboks has no Alt+digit, so none is offered (it said "Alt+undefined").
  await page.locator('nav[aria-label="Hovedmeny"]').getByRole('link', { name: 'Utboks', exact: true }).hover();
  await textOf(page.getByRole('tooltip'), 'Utboks');
  expect(await page.getByRole('tooltip').textContent()).toBe('Utboks');
  await page.setViewportSize({ width: 1360, height: 860 });
});

test('Purringer with no candidates: "Velg alle på siden" cannot be clicked (there is nothing to select)', async () => {
  const { page } = gui;
  // The candidates operation answers an empty list (this company has an overdue invoice).
  await page.route('**/_ops/dunnings.candidates', (route) => route.fulfill({ json: { ok: true, value: { items: [], total: 0 } } }));
  try {
    await navTo(page, 'Innstillinger');
    await navTo(page, 'Purringer');
    await textOf(page.getByTestId('candidates-table'), /\S/);
    const selectAll = page.getByTestId('select-page');
    await expect.poll(() => selectAll.isDisabled()).toBe(true);
    await gui.shot('first-day-dunnings-empty');
  } finally {
    await page.unroute('**/_ops/dunnings.candidates');
  }
  // With a candidate it can be clicked again.
  await navTo(page, 'Innstillinger');
  await navTo(page, 'Purringer');
  await visible(page.getByTestId('candidates-table').getByTestId('doc-row'));
  await expect.poll(() => page.getByTestId('select-page').isDisabled()).toBe(false);
});

test('Kunder at 1024×700: the Etiketter header is written out, not cut to "Etiket…"', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1024, height: 700 });
  try {
    await navTo(page, 'Kunder');
    await visible(page.getByTestId('recipient-row'));
    await settled(page);
    const labels = page.getByTestId('recipient-scroller').getByRole('columnheader', { name: 'Etiketter' });
    expect(await labels.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const scroller = page.getByTestId('recipient-scroller');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await gui.shot('first-day-1024-customers-labels');
  } finally {
    await page.setViewportSize({ width: 1360, height: 860 });
  }
});

test('Purringer at 1024×700: the candidate columns fit the table (no sideways scrolling) and no header is cut', async () => {
  const { page } = gui;
  await page.setViewportSize({ width: 1024, height: 700 });
  try {
    await navTo(page, 'Purringer');
    const table = page.getByTestId('candidates-table');
    await visible(table.getByTestId('doc-row'));
    await settled(page);
    const scroller = table.locator('div[style*="overflow: auto"]').first();
    const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth, 'sideways scroll in px').toBeLessThanOrEqual(clientWidth);
    const cut = await table.getByRole('columnheader').evaluateAll((hs) => hs.filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.textContent));
    expect(cut).toEqual([]);
    await gui.shot('first-day-1024-dunnings-fit');
  } finally {
    await page.setViewportSize({ width: 1360, height: 860 });
  }
});

test('Ny kunde: a wrong organisation number is flagged beside the field when it is left, before anything is saved, as the service words it', async () => {
  const { page } = gui;
  await navTo(page, 'Kunder');
  await page.getByRole('button', { name: 'Ny kunde' }).click();
  const field = page.getByLabel('Organisasjonsnummer');
  const error = page.getByTestId('error-organisation.number');
  await field.fill('923609017'); // the check digit should be 6
  await field.press('Tab');
  expect(await textOf(error, /\S/)).toBe('er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene');
  await gui.shot('first-day-customer-orgnr-local');
  await field.fill('12345'); // not 9 digits
  await field.press('Tab');
  await textOf(error, 'sjekk de 9 sifrene');
  await field.fill('923 609 016'); // valid, written with spaces
  await field.press('Tab');
  await expect.poll(() => error.count()).toBe(0);
  await field.fill('');
  await field.press('Tab');
  expect(await error.count()).toBe(0);
});
