import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openGui, textOf, visible, type Gui, settled, discardChanges } from './helpers/browser.js';

let gui: Gui;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-csv-'));

beforeAll(async () => {
  gui = await openGui();
});
afterAll(async () => {
  await gui?.close();
});

async function openList() {
  const { page } = gui;
  await page.getByRole('link', { name: 'Kunder' }).click();
  await visible(page.getByRole('heading', { name: 'Kunder' }));
}

test('create a customer, see it in the list, open it and edit it', async () => {
  const { page } = gui;
  await openList();
  await textOf(page.getByTestId('recipients-empty'), 'Ingen kunder');
  await gui.shot('recipients-list-empty');

  await page.getByTestId('recipient-new').click();
  await visible(page.getByRole('heading', { name: 'Ny kunde' }));
  await page.getByLabel('Navn').first().fill('Fjord Bygg AS');
  await page.getByLabel('Kundenummer').fill('K-100');
  await page.getByTestId('field-organisation.form').click();
  await page.getByRole('option', { name: 'Aksjeselskap (AS)' }).click();
  await page.getByLabel('Organisasjonsnummer').fill('923609016');
  await page.getByLabel('Adresse 1').fill('Strandveien 1');
  await page.getByLabel('Postnummer').fill('0150');
  await page.getByLabel('Poststed').fill('OSLO');
  await page.getByLabel('E-post').fill('post@fjordbygg.no');
  await page.getByLabel('Kredittdager').fill('20');
  await gui.shot('recipients-form-new');
  await page.getByTestId('form-save').click();

  await textOf(page.getByTestId('recipient-title'), 'Fjord Bygg AS');
  await textOf(page.locator('main'), 'Aksjeselskap (AS)');
  await textOf(page.locator('main'), 'Strandveien 1, 0150 OSLO, NORGE');
  await gui.shot('recipients-detail');

  await page.getByTestId('tab-drafts').click();
  await textOf(page.getByTestId('drafts-empty'), 'Ingen utkast');
  await gui.shot('recipients-detail-drafts');

  // Edit: change the city and save with Ctrl+S.
  await page.getByTestId('recipient-edit').click();
  await visible(page.getByRole('heading', { name: 'Rediger Fjord Bygg AS' }));
  expect(await page.getByLabel('Organisasjonsnummer').inputValue()).toBe('923609016');
  await page.getByLabel('Poststed').fill('BERGEN');
  await page.getByLabel('Postnummer').fill('5003');
  await page.keyboard.press('Control+s');
  await textOf(page.locator('main'), '5003 BERGEN');

  await openList();
  const row = page.getByTestId('recipient-row').filter({ hasText: 'Fjord Bygg AS' });
  await textOf(row, 'K-100');
  await textOf(row, '923 609 016'); // org numbers as people write them (issue 8)
  await textOf(row, '5003 BERGEN');
  await textOf(page.getByTestId('recipients-total'), /^\s*1 kunde\s*$/); // waited for: the list loads after it opens
});

test('an invalid organisation number shows the service message next to the field', async () => {
  const { page } = gui;
  await openList();
  await page.keyboard.press('Control+n');
  await visible(page.getByRole('heading', { name: 'Ny kunde' }));
  await page.getByLabel('Navn').first().fill('Feil Org AS');
  await page.getByLabel('Organisasjonsnummer').fill('123456789');
  await page.getByLabel('Postnummer').fill('12');
  await page.getByLabel('Poststed').fill('OSLO');
  await page.getByTestId('form-save').click();
  const orgError = await textOf(page.getByTestId('error-organisation.number'), /organisasjonsnummer/);
  expect(orgError).toContain('gyldig organisasjonsnummer');
  // The field is marked invalid and the message is tied to it.
  expect(await page.getByLabel('Organisasjonsnummer').getAttribute('aria-invalid')).toBe('true');
  await textOf(page.getByTestId('error-contact.address.zip'), '4 siffer');
  await gui.shot('recipients-form-errors');

  // Nothing was created; Escape leaves the form, after asking about the unsaved changes (Forkast).
  await page.getByLabel('Organisasjonsnummer').fill('923609016');
  await page.getByLabel('Postnummer').fill('0150');
  await page.keyboard.press('Escape');
  await discardChanges(page);
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  await textOf(page.getByTestId('recipients-total'), /^\s*1 kunde\s*$/); // waited for: the list loads after it opens
});

