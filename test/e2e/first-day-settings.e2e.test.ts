import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { goTo as go, idle, openGuiWithCompany, settled, textOf, visible, type Gui, drawnAt } from './helpers/browser.js';

// A first day in Innstillinger and the customer form: numbers checked as soon as a field is left, with the
// service's own words; every tab readable in an ordinary 1024×700 laptop window.
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

async function openTab(page: Page, value: string) {
  await go(page, `#/settings/${value}`, page.getByTestId(`settings-tab-${value}`));
  await visible(page.locator('[role="tabpanel"]:visible'));
}

/**
 * What a person would see cut off in the open tab: anything reaching past the window's right edge or the tab
 * panel's, a page that scrolls sideways, and text clipped inside its own box (ellipsis or hidden overflow).
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const panel = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')].find((p) => p.getClientRects().length > 0);
    if (!panel) return ['no tab panel'];
    const right = Math.min(panel.getBoundingClientRect().right, window.innerWidth);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of panel.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (r.right > right + 1) out.push(`${name(el)} ends at ${Math.round(r.right)} > ${Math.round(right)}`);
      const clips = style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
      if (clips && ownText && el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} is cut: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out.slice(0, 15);
  });
}

test('every Innstillinger tab at 1024×700: nothing cut off or past the edge (Etiketter empty and with 20 labels)', async () => {
  const { page, server } = gui;
  await page.setViewportSize({ width: 1024, height: 700 });
  try {
    await openTab(page, 'labels');
    await visible(page.getByText('Ingen etiketter ennå', { exact: false }));
    await settled(page);
    expect(await cutOff(page), 'Etiketter, empty').toEqual([]);
    await gui.shot('first-day-settings-1024-labels-empty');

    const names = ['Storkunde', 'Offentlig', 'Bygg og anlegg', 'Privat', 'Eksport', 'Fast avtale', 'Betaler sent', 'Nyhetsbrev',
      'Kommune', 'Frivillig organisasjon', 'Rammeavtale 2026 Vestland fylkeskommune', 'Engros', 'Detalj', 'Partner', 'Leverandør',
      'Styremedlem', 'Kurs', 'Arrangement', 'Prosjekt Nord', 'Sluttkunde'];
    for (const name of names) expect((await server.json('/labels/', { body: { name } })).status).toBe(201);
    await page.reload();
    await openTab(page, 'labels');
    await textOf(page.getByTestId('labels-table'), 'Sluttkunde');
    await settled(page);
    expect(await cutOff(page), 'Etiketter, 20 labels').toEqual([]);
    await gui.shot('first-day-settings-1024-labels-20');
    // Renaming the longest one: its input and the Lagre button stay in the row.
    const row = page.getByTestId('labels-table').getByRole('row').filter({ hasText: 'Rammeavtale' });
    await row.getByRole('button', { name: 'Gi nytt navn' }).click();
    await settled(page);
    expect(await cutOff(page), 'Etiketter, renaming').toEqual([]);
    await gui.shot('first-day-settings-1024-labels-rename');
    await page.keyboard.press('Escape');

    const tabs = await page.locator('[data-testid^="settings-tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('settings-tab-'.length)));
    expect(tabs.length).toBeGreaterThanOrEqual(10);
    // The tabs keep to one row (they wrapped: Data and Brukere on a second row, the open tab's underline between them).
    const tops = await page.locator('[data-testid^="settings-tab-"]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab tops ${tops.join(',')}`).toBe(1);
    const problems: Record<string, string[]> = {};
    for (const tab of tabs) {
      await openTab(page, tab);
      await idle(page); // lists load after the panel appears
      const found = await cutOff(page);
      if (found.length) problems[tab] = found;
      await gui.shot(`first-day-settings-1024-${tab}`);
    }
    expect(problems).toEqual({});
  } finally {
    await page.setViewportSize({ width: 1360, height: 860 });
  }
});

test('Firma: a wrong organisation number or account number is named as soon as the field is left, in the service’s words', async () => {
  const { page } = gui;
  await openTab(page, 'company');
  const org = page.getByTestId('field-company.orgNumber');
  await org.fill('923 609 017');
  await org.blur();
  await textOf(page.getByTestId('error-company.orgNumber'), 'er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene');
  await org.fill('923609016');
  await org.blur();
  await expect.poll(() => page.getByTestId('error-company.orgNumber').count()).toBe(0);
  // Written back as Norwegians write it.
  expect(await org.inputValue()).toBe('923 609 016');

  const account = page.getByTestId('field-company.bankAccount');
  await account.fill('1234 56 78900');
  await account.blur();
  await textOf(page.getByTestId('error-company.bankAccount'), 'er ikke et gyldig kontonummer – sjekk de 11 sifrene');
  await gui.shot('first-day-settings-company-blur-errors');
  await account.fill('86011117947');
  await account.blur();
  await expect.poll(() => page.getByTestId('error-company.bankAccount').count()).toBe(0);
  expect(await account.inputValue()).toBe('8601 11 17947');
  // Nothing changed in the end (same numbers, other spacing): leaving does not ask.
  await page.getByTestId('settings-tab-invoicing').click();
  await drawnAt(page, /^#\/settings\/invoicing$/);
  expect(await page.getByTestId('unsaved-discard').count()).toBe(0);
});

test('Firma: a Norwegian postcode fills in Poststed, as on the customer form; an unknown one is pointed out', async () => {
  const { page, server } = gui;
  await openTab(page, 'company');
  await page.getByTestId('field-company.zip').fill('5003');
  expect(await page.getByTestId('field-company.city').inputValue()).toBe('BERGEN');
  await page.getByTestId('field-company.zip').fill('0000');
  await visible(page.getByTestId('zip-unknown'));
  // Three digits (a spreadsheet dropped the 0 of 0155): pointed out when the field is left, not while typing.
  await page.getByTestId('field-company.zip').fill('155');
  expect(await page.getByTestId('zip-unknown').count()).toBe(0);
  await page.getByTestId('field-company.zip').blur();
  await textOf(page.getByTestId('zip-unknown'), 'Ukjent postnummer');
  await page.getByTestId('field-company.zip').fill('0155');
  expect(await page.getByTestId('field-company.city').inputValue()).toBe('OSLO');
  expect(await page.getByTestId('zip-unknown').count()).toBe(0);
  expect((await server.json('/originators/current/settings')).body.company.zip).toBe('0155');
});

test('Ny kunde: the organisation number is written back as "923 609 016" when it is right', async () => {
  const { page } = gui;
  const org = page.getByTestId('field-organisation.number');
  await go(page, '#/recipients/new', org);
  await org.fill('923609016');
  await org.blur();
  expect(await org.inputValue()).toBe('923 609 016');
  await org.fill('92360901');
  await org.blur();
  await textOf(page.getByTestId('error-organisation.number'), 'sjekk de 9 sifrene');
  const zip = page.getByTestId('field-contact.address.zip');
  await zip.fill('155');
  await zip.blur();
  await textOf(page.getByTestId('zip-unknown'), 'Ukjent postnummer');
  await zip.fill('');
  // Emptied again, the new form holds nothing: Avbryt leaves without asking.
  await org.fill('');
  await page.getByTestId('form-cancel').click();
  await drawnAt(page, /^#\/recipients\/?$/);
});

test('Ny vare: Ctrl+S saves while the cursor is still in a field, as on the customer form and in Innstillinger', async () => {
  const { page, server } = gui;
  await go(page, '#/products/new', page.getByLabel('Varenummer'));
  await page.getByLabel('Varenummer').fill('KONS1');
  await page.getByLabel('Beskrivelse').fill('Konsulenttime');
  await page.getByLabel('Pris eks. MVA').fill('950');
  await page.keyboard.press('Control+s');
  await visible(page.getByText('Produktet er lagret'));
  const products = (await server.json('/products/?q=KONS1')).body as Array<{ code: string }>;
  expect(products.map((p) => p.code)).toContain('KONS1');
});

test('Ny kunde: Ctrl+S pressed twice in quick succession creates the customer once', async () => {
  const { page, server } = gui;
  await go(page, '#/recipients/new', page.getByTestId('field-name'));
  await page.getByTestId('field-name').fill('Dobbeltlagring AS');
  await page.getByTestId('field-contact.address.zip').fill('5003');
  expect(await page.getByTestId('field-contact.address.city').inputValue()).toBe('BERGEN');
  // Two presses before the form has re-rendered (a key held down, a nervous double press).
  await page.evaluate(() => {
    for (let i = 0; i < 2; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true }));
  });
  await textOf(page.getByTestId('recipient-title'), 'Dobbeltlagring AS');
  await idle(page); // every call out has come back: a second create would be among them
  const found = (await server.json('/recipients/?q=Dobbeltlagring')).body as unknown[];
  expect(found.length).toBe(1);
});

test('Firma: a wrong IBAN is named when the field is left; a right one is written in groups of four', async () => {
  const { page } = gui;
  await openTab(page, 'company');
  const iban = page.getByTestId('field-company.iban');
  await iban.fill('NO93 8601 1117 948');
  await iban.blur();
  await textOf(page.getByTestId('error-company.iban'), 'må være et gyldig IBAN');
  await iban.fill('no9386011117947');
  await iban.blur();
  await expect.poll(() => page.getByTestId('error-company.iban').count()).toBe(0);
  expect(await iban.inputValue()).toBe('NO93 8601 1117 947');
  await iban.fill('');
});

test('Etiketter: Enter pressed twice on a new label makes it once, with no "finnes allerede" under the emptied field', async () => {
  const { page, server } = gui;
  await openTab(page, 'labels');
  const input = page.getByTestId('label-name');
  await input.fill('Dobbel Enter');
  await input.evaluate((el) => {
    for (let i = 0; i < 2; i++) el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  await textOf(page.getByTestId('labels-table'), 'Dobbel Enter');
  await expect.poll(() => input.inputValue()).toBe('');
  await idle(page); // every call out has come back: a second creation would be among them
  expect(await page.getByTestId('error-label-name').count()).toBe(0);
  const labels = (await server.json('/labels/')).body as Array<{ name: string }>;
  expect(labels.filter((l) => l.name === 'Dobbel Enter').length).toBe(1);
});

/** Each settings block of a screen (by its title) with the labels of its fields, in order. */
async function blocks(root: ReturnType<Page['locator']>): Promise<Record<string, string[]>> {
  return root.evaluate((el) => {
    const out: Record<string, string[]> = {};
    for (const paper of el.querySelectorAll<HTMLElement>('.mantine-Paper-root')) {
      const title = paper.querySelector('p')?.textContent?.trim() ?? '';
      const labels = [...paper.querySelectorAll('label')].map((l) => (l.textContent ?? '').trim()).filter(Boolean);
      if (title && labels.length) out[title] = labels;
    }
    return out;
  });
}

