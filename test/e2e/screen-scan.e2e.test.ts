/**
 * Every screen of the app, read as a person reads it, in Norwegian and in English (issue 28): every entry of the menu,
 * each with its tabs and the detail pages behind it (a customer, invoices paid, late, refunded and credited, a
 * reminder, an offer and its order confirmation, a product, a recurring invoice, a bank file with matched and
 * unmatched payments, an event, the first-day guide and every tab of Innstillinger). Norwegian: no ISO date, raw error
 * code, English word or developer text. English: no Norwegian word of the GUI's own texts left, no ISO date, no code.
 * What the customers and the company wrote themselves (names, line texts) is theirs and not read.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays } from '../../main/domain/late-interest.js';
import { camtFile } from '../helpers/bank-file-gen.js';
import { eventBody } from '../events/setup.js';
import { freePort } from '../sending/helpers.js';
import { foreignWords, norwegianWords } from '../words/scan.js';
import { goTo, idle, openGuiWithCompany, type Gui } from './helpers/browser.js';

let gui: Gui;
const today = new Date().toISOString().slice(0, 10);
const ids: Record<string, number> = {};

const ok = async (path: string, body?: unknown, method?: string) => {
  const r = await gui.server.json(path, { body, method });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r;
};
const numberOf = (r: { res: Response }) => Number(r.res.headers.get('location')!.split('/').pop());

/**
 * What the test itself wrote into the data (names and texts a person typed, in whatever language they chose) and what
 * the documents themselves say (a credit note's own text is Norwegian, as its PDF): theirs, not the GUI's words.
 */
const event = eventBody();
const DATA = ['Kvitt Test AS', 'Fjord Bygg AS', 'FJORD BYGG AS', 'Storgata 1', 'Rådgivning', 'Husleie {periode}', 'Leie for {periode}', 'Husleie', 'Leie for', 'Vedlikehold', 'Konsulenttime', 'Takk for sist',
  event.name, event.description, event.location.name, event.contactPerson.name, event.discountCodes.label];
const DOCUMENT_TEXT = /Kreditering av faktura \d+/g;

beforeAll(async () => {
  gui = await openGuiWithCompany();
  const s = gui.server;
  // A mail server that is not there: the e-mail fails, and Utboks says why.
  await ok('/originators/current/settings', { sending: { smtp: { host: '127.0.0.1', port: await freePort(), security: 'NONE' }, fromAddress: 'faktura@kvitt.no' } }, 'PUT');
  const invoice = (due: string, amount: number) =>
    ok('/invoices/', { recipient: { number: 1 }, invoiceDate: addDays(due, -14), dueDate: due, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: amount, taxRate: 25 }] }).then(numberOf);
  // Numbers follow dates: the invoices first, oldest first, then what is dated today.
  ids.late = await invoice(addDays(today, -40), 1000);
  ids.paid = await invoice(addDays(today, -5), 800);
  ids.credited = await invoice(addDays(today, 10), 400);
  ids.open = await invoice(addDays(today, 12), 1250);
  await ok(`/invoices/${ids.paid}/payments`, { date: addDays(today, -2), amount: 1100 }); // 100 too much
  await ok(`/invoices/${ids.paid}/refunds`, { date: addDays(today, -1) });
  ids.credit = numberOf(await ok(`/invoices/${ids.credited}/credit-note`, {}));
  ids.reminder = (await ok('/dunnings/', { invoiceNumber: ids.late })).body.number;
  await ok(`/dunnings/${ids.reminder}/send`, { email: [{ address: 'post@fjordbygg.no' }] });
  await ok(`/invoices/${ids.paid}/send`, { email: [{ address: 'post@fjordbygg.no' }] });
  await s.json('/outbox/flush', { method: 'POST' });
  ids.draft = numberOf(await ok('/invoices/drafts/', { recipient: { number: 1 }, items: [{ description: 'Konsulenttime', quantity: 2, unitPrice: 950, taxRate: 25 }] }));
  ids.product = (await ok('/products/', { code: 'VEDL', description: 'Vedlikehold', unitPrice: 450, taxRate: 25, unit: 'time' })).body.number;
  const offerDraft = numberOf(await ok('/offer/drafts/', { recipient: { number: 1 }, expiryDate: addDays(today, 30), items: [{ description: 'Vedlikehold', quantity: 10, unitPrice: 450, taxRate: 25 }] }));
  ids.offer = numberOf(await ok(`/offer/drafts/${offerDraft}/issue`, {}));
  ids.oc = numberOf(await ok(`/offer/${ids.offer}/order-confirmation`, {}));
  ids.series = numberOf(await ok('/recurring/', { recipientNumber: 1, items: [{ description: 'Husleie {periode}', quantity: 1, unitPrice: 10000, taxRate: 25 }], interval: { unit: 'MONTH', every: 1 }, startDate: today, invoiceText: 'Leie for {periode}' }));
  await ok('/recurring/run', undefined, 'POST');
  // A bank statement: one payment by KID, one without (to match by hand), one to ignore.
  const kid = (await s.json(`/invoices/${ids.open}`)).body.kid as string;
  const camt = camtFile({
    version: 4,
    accounts: [{ account: '86011117947', entries: [{ bookingDate: today, acctSvcrRef: 'KVT-1', transactions: [{ amountOre: 1562_50, kid }, { amountOre: 777_00, partyName: 'FJORD BYGG AS', message: 'Takk for sist' }, { amountOre: 12_00, partyName: 'FJORD BYGG AS', message: 'Takk for sist' }] }] }],
  });
  const imported = await s.api('/bank-files/?name=kontoutskrift.xml', { body: camt, headers: { 'content-type': 'application/xml' } });
  expect(imported.status, await imported.clone().text()).toBe(201);
  ids.bankFile = ((await imported.json()) as { id: number }).id;
  const loose = ((await s.json(`/bank-files/${ids.bankFile}/transactions?perPage=10`)).body as Array<{ id: number; status: string }>).filter((t) => t.status === 'UNMATCHED');
  expect(loose.length).toBe(2);
  await ok(`/bank-transactions/${loose[loose.length - 1].id}/ignore`, {});
  ids.event = (await ok('/host/events/', eventBody({ date: `${addDays(today, 30)} 09:00`, endDate: `${addDays(today, 30)} 15:00`, registrationDeadline: `${addDays(today, 20)} 23:59`, productNumber: null, customFields: [], discountCodes: { label: 'Rabattkode', codes: [] } }))).body.number;
}, 240_000);
afterAll(async () => {
  await gui?.close();
});