test('search finds customers by name, number and e-mail; the label filter narrows the list', async () => {
  const { page, server } = gui;
  const label = await server.json('/labels/', { body: { name: 'Storkunde' } });
  expect(label.status).toBe(201);
  const res = await server.json('/recipients/', {
    body: [
      { name: 'Havbris Sjømat AS', customerNumber: 'H-7', contact: { address: { zip: '6003', city: 'ÅLESUND' }, email: 'ordre@havbris.no' }, labels: [label.body.number] },
      { name: 'Lysning Design', contact: { address: { zip: '7010', city: 'TRONDHEIM' }, email: 'hei@lysning.no' } },
    ],
  });
  expect(res.status).toBe(201);
  await openList();
  await page.reload();
  await textOf(page.getByTestId('recipients-total'), '3 kunder');

  await page.getByTestId('recipient-search').fill('havbris');
  await textOf(page.getByTestId('recipients-total'), '1 kunde');
  await expect.poll(() => page.getByTestId('recipient-row').count()).toBe(1);
  await textOf(page.getByTestId('recipient-row'), 'Havbris Sjømat AS');
  await textOf(page.getByTestId('recipient-row'), 'Storkunde');
  await gui.shot('recipients-list-search');

  await page.getByTestId('recipient-search').fill('lysning.no');
  await textOf(page.getByTestId('recipient-row'), 'Lysning Design');
  await page.getByTestId('recipient-search').fill('');
  await textOf(page.getByTestId('recipients-total'), '3 kunder');

  await page.getByTestId('recipient-label-filter').click();
  await page.getByRole('option', { name: 'Storkunde (1)' }).click();
  await textOf(page.getByTestId('recipients-total'), '1 kunde');
  await textOf(page.getByTestId('recipient-row'), 'Havbris');
  await page.getByTestId('recipient-label-filter').click();
  await page.getByRole('option', { name: 'Alle etiketter' }).click();
  await textOf(page.getByTestId('recipients-total'), '3 kunder');
});

test('CSV import: a bad row is shown per row and nothing is imported; the fixed file imports all 3', async () => {
  const { page } = gui;
  await openList();
  const header = 'kundenummer;navn;adresse1;postnummer;poststed;land;epost;orgnr;organisasjonsform';
  const bad = [
    header,
    'C-1;Nordlys Regnskap AS;Storgata 5;9008;TROMSØ;Norge;post@nordlys.no;923609016;as',
    'C-2;Bølge Kafé;Kaia 2;12;BODØ;;kafe@bolge.no;;enk',
    'C-3;Kari Nordmann;Bakken 3;2000;LILLESTRØM;NORGE;kari@example.no;;prv',
  ].join('\n');
  const badFile = join(dir, 'kunder.csv');
  writeFileSync(badFile, bad, 'utf8');

  await page.getByTestId('csv-import-open').click();
  await visible(page.getByText('Importer kunder fra CSV'));
  await page.locator('input[type=file]').setInputFiles(badFile);
  await textOf(page.getByTestId('csv-preview'), 'Nordlys Regnskap AS');
  await textOf(page.getByTestId('csv-row-2'), 'Bølge Kafé');
  await gui.shot('recipients-csv-preview');
  await page.getByTestId('csv-import').click();

  await textOf(page.getByTestId('csv-refused'), 'Ingenting er importert');
  await textOf(page.getByTestId('csv-row-errors-2'), 'Postnr.: et norsk postnummer har 4 siffer');
  expect((await page.getByTestId('csv-row-errors-1').textContent())?.trim()).toBe('');
  expect(await page.getByTestId('csv-row-2').locator('td[data-col="zip"]').getAttribute('style')).toContain('outline');
  await gui.shot('recipients-csv-errors');

  const fixedFile = join(dir, 'kunder-rettet.csv');
  writeFileSync(fixedFile, bad.replace(';12;BODØ;', ';8006;BODØ;'), 'utf8');
  await page.locator('input[type=file]').setInputFiles(fixedFile);
  await textOf(page.getByTestId('csv-row-2'), '8006');
  await page.getByTestId('csv-import').click();
  await visible(page.getByText('3 kunder er importert'));
  await textOf(page.getByTestId('recipients-total'), '6 kunder');
  await visible(page.getByTestId('recipient-row').filter({ hasText: 'Kari Nordmann' }));

  // The bad attempt wrote nothing: exactly one Bølge Kafé exists.
  const all = await gui.server.json('/recipients/?q=b%C3%B8lge');
  expect(all.body).toHaveLength(1);
});

