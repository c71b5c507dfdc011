import { afterAll, beforeAll, expect, test } from 'vitest';
import { chooseCustomer, fieldValue, navTo, openGuiWithCompany, textOf, visible, type Gui, settled, goTo, drawnAt, discardChanges } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

const nav = (name: string) => navTo(gui.page, name);

const pickCustomer = (name: string) => chooseCustomer(gui.page, name);

/** The text of a PDF, page by page (pdf.js in Node; pdftotext is not at hand). */
async function pdfText(data: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`;
  const doc = await pdfjs.getDocument({ data, standardFontDataUrl, isEvalSupported: false }).promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    out += content.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  await doc.destroy();
  return out.replace(/\s+/g, ' ');
}

/** A saved invoice draft with one line; returns its number. */
async function draft(description: string): Promise<number> {
  const res = await gui.server.json('/invoices/drafts/', { body: { recipient: { number: 1 }, items: [{ description, quantity: 1, unitPrice: 100, taxRate: 25 }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.res.headers.get('location')!.split('/').pop());
}

test('the delivery address is saved in the folded "Levering" section, shown again on reload, and sent to the PDF', async () => {
  const { page, server } = gui;
  await goTo(page, '#/invoices/drafts/new', page.getByTestId('doc-editor'));
  await pickCustomer('Fjord Bygg AS');
  await page.getByLabel('Beskrivelse 1').fill('Levering av stillas');
  await page.getByLabel('Pris 1').fill('4000');
  // Folded at first, saying nothing is there.
  await textOf(page.getByTestId('delivery-summary'), 'Ingen leveringsdato');
  await page.getByTestId('delivery-toggle').click();
  const section = page.getByTestId('delivery-section');
  await section.getByRole('textbox', { name: 'Leveringsdato' }).fill('01.12.2026');
  await section.getByLabel('Leveringsadresse').fill('Byggeplassen, Kaiveien 7');
  await section.getByLabel('Postnummer').fill('5003');
  await section.getByLabel('Poststed').fill('BERGEN');
  await section.getByRole('textbox', { name: 'Land' }).fill('Norg');
  await page.getByRole('option', { name: 'NORGE', exact: true }).click();
  await visible(page.locator('[data-testid="pdf-pages"][data-rendered="true"] canvas'), 20_000);
  await gui.shot('invoice-editor-delivery');
  await page.getByTestId('save-draft').click();
  await drawnAt(page, /#\/invoices\/drafts\/\d+$/);
  const number = Number(page.url().split('/').pop());

  // The service has it (GET /invoices/drafts/{n}).
  const saved = await server.json(`/invoices/drafts/${number}`);
  expect(saved.status).toBe(200);
  expect(saved.body.deliveryAddress).toEqual({ address: 'Byggeplassen, Kaiveien 7', zip: '5003', city: 'BERGEN', country: 'NORGE' });
  expect(saved.body.deliveryDate).toBe('2026-12-01');

  // On reload the section opens with what was saved.
  await page.reload();
  await visible(page.getByTestId('doc-editor'));
  expect(await page.getByTestId('delivery-section').getByLabel('Leveringsadresse').inputValue()).toBe('Byggeplassen, Kaiveien 7');
  expect(await page.getByTestId('delivery-section').getByLabel('Poststed').inputValue()).toBe('BERGEN');
  expect(await page.getByTestId('delivery-section').getByRole('textbox', { name: 'Land' }).inputValue()).toBe('NORGE');
  // Folded, it says what is there.
  await page.getByTestId('delivery-toggle').click();
  await textOf(page.getByTestId('delivery-summary'), 'Kaiveien 7, 5003 BERGEN, NORGE');
  await textOf(page.getByTestId('delivery-summary'), '01.12.2026');

  // The printed document carries it: the saved draft's PDF has a "Leveringssted" line (its text read with pdf.js).
  const pdf = await server.api(`/invoices/drafts/${number}/pdf`);
  expect(pdf.status).toBe(200);
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  expect(text).toContain('Leveringssted');
  expect(text).toContain('Byggeplassen, Kaiveien 7, 5003 BERGEN');
});

test('leaving a changed draft asks first: Avbryt stays, Forkast leaves without saving, Lagre saves and leaves', async () => {
  const { page, server } = gui;
  const number = await draft('Timer');
  await goTo(page, `#/invoices/drafts/${number}`, page.getByTestId('doc-editor'));
  // Unchanged: leaving asks nothing.
  await nav('Kunder');
  await drawnAt(page, /#\/recipients/);
  await page.goBack();
  await visible(page.getByTestId('doc-editor'));

  await page.getByLabel('Beskrivelse 1').fill('Timer, endret');
  await nav('Kunder');
  await textOf(page.locator('.mantine-Modal-content'), 'Du har endringer som ikke er lagret');
  await settled(page);
  await gui.shot('editor-unsaved-dialog');
  await page.getByTestId('unsaved-cancel').click();
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
  expect(page.url()).toMatch(new RegExp(`#/invoices/drafts/${number}$`));
  expect(await page.getByLabel('Beskrivelse 1').inputValue()).toBe('Timer, endret');

  // Browser back asks too, and Avbryt keeps the editor and its text.
  await page.goBack();
  await visible(page.getByTestId('unsaved-cancel'));
  await page.getByTestId('unsaved-cancel').click();
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
  expect(page.url()).toMatch(new RegExp(`#/invoices/drafts/${number}$`));
  expect(await page.getByLabel('Beskrivelse 1').inputValue()).toBe('Timer, endret');

  // Forkast: leaves, nothing saved.
  await nav('Kunder');
  await discardChanges(page);
  await drawnAt(page, /#\/recipients/);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  expect((await server.json(`/invoices/drafts/${number}`)).body.items[0].description).toBe('Timer');

  // Lagre: saves, then leaves.
  await goTo(page, `#/invoices/drafts/${number}`, page.getByLabel('Beskrivelse 1'));
  await fieldValue(page.getByLabel('Beskrivelse 1'), 'Timer');
  await page.getByLabel('Beskrivelse 1').fill('Timer, lagret');
  await nav('Produkter');
  await page.getByTestId('unsaved-save').click();
  await drawnAt(page, /#\/products/);
  expect((await server.json(`/invoices/drafts/${number}`)).body.items[0].description).toBe('Timer, lagret');

  // Back with changes, then Forkast: goes back.
  await goTo(page, `#/invoices/drafts/${number}`, page.getByLabel('Beskrivelse 1'));
  await fieldValue(page.getByLabel('Beskrivelse 1'), 'Timer');
  await page.getByLabel('Beskrivelse 1').fill('Timer, tilbake');
  await page.goBack();
  await discardChanges(page);
  await drawnAt(page, /#\/products/);

  // Closing or reloading the window with changes: the browser's own question (beforeunload).
  await goTo(page, `#/invoices/drafts/${number}`, page.getByLabel('Beskrivelse 1'));
  await fieldValue(page.getByLabel('Beskrivelse 1'), 'Timer, lagret');
  await page.getByLabel('Beskrivelse 1').click();
  await page.getByLabel('Beskrivelse 1').fill('Timer, lukket');
  // The window's beforeunload is refused while there are changes (the browser then asks its own question; whether
  // Chromium shows that dialog depends on user-activation heuristics, so the handler's answer is what is checked).
  const refused = () =>
    page.evaluate(() => {
      const ev = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(ev);
      return ev.defaultPrevented;
    });
  await textOf(page.getByTestId('doc-editor'), 'Ikke lagret');
  await page.waitForFunction(() => {
    const ev = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(ev);
    return ev.defaultPrevented;
  }, undefined, { timeout: 5000 });
  expect(await refused()).toBe(true);
  expect(await page.getByLabel('Beskrivelse 1').inputValue()).toBe('Timer, lukket');
  // Once saved, leaving asks nothing.
  await page.keyboard.press('Control+s');
  await page.waitForFunction(() => !document.querySelector('[data-testid=doc-editor]')?.textContent?.includes('Ikke lagret'), undefined, { timeout: 10_000 });
  expect(await refused()).toBe(false);
  expect((await server.json(`/invoices/drafts/${number}`)).body.items[0].description).toBe('Timer, lukket');
});