/** The screens, by the menu's order; each menu entry's own address first. */
const screens = () => [
  '/overview', '/overview/list',
  '/recipients', '/recipients/1', '/recipients/1/edit', '/recipients/new',
  '/invoices', '/invoices/drafts/new', `/invoices/drafts/${ids.draft}`, `/invoices/${ids.late}`, `/invoices/${ids.paid}`, `/invoices/${ids.open}`, `/invoices/credit-notes/${ids.credit}`,
  '/offers', `/offers/${ids.offer}`, `/offers/order-confirmations/${ids.oc}`,
  '/products', '/products/new', `/products/${ids.product}`,
  '/recurring', `/recurring/${ids.series}`,
  '/outbox',
  '/dunnings', `/dunnings/${ids.reminder}`,
  '/bank', `/bank/files/${ids.bankFile}`,
  '/reports',
  '/events', '/events/new', `/events/${ids.event}`,
  '/settings',
  '/first-day',
];

/** The text a person sees now, the tooltips' titles, placeholders and the names read out for icons. */
async function seen(): Promise<string> {
  let text = await gui.page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[title], [placeholder], [aria-label]')]
        .flatMap((e) => [e.getAttribute('title'), e.getAttribute('placeholder'), e.getAttribute('aria-label')])
        // A session's browser, whole on hover (Innstillinger → Brukere), is the browser's own identification.
        .filter((v): v is string => !!v && !v.startsWith('Mozilla/')),
    ].join('\n'),
  );
  for (const d of DATA) text = text.split(d).join(' ');
  return text.replace(DOCUMENT_TEXT, ' ');
}

/** Each screen, then each of its tabs: what `check` finds, by screen. */
async function scan(lang: 'nb' | 'en', check: (text: string) => string[]): Promise<string[]> {
  const { page } = gui;
  const problems: string[] = [];
  const read = async (where: string) => {
    await idle(page);
    for (const p of check(await seen())) problems.push(`${where}: ${p}`);
  };
  for (const hash of screens()) {
    await goTo(page, `#${hash}`, page.locator('main'));
    await read(hash);
    // Its tabs (lists, a customer's documents, the tabs of Innstillinger, Bank, Purringer, Utboks): each one read.
    const tabs = await page.locator('main [role="tab"]').count();
    for (let i = 0; i < tabs; i++) {
      const tab = page.locator('main [role="tab"]').nth(i);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const name = (await tab.innerText()).trim();
      await tab.click();
      await read(`${hash} → ${name}`);
    }
    if (['/bank', '/recurring', '/outbox', `/invoices/${ids.paid}`].includes(hash)) await gui.shot(`scan-${lang}-${hash.replace(/\W+/g, '-')}`);
  }
  return problems;
}

test('every screen of the menu and its tabs, in Norwegian: no ISO date, raw code, English word or developer text', async () => {
  const problems = await scan('nb', foreignWords);
  expect(problems).toEqual([]);
}, 600_000);

test('every screen of the menu and its tabs, in English: no Norwegian word of the GUI left, no ISO date or raw code', async () => {
  const { page } = gui;
  await page.evaluate(() => localStorage.setItem('kvitt.lang', 'en'));
  await page.reload();
  await page.locator('main[data-path]').waitFor();
  try {
    const problems = await scan('en', norwegianWords);
    expect(problems).toEqual([]);
  } finally {
    await page.evaluate(() => localStorage.setItem('kvitt.lang', 'nb'));
  }
}, 600_000);

test('the scan covers every entry of the menu', () => {
  const menu = [...readFileSync('renderer/src/app/routes.tsx', 'utf8').matchAll(/\{ to: '([^']+)', labelKey/g)].map((m) => m[1]);
  expect(menu.length).toBeGreaterThan(10);
  expect(menu.filter((to) => !screens().includes(to))).toEqual([]);
});