/** Closes the notifications earlier steps left (they lie over the buttons at the foot of the window). */
async function closeNotes(page: Page) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => undefined);
  await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
}

test('Kom i gang → Fakturavalg is the form of Innstillinger → Fakturering: the same fields, texts and checks', async () => {
  const { page, server } = gui;
  await page.setViewportSize({ width: 1280, height: 860 });
  await closeNotes(page);
  await openTab(page, 'invoicing');
  await visible(page.getByTestId('field-invoicing.firstInvoiceNumber'));
  const inSettings = await blocks(page.locator('[role="tabpanel"]:visible'));
  const first = await page.getByTestId('field-invoicing.firstInvoiceNumber').inputValue();
  await page.getByTestId('field-invoicing.firstInvoiceNumber').fill('0');
  await page.getByTestId('invoicing-save').click();
  const settingsError = await textOf(page.getByTestId('error-invoicing.firstInvoiceNumber'));
  await page.getByTestId('field-invoicing.firstInvoiceNumber').fill(first);
  const form = page.getByTestId('first-day-form-invoicing');
  await go(page, '#/first-day/invoicing', form.getByTestId('field-invoicing.firstInvoiceNumber'));
  const inGuide = await blocks(form);
  // The guide shows the defaults and the number series (KID is the bank step's), field for field as in Innstillinger.
  expect(Object.keys(inGuide)).toEqual(['Standardverdier', 'Nummerserier']);
  expect(inGuide).toEqual({ Standardverdier: inSettings.Standardverdier, Nummerserier: inSettings.Nummerserier });
  expect(inGuide.Nummerserier).toContain('Første fakturanummer');

  // The same check, said the same way beside the same field; nothing saved, the guide stays on the step.
  await form.getByTestId('field-invoicing.firstInvoiceNumber').fill('0');
  await closeNotes(page);
  await page.getByTestId('first-day-save').click();
  expect(await textOf(form.getByTestId('error-invoicing.firstInvoiceNumber'))).toBe(settingsError);
  await settled(page);
  await gui.shot('first-day-invoicing-error-1280');
  await form.getByTestId('field-invoicing.firstInvoiceNumber').fill('5001');
  await form.getByTestId('field-invoicing.defaultCreditDays').fill('21');
  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page);
  await gui.shot('first-day-invoicing-1024');
  await page.setViewportSize({ width: 1280, height: 860 });
  await closeNotes(page);
  await page.getByTestId('first-day-save').click();
  await visible(page.getByTestId('first-day-form-email'));
  const invoicing = (await server.json('/originators/current/settings')).body.invoicing;
  expect([invoicing.firstInvoiceNumber, invoicing.defaultCreditDays]).toEqual([5001, 21]);
  expect((await server.json('/originators/current/first-day')).body.steps.find((s: { step: string }) => s.step === 'invoicing').state).toBe('done');
  // Innstillinger shows what the guide saved.
  await openTab(page, 'invoicing');
  expect(await page.getByTestId('field-invoicing.firstInvoiceNumber').inputValue()).toBe('5001');
  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page);
  await gui.shot('settings-invoicing-1024');
});
