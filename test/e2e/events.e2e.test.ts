import { afterAll, beforeAll, expect, test } from 'vitest';
import { navTo, openGui, textOf, visible, type Gui } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGui({ today: '2026-03-15' });
  const s = gui.server;
  const set = await s.json('/originators/current/settings', {
    method: 'PUT',
    body: { company: { name: 'Kurs og Kvitt AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' } },
  });
  expect(set.status).toBe(200);
  const p = await s.json('/products/', { body: [{ code: 'KURS', description: 'Kursavgift', unitPrice: 1000, taxRate: 25 }, { code: 'LUNSJ', description: 'Lunsj', unitPrice: 200, taxRate: 15 }] });
  expect(p.status).toBe(201);
});
afterAll(async () => {
  await gui?.close();
});

test('create an event with every part, sign up on the public page without JavaScript, confirm, mark paid, cancel', async () => {
  const { page } = gui;
  await navTo(page, 'Arrangementer');
  await textOf(page.getByTestId('table-empty'), 'Ingen arrangementer');
  await page.getByTestId('new-event').click();

  await page.getByTestId('evt-name').fill('Regnskapskurs for småbedrifter');
  await page.getByRole('textbox', { name: 'Starter' }).fill('20.04.2026');
  await page.getByTestId('evt-start-time').fill('09:00');
  await page.getByRole('textbox', { name: 'Påmeldingsfrist' }).fill('15.04.2026');
  await page.getByTestId('evt-deadline-time').fill('23:59');
  await page.getByTestId('evt-location').fill('Kvitt-huset');
  await page.getByLabel('Poststed').fill('OSLO');
  await page.getByTestId('evt-contact-name').fill('Kari Kurs');
  await page.getByTestId('evt-contact-email').fill('kari@kurs.no');
  await page.getByTestId('evt-price').fill('1 000');
  await page.getByLabel('Produkt (varenummer)').fill('KURS');
  await page.getByTestId('evt-limit').fill('3');
  await page.getByTestId('evt-confirmation').check();
  await page.getByTestId('add-field').click();
  const field = page.getByTestId('field-row-0');
  await field.getByLabel('Spørsmål').fill('Lunsj');
  await field.getByLabel('Pris (tomt: gratis)').fill('200');
  await field.getByLabel('Varenummer').fill('LUNSJ');
  await page.getByTestId('add-code').click();
  await page.getByTestId('code-row-0').getByLabel('Kode').fill('TIDLIG');
  await page.getByTestId('code-row-0').getByLabel('Rabatt i kroner').fill('150');
  // A service error shows next to its field: a code worth the whole price.
  await page.getByTestId('code-row-0').getByLabel('Rabatt i kroner').fill('1000');
  await page.getByTestId('save-event').click();
  await textOf(page.getByTestId('code-row-0'), 'må være over 0 og under prisen');
  await gui.shot('events-form-error');
  await page.getByTestId('code-row-0').getByLabel('Rabatt i kroner').fill('150');
  await page.getByTestId('save-event').click();

  await textOf(page.getByTestId('seats-left'), '3 / 3');
  const link = await textOf(page.getByTestId('public-link'), '/events/');
  expect(link).toMatch(new RegExp(`^${gui.server.base}/events/\\d{16}$`));
  expect(await page.getByTestId('open-signup').getAttribute('href')).toBe(link);
  await gui.shot('events-detail-empty');

  // The public page, in a browser with JavaScript switched off.
  const plain = await gui.browser.newContext({ javaScriptEnabled: false, locale: 'nb-NO' });
  const pub = await plain.newPage();
  await pub.goto(`${link}?discountCode=TIDLIG`);
  await textOf(pub.locator('.price'), /Pris: kr 1\s062,50 med rabattkode TIDLIG/);
  await textOf(pub.locator('body'), 'Ledige plasser: 3');
  await pub.getByLabel('Navn *').fill('Ola Deltaker');
  await pub.getByLabel('E-post *').fill('ola@example.no');
  await pub.getByLabel(/Lunsj/).check();
  await pub.getByLabel('Navn (person eller firma)').fill('Ola Deltaker');
  await pub.getByLabel('Adresse').fill('Bakken 2');
  await pub.getByLabel('Postnummer').fill('0150');
  await pub.getByLabel('Poststed').fill('OSLO');
  await pub.screenshot({ path: `${process.cwd()}/test-results/screens/events-public-form.png`, fullPage: true });
  await pub.getByRole('button', { name: 'Meld meg på' }).click();
  const receipt = await textOf(pub.locator('.box').last(), 'Takk for påmeldingen!');
  await pub.screenshot({ path: `${process.cwd()}/test-results/screens/events-public-receipt.png`, fullPage: true });
  expect(receipt.replace(/\s+/g, ' ')).toContain('venter på bekreftelse');
  expect(receipt.replace(/\s+/g, ' ')).toContain('Beløp: kr 1 312,50'); // (1000 - 150) + 200, all at the field row's default 25 %
  // A second participant, straight through the API
  const id = link.split('/').pop();
  const r = await fetch(`${gui.server.base}/events/${id}/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kari To', email: 'kari2@example.no', invoice: { name: 'Kari To', address: 'Lia 1', zip: '2000', city: 'LILLESTRØM' } }) });
  expect(r.status).toBe(200);
  await plain.close();

  // Back in Kvitt: confirm the first, mark it paid, cancel the second.
  await page.reload();
  await textOf(page.getByTestId('status-1'), 'Venter på bekreftelse');
  await textOf(page.getByTestId('seats-left'), '1 / 3');
  await page.getByTestId('confirm-1').click();
  await page.getByTestId('confirm-button').click();
  await textOf(page.getByTestId('status-1'), 'Påmeldt');
  await textOf(page.getByTestId('participant-table'), '1 312,50');
  await page.getByTestId('paid-1').click();
  await page.getByTestId('confirm-button').click();
  await textOf(page.getByTestId('status-1'), 'Betalt');
  await textOf(page.getByTestId('stat-paid'), 'Betalt: 1');
  await page.getByTestId('confirm-2').click();
  await page.getByTestId('confirm-button').click();
  await textOf(page.getByTestId('status-2'), 'Påmeldt');
  await page.getByTestId('cancel-2').click();
  await page.getByTestId('confirm-button').click();
  await textOf(page.getByTestId('status-2'), 'Avmeldt');
  await textOf(page.getByTestId('seats-left'), '2 / 3');
  await gui.shot('events-detail-participants');

  // The list shows it among the upcoming events, with its counts.
  await navTo(page, 'Arrangementer');
  await textOf(page.getByTestId('event-table'), 'Regnskapskurs for småbedrifter');
  await textOf(page.getByTestId('event-table'), '20.04.2026 09:00');
  await page.getByTestId('event-search').fill('finnes ikke');
  await textOf(page.getByTestId('table-empty'), 'Ingen arrangementer passer');
  await page.getByTestId('event-search').fill('regnskap');
  await visible(page.getByText('Regnskapskurs for småbedrifter'));
  await gui.shot('events-list');
});

test('the public page without JavaScript: a missing e-mail comes back as 400 with the error beside the field and the values kept; fixed, it signs up', async () => {
  const s = gui.server;
  const created = await s.json('/host/events/', {
    body: {
      name: 'Kveldskurs i fakturering',
      date: '2026-05-06 18:00',
      location: { name: 'Kvitt-huset' },
      price: 500,
      taxRate: 25,
      productNumber: 'KURS',
      contactPerson: { name: 'Kari Kurs', email: 'kari@kurs.no' },
      participantLimit: 10,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const plain = await gui.browser.newContext({ javaScriptEnabled: false, locale: 'nb-NO' });
  try {
    const pub = await plain.newPage();
    await pub.goto(`${s.base}/events/${created.body.id}`);
    await pub.getByLabel('Navn *').fill('Siri Sen');
    await pub.getByLabel('Navn (person eller firma)').fill('Siri Sen');
    await pub.getByLabel('Adresse').fill('Fjellveien 9');
    await pub.getByLabel('Postnummer').fill('5003');
    await pub.getByLabel('Poststed').fill('BERGEN');
    const [bad] = await Promise.all([pub.waitForResponse((r) => r.url().endsWith('/signup')), pub.getByRole('button', { name: 'Meld meg på' }).click()]);
    expect(bad.status()).toBe(400);
    await textOf(pub.locator('#email + .err'), 'Skriv e-postadressen din');
    expect(await pub.locator('.err').count()).toBe(1);
    expect(await pub.getByLabel('Navn *').inputValue()).toBe('Siri Sen');
    expect(await pub.getByLabel('Postnummer').inputValue()).toBe('5003');
    expect(await pub.getByLabel('Poststed').inputValue()).toBe('BERGEN');
    await pub.screenshot({ path: `${process.cwd()}/test-results/screens/events-public-form-error.png`, fullPage: true });

    await pub.getByLabel('E-post *').fill('siri@example.no');
    const [ok] = await Promise.all([pub.waitForResponse((r) => r.url().endsWith('/signup')), pub.getByRole('button', { name: 'Meld meg på' }).click()]);
    expect(ok.status()).toBe(200);
    const receipt = await textOf(pub.locator('.box').last(), 'Takk for påmeldingen!');
    expect(receipt.replace(/\s+/g, ' ')).toContain('Du er påmeldt');
    expect(receipt.replace(/\s+/g, ' ')).toContain('Beløp: kr 625,00');
    await pub.screenshot({ path: `${process.cwd()}/test-results/screens/events-public-form-fixed.png`, fullPage: true });
  } finally {
    await plain.close();
  }
});
