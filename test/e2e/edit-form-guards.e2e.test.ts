/**
 * The product and event forms (shared/use-edit-form.ts) keep what the person typed: Ctrl+S pressed twice sends one
 * save, and leaving with changes asks Lagre / Forkast / Avbryt, as the customer form, Settings and the editor do.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fieldValue, goTo as go, holdOp, idle, navTo, openGuiWithCompany, textOf, visible, type Gui, drawnAt, discardChanges } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

test('Ny vare: Ctrl+S pressed again while the first save is out creates the product once, without an error', async () => {
  const { page, server } = gui;
  await go(page, '#/products/new', page.getByLabel('Varenummer'));
  // The app's first screen after login is still loading its data (settings, the first-day state): type once it is quiet.
  await idle(page);
  await page.getByLabel('Varenummer').fill('DOBB1');
  await page.getByLabel('Beskrivelse').fill('Dobbelt lagret');
  await page.getByLabel('Pris eks. MVA').fill('120');
  // What the person sees before pressing Ctrl+S: all three typed values (a save of a form missing one sends nothing).
  await fieldValue(page.getByLabel('Varenummer'), 'DOBB1');
  await fieldValue(page.getByLabel('Beskrivelse'), 'Dobbelt lagret');
  await fieldValue(page.getByLabel('Pris eks. MVA'), '120');
  const create = await holdOp(page, 'products.create');
  await page.keyboard.press('Control+s');
  await expect.poll(() => create.seen.sent).toBe(1); // out, not answered yet
  await page.keyboard.press('Control+s'); // nothing seems to happen, so the person presses again
  await create.finish();
  await visible(page.getByText('Produktet er lagret'));
  await drawnAt(page, /^#\/products\/?$/);
  expect(create.seen.sent).toBe(1); // the second press was the same save (it sent a second create, refused as a taken code)
  expect(await page.getByText('allerede i bruk').count()).toBe(0);
  const found = (await server.json('/products/?q=DOBB1')).body as Array<{ code: string }>;
  expect(found.filter((p) => p.code === 'DOBB1')).toHaveLength(1);
});

test('a changed product asks before the menu takes the person away: Avbryt stays, Forkast leaves it unchanged', async () => {
  const { page, server } = gui;
  const made = await server.json('/products/', { body: { code: 'ENDRE1', description: 'Før endring', unitPrice: 100, taxRate: 25 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const number = Number(made.res.headers.get('location')!.split('/').pop());
  await go(page, `#/products/${number}`, page.getByLabel('Beskrivelse'));
  await fieldValue(page.getByLabel('Beskrivelse'), 'Før endring');
  await page.getByLabel('Beskrivelse').fill('Etter endring');
  await navTo(page, 'Kunder');
  await visible(page.getByTestId('unsaved-cancel'));
  await page.getByTestId('unsaved-cancel').click();
  await page.getByTestId('unsaved-cancel').waitFor({ state: 'detached' });
  await fieldValue(page.getByLabel('Beskrivelse'), 'Etter endring'); // still here, still typed
  await navTo(page, 'Kunder');
  await discardChanges(page);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  await page.getByTestId('unsaved-discard').waitFor({ state: 'detached' }); // the question closes (it fades out)
  expect((await server.json(`/products/${number}`)).body.description).toBe('Før endring');
});

test('a new event with a name typed asks before leaving too; Avbryt keeps what was typed', async () => {
  const { page } = gui;
  await go(page, '#/events/new', page.getByRole('heading', { name: 'Nytt arrangement' }));
  const name = page.getByTestId('evt-name');
  await name.fill('Kurs som ikke skal forsvinne');
  await fieldValue(name, 'Kurs som ikke skal forsvinne');
  await navTo(page, 'Kunder');
  await textOf(page.getByTestId('unsaved-discard'), 'Forkast');
  await page.getByTestId('unsaved-cancel').click();
  await page.getByTestId('unsaved-cancel').waitFor({ state: 'detached' });
  await fieldValue(name, 'Kurs som ikke skal forsvinne');
});

test('Innstillinger → Firma shows what is stored now, not what the app read before: nothing counts as changed', async () => {
  const { page, server } = gui;
  const name = page.getByTestId('field-company.name');
  await go(page, '#/settings/company', name);
  await fieldValue(name, 'Kvitt Test AS'); // the app now holds these settings
  await navTo(page, 'Kunder');
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  // Meanwhile someone else (another user of the office server, an API client) renames the company.
  expect((await server.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Omdøpt AS' } } })).status).toBe(200);
  await navTo(page, 'Innstillinger');
  // The tab showed the name it had read before and kept it: it counted as changed, and Lagre wrote it back.
  await fieldValue(name, 'Omdøpt AS');
  await navTo(page, 'Kunder'); // nothing typed: no question
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  expect(await page.getByTestId('unsaved-cancel').count()).toBe(0);
  expect((await server.json('/originators/current/settings')).body.company.name).toBe('Omdøpt AS');
});
