/**
 * The signup page others can reach, in a browser: the event shows its public address with a QR code of it (drawn
 * offline), a deadline given without a time of day is the end of that day, and the public form fills Poststed from
 * Postnummer (its one script, allowed by hash in the page's CSP).
 */
import QRCode from 'qrcode';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { navTo, openGui, textOf, type Gui } from './helpers/browser.js';

let gui: Gui;
beforeAll(async () => {
  gui = await openGui({ today: '2026-03-15' });
  const set = await gui.server.json('/originators/current/settings', {
    method: 'PUT',
    body: { company: { name: 'Kurs og Kvitt AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' } },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await gui?.close();
});

const svgOf = (src: string | null) => decodeURIComponent(String(src).replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

test('a deadline without a time is 23:59; the event shows its signup link with a QR code of it, the public address when there is one', async () => {
  const { page } = gui;
  await navTo(page, 'Arrangementer');
  await page.getByTestId('new-event').click();
  await page.getByTestId('evt-name').fill('Kveldskurs i fakturering');
  await page.getByRole('textbox', { name: 'Starter' }).fill('20.04.2026');
  await page.getByTestId('evt-start-time').fill('18:00');
  await page.getByRole('textbox', { name: 'Påmeldingsfrist' }).fill('15.04.2026');
  await textOf(page.locator('body'), 'Tomt: 23:59');
  await page.getByTestId('evt-location').fill('Kvitt-huset');
  await page.getByTestId('evt-contact-name').fill('Kari Kurs');
  await page.getByTestId('evt-contact-email').fill('kari@kurs.no');
  await gui.shot('public-signup-form-deadline');
  await page.getByTestId('save-event').click();

  const link = await textOf(page.getByTestId('public-link'), '/events/');
  expect(link).toMatch(new RegExp(`^${gui.server.base}/events/\\d{16}$`));
  await textOf(page.getByTestId('public-hint'), '--public-listen');
  const qr = page.getByTestId('public-qr');
  await qr.waitFor();
  expect(await qr.getAttribute('data-qr-text')).toBe(link);
  // The picture is the QR code of exactly that link (the same symbol qrcode makes of it here).
  expect(svgOf(await qr.getAttribute('src'))).toBe(await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }));
  await gui.shot('public-signup-event-local');

  const number = Number(/\/events\/(\d+)$/.exec(page.url())?.[1]);
  const ev = (await gui.server.json(`/host/events/${number}`)).body;
  expect(ev.registrationDeadline).toBe('2026-04-15 23:59');

  // With the office server's public listener, the event shows the address outsiders use.
  gui.server.app.ctx.publicSignupUrl = 'https://pamelding.example.no:8443';
  try {
    await page.reload();
    const pubLink = await textOf(page.getByTestId('public-link'), 'pamelding.example.no');
    expect(pubLink).toBe(`https://pamelding.example.no:8443/events/${ev.id}`);
    await textOf(page.getByTestId('public-hint'), 'skanne QR-koden');
    expect(await page.getByTestId('public-qr').getAttribute('data-qr-text')).toBe(pubLink);
    expect(await page.getByTestId('open-signup').getAttribute('href')).toBe(pubLink);
    await gui.shot('public-signup-event-public');
    await page.setViewportSize({ width: 1024, height: 768 });
    await gui.shot('public-signup-event-public-1024');
    await page.setViewportSize({ width: 1360, height: 860 });
  } finally {
    delete gui.server.app.ctx.publicSignupUrl;
  }
});

test('the public form fills Poststed from Postnummer as it is typed, and keeps a Poststed the person wrote', async () => {
  const ev = (await gui.server.json('/host/events/upcoming')).body[0];
  const ctx = await gui.browser.newContext({ locale: 'nb-NO' });
  try {
    const pub = await ctx.newPage();
    const errors: string[] = [];
    pub.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await pub.goto(`${gui.server.base}/events/${ev.id}`);
    await pub.getByLabel('Postnummer').fill('7010');
    await expect.poll(() => pub.getByLabel('Poststed').inputValue(), { timeout: 10_000 }).toBe('TRONDHEIM');
    await pub.getByLabel('Postnummer').fill('5003');
    await expect.poll(() => pub.getByLabel('Poststed').inputValue(), { timeout: 10_000 }).toBe('BERGEN');
    await pub.screenshot({ path: `${process.cwd()}/test-results/screens/public-signup-postcode.png`, fullPage: true });
    await pub.getByLabel('Poststed').fill('Bergen sentrum');
    const answered = pub.waitForResponse((r) => r.url().endsWith('/events/postcodes/7010'));
    await pub.getByLabel('Postnummer').fill('7010');
    await answered; // the register answered; the typed Poststed stays
    expect(await pub.getByLabel('Poststed').inputValue()).toBe('Bergen sentrum');
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
  } finally {
    await ctx.close();
  }
});