test('a list of 5,000 recipients scrolls smoothly to a row far down', async () => {
  const { page, server } = gui;
  const batch = Array.from({ length: 5000 }, (_, i) => ({
    name: `Massekunde ${String(i + 1).padStart(5, '0')}`,
    customerNumber: `M${i + 1}`,
    contact: { address: { zip: '0150', city: 'OSLO' }, email: `kunde${i + 1}@example.no` },
  }));
  const res = await server.json('/recipients/', { body: batch });
  expect(res.status).toBe(201);
  await openList();
  await page.reload();
  await textOf(page.getByTestId('recipients-total'), /5\s006 kunder/);
  // Only the rows in view are in the DOM.
  expect(await page.getByRole('row').count()).toBeLessThan(80);

  const scroller = page.getByTestId('recipient-scroller');
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  await visible(page.getByTestId('recipient-row').filter({ hasText: /Massekunde 02\d{3}/ }));
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const far = page.getByTestId('recipient-row').filter({ hasText: 'Massekunde 05000' });
  await visible(far);
  expect(await page.getByRole('row').count()).toBeLessThan(80);
  await gui.shot('recipients-list-scrolled');
  await far.click();
  await textOf(page.getByTestId('recipient-title'), 'Massekunde 05000');
});

test('the drafts tab lists the recipient drafts; delete asks first and only marks a recipient with documents deleted', async () => {
  const { page, server } = gui;
  const fjord = (await server.json('/recipients/?q=fjord')).body[0];
  const draft = await server.json('/invoices/drafts/', {
    body: { recipient: { number: fjord.number }, invoiceText: 'Tømrerarbeid mars', items: [{ description: 'Timer', quantity: 2, unitPrice: 500, taxRate: 25 }] },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);

  await openList();
  await page.getByTestId('recipient-search').fill('fjord');
  await page.getByTestId('recipient-row').filter({ hasText: 'Fjord Bygg AS' }).click();
  await textOf(page.getByTestId('recipient-title'), 'Fjord Bygg AS');
  await page.getByTestId('tab-drafts').click();
  const table = page.getByTestId('drafts-table');
  await textOf(table, 'Tømrerarbeid mars');
  await textOf(table, /1\s250,00/);
  await gui.shot('recipients-detail-drafts-list');

  // A recipient with a document is only marked deleted.
  await page.getByTestId('recipient-delete').click();
  await textOf(page.locator('.mantine-Modal-content'), 'bare merket som slettet');
  await settled(page);
  await gui.shot('recipients-delete-confirm');
  await page.getByTestId('recipient-delete-confirm').click();
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  expect((await server.json(`/recipients/${fjord.number}`)).body.deleted).toBe(true);

  // One without documents is gone.
  const lysning = (await server.json('/recipients/?q=lysning')).body[0];
  await page.getByTestId('recipient-search').fill('lysning');
  await page.getByTestId('recipient-row').filter({ hasText: 'Lysning Design' }).click();
  await page.getByTestId('recipient-delete').click();
  await page.getByTestId('recipient-delete-confirm').click();
  await visible(page.getByRole('heading', { name: 'Kunder' }));
  expect((await server.json(`/recipients/${lysning.number}`)).status).toBe(404);
  await page.getByTestId('recipient-search').fill('lysning');
  await textOf(page.getByTestId('recipients-total'), '0 kunder');
  await textOf(page.getByTestId('recipients-empty'), 'Ingen kunder passer søket');
});

test('CSV import names the encoding: a Windows-1252 file from Norwegian Excel reads right; a file that does not decode cleanly asks', async () => {
  const { page } = gui;
  await openList();
  const text = 'navn;postnummer;poststed\r\nBlåbær Kafé AS;0150;OSLO\r\n';
  const ansi = join(dir, 'kunder-ansi.csv');
  writeFileSync(ansi, Buffer.from(text, 'latin1')); // æøå é as single Windows-1252 bytes
  await page.getByTestId('csv-import-open').click();
  await visible(page.getByText('Importer kunder fra CSV'));
  await page.locator('input[type=file]').setInputFiles(ansi);
  await textOf(page.getByTestId('csv-encoding'), 'Tegnsett: Windows-1252');
  await textOf(page.getByTestId('csv-preview'), 'Blåbær Kafé AS');
  await gui.shot('recipients-csv-windows-1252');

  const utf16 = join(dir, 'kunder-utf16.csv');
  writeFileSync(utf16, Buffer.from(text, 'utf16le')); // no byte-order mark
  await page.locator('input[type=file]').setInputFiles(utf16);
  await textOf(page.getByTestId('csv-undecodable'), 'ingenting er importert');
  await textOf(page.getByTestId('csv-undecodable'), 'U+0000 på linje 1');
  expect(await page.getByTestId('csv-import').isDisabled()).toBe(true);
  await gui.shot('recipients-csv-undecodable');
  await page.getByTestId('csv-encoding-choice').click();
  await page.getByRole('option', { name: 'UTF-16LE' }).click();
  await textOf(page.getByTestId('csv-preview'), 'Blåbær Kafé AS');
  await textOf(page.getByTestId('csv-encoding'), 'Tegnsett: UTF-16LE');
  await page.keyboard.press('Escape');
});
