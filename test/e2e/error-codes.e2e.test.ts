import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { navTo, openGuiWithCompany, settled, textOf, visible, type Gui } from './helpers/browser.js';

/**
 * Issue 6: the GUI words service errors by their code, not by matching English sentences. The customer form's errors
 * come back as codes (CUSTOMER_NUMBER_TAKEN {value}, INVALID_ORG_NUMBER, TOO_LONG {max}) and show next to their fields in
 * Norwegian, and in English after the language switch (wordings the service does not use: they come from errors.<CODE>).
 */
let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
  const made = await gui.server.json('/recipients/', { body: recipient({ name: 'Opptatt AS', customerNumber: 'K-7' }) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
});
afterAll(async () => {
  await gui?.page.evaluate(() => localStorage.removeItem('kvitt.lang')).catch(() => undefined);
  await gui?.close();
});

test('coded field errors next to their fields, in Norwegian and then in English', async () => {
  const { page, server } = gui;
  // What the service sends: codes and parameters beside the English messages
  const refused = await server.json('/recipients/', { body: recipient({ name: 'Ny AS', customerNumber: 'K-7' }) });
  expect(refused.status).toBe(409);
  expect(refused.body.fields).toEqual([{ field: 'customerNumber', code: 'CUSTOMER_NUMBER_TAKEN', message: 'customer number K-7 is taken', params: { value: 'K-7' } }]);

  await navTo(page, 'Kunder');
  await page.getByTestId('recipient-new').click();
  await page.getByLabel('Navn').first().fill('Fjordkraft Testkunde AS');
  await page.getByLabel('Postnummer').fill('5003');
  await page.getByLabel('Kundenummer').fill('K-7');
  await page.getByTestId('form-save').click();
  // 409 customer number taken: the parameter is interpolated into the Norwegian text
  await textOf(page.getByTestId('error-customerNumber'), 'kundenummer K-7 er allerede i bruk');
  await settled(page);
  await gui.shot('error-codes-nb-taken');
  await page.getByLabel('Kundenummer').fill('K-8');
  await page.getByLabel('Organisasjonsnummer').fill('923609017');
  await page.getByTestId('field-organisation.form').click();
  await page.getByRole('option', { name: 'Aksjeselskap (AS)' }).click();
  await page.getByTestId('form-save').click();
  await textOf(page.getByTestId('error-organisation.number'), 'er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene');
  await settled(page);
  await gui.shot('error-codes-nb');

  // English: the same codes, worded by the en texts
  await page.getByTestId('lang-switch').click();
  await visible(page.getByLabel('Customer number'));
  await page.getByTestId('form-save').click();
  await textOf(page.getByTestId('error-organisation.number'), 'is not a valid organisation number – check the 9 digits');
  expect(await page.getByTestId('error-organisation.number').textContent()).not.toContain('MOD11');
  // With a valid organisation number the taken customer number is what is left (409)
  await page.getByLabel('Organisation number').fill('923609016');
  await page.getByLabel('Customer number').fill('K-7');
  await page.getByTestId('form-save').click();
  await textOf(page.getByTestId('error-customerNumber'), 'customer number K-7 is already in use');
  await settled(page);
  await gui.shot('error-codes-en');
  await page.getByTestId('lang-switch').click();
  await visible(page.getByLabel('Kundenummer'));
  expect((await server.json('/recipients/?q=Fjordkraft')).body).toEqual([]);
});
