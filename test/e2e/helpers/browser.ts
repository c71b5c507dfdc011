import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM } from './chromium.js';
import { recipient, startTestServer, type TestServer } from '../../helpers/server.js';

export { CHROMIUM };
export const SHOTS = resolve(process.cwd(), 'test-results/screens');

export interface Gui {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot to test-results/screens/<name>.png (look at it). */
  shot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** The pages openGui has opened and not closed: test/e2e/helpers/failure-shots.ts photographs them when a test fails. */
export const openPages = new Set<Page>();

/**
 * The pass's one Chromium (test/e2e/helpers/chromium-server.ts), connected to once per vitest worker; each `openGui`
 * opens a context of its own in it, closed again by `close()`.
 */
let chromiumOfWorker: Promise<Browser> | null = null;
function sharedChromium(): Promise<Browser> {
  if (!chromiumOfWorker) {
    const connecting = chromium.connect(inject('chromiumEndpoint'));
    chromiumOfWorker = connecting;
    // A lost connection (the pass's Chromium gone) is not kept: the next openGui connects again, and fails plainly.
    connecting.then((b) => b.on('disconnected', () => chromiumOfWorker === connecting && (chromiumOfWorker = null)), () => (chromiumOfWorker = null));
  }
  return chromiumOfWorker;
}

/**
 * The headless Kvitt server (built renderer at /app/) and a fresh Chromium context (its own cookies and storage), logged in through the
 * printed login link, as a person would be. Run `npm run build:web` (or `npm run build`) first.
 */
export async function openGui(opts: { today?: string; dbFile?: string } = {}): Promise<Gui> {
  const rendererDir = resolve(process.cwd(), 'out/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build:web');
  const server = await startTestServer({ today: opts.today, dbFile: opts.dbFile, rendererDir });
  const browser = await sharedChromium();
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'nb-NO' });
  await context.addInitScript(countCalls);
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(`${server.base}/app/login?token=${server.loginToken}`);
  await page.waitForSelector('nav[aria-label="Hovedmeny"]');
  // The first screen loads its data (settings, the first-day state, the start page's redirect): a test starts once that
  // is done, so nothing it types lands in a form still being set up.
  await idle(page);
  mkdirSync(SHOTS, { recursive: true });
  return {
    server,
    browser,
    context,
    page,
    async shot(name) {
      const file = join(SHOTS, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await context.close();
      await server.close();
    },
  };
}

/** A download's bytes, as saved (streamed from the pass's Chromium: its files are not on a path of this process). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Locator = ReturnType<Page['locator']>;

/**
 * Runs in the page before the app (an init script): counts the app's calls to the service (`/_ops/…`) that have not
 * come back yet, in `window.__kvittCalls`, for `idle`.
 */
function countCalls() {
  const w = window as unknown as { __kvittCalls: number };
  w.__kvittCalls = 0;
  const fetch0 = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/_ops/')) return fetch0(input, init);
    w.__kvittCalls++;
    return fetch0(input, init).finally(() => w.__kvittCalls--);
  };
}

/**
 * Waits until the screen has drawn what it asked the service for: no call of the app out, over several frames in a
 * row (a screen that asks in a second step, a list after its settings, asks within a frame of the first answer), then
 * until nothing moves (`settled`). For reading a whole screen; a test that waits for one thing waits for that thing.
 */
export async function idle(page: Page, timeout = SEE_TIMEOUT): Promise<void> {
  await page.evaluate(() => void ((window as unknown as { __kvittQuiet?: number }).__kvittQuiet = 0));
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __kvittCalls: number; __kvittQuiet?: number };
      w.__kvittQuiet = w.__kvittCalls === 0 ? (w.__kvittQuiet ?? 0) + 1 : 0;
      if (w.__kvittQuiet < 5) return false;
      w.__kvittQuiet = 0;
      return true;
    },
    undefined,
    { timeout, polling: 'raf' },
  );
  await settled(page, timeout);
}

/**
 * Waits until the page stands still: no CSS transition or animation running (a dialog that is still fading in, a
 * tab indicator still moving), as a person would see it. Replaces fixed sleeps before screenshots.
 */
export async function settled(page: Page, timeout = 10_000): Promise<void> {
  // Endless animations (a striped progress bar, a spinner) never settle: only finite ones are waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout, polling: 50 },
  );
}

/**
 * Answers Forkast to the question about unsaved changes and returns when it is gone. The question is waited for and its
 * opening transition let finish before the click (on a loaded machine a click during the fade-in can land on nothing and
 * leave the question open for the next test); a click that did not close it is made again, bounded by SEE_TIMEOUT.
 */
export async function discardChanges(page: Page): Promise<void> {
  const discard = page.getByTestId('unsaved-discard');
  await visible(discard);
  const deadline = Date.now() + SEE_TIMEOUT;
  for (;;) {
    await settled(page, 5_000).catch(() => undefined);
    await discard.click({ timeout: 5_000 }).catch(() => undefined);
    try {
      await discard.waitFor({ state: 'detached', timeout: 5_000 });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error('the question about unsaved changes stays after Forkast');
    }
  }
}

/**
 * How long a wait for something the user should see may take: generous, because CI runs the browser suite on a loaded
 * 2-core machine (a failing wait still fails, only later).
 */
export const SEE_TIMEOUT = 20_000;

/** Waits until the element is visible (fails the test after the timeout). vitest's expect has no Playwright matchers. */
export async function visible(locator: Locator, timeout = SEE_TIMEOUT): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until the element's text contains `text`; returns the text. */
export async function textOf(locator: Locator, text?: string | RegExp, timeout = SEE_TIMEOUT): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = (await locator.first().textContent({ timeout })) ?? '';
    if (text === undefined || (typeof text === 'string' ? value.includes(text) : text.test(value))) return value;
    if (Date.now() > deadline) throw new Error(`Expected text ${String(text)} but saw: ${value.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A GUI whose originator can issue invoices (company, org number, bank account) and that has the customer
 * "Fjord Bygg AS" (1001): the starting point of the document screens' tests. Dated at the real today, so the GUI's
 * defaults and the server's clock agree.
 */
export async function openGuiWithCompany(): Promise<Gui> {
  const gui = await openGui({ today: new Date().toISOString().slice(0, 10) });
  const s = gui.server;
  const settings = await s.json('/originators/current/settings', {
    method: 'PUT',
    body: { company: { name: 'Kvitt Test AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' } },
  });
  if (settings.status !== 200) throw new Error(`company settings: ${JSON.stringify(settings.body)}`);
  const customer = await s.json('/recipients/', { body: recipient({ name: 'Fjord Bygg AS', customerNumber: '1001' }) });
  if (customer.status !== 201) throw new Error(`customer: ${JSON.stringify(customer.body)}`);
  return gui;
}

/** Clicks an entry of the left navigation. */
export const navTo = (page: Page, name: string) => page.locator('nav[aria-label="Hovedmeny"]').getByRole('link', { name, exact: true }).click();

/**
 * Picks a customer in the document editor's customer search, as a person types and chooses, and looks that the choice
 * landed (the field shows the customer) before going on: a save or issue fired before that would go without it.
 */
export async function chooseCustomer(page: Page, name: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Kunde' });
  await input.click();
  const typed = name.slice(0, 5);
  await input.fill(typed);
  // The options shown answer what was typed: a list still replaced by the search's answer can move the option from
  // under the pointer between press and release, and the click picks nothing (a loaded CI machine did).
  await page.waitForFunction((t) => document.querySelector('[data-answered]')?.getAttribute('data-answered') === t, typed.trim(), { timeout: SEE_TIMEOUT });
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await fieldValue(input, name);
}

/** Waits until an input's value contains `text` (a regex: matches); returns the value. */
export async function fieldValue(locator: Locator, text: string | RegExp, timeout = SEE_TIMEOUT): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await locator.first().inputValue({ timeout });
    if (typeof text === 'string' ? value.includes(text) : text.test(value)) return value;
    if (Date.now() > deadline) throw new Error(`Expected the value ${String(text)} but saw: ${value.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Holds every request the page makes to the operation `op` until `release()`, counting those sent and those that came
 * back: the service answering slowly, as it may on a loaded machine or a busy office server.
 */
export async function holdOp(page: Page, op: string) {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const seen = { sent: 0, done: 0 };
  const mine = (r: { url(): string }) => r.url().endsWith(`/_ops/${op}`);
  const onSent = (r: { url(): string }) => void (mine(r) && seen.sent++);
  const onDone = (r: { url(): string }) => void (mine(r) && seen.done++);
  page.on('request', onSent);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  await page.route(`**/_ops/${op}`, async (route) => {
    await held;
    await route.continue();
  });
  return {
    seen,
    release,
    /** Releases the held requests and waits until every one the page sent has come back. */
    async finish() {
      release();
      await expect.poll(() => seen.done).toBe(seen.sent);
      page.off('request', onSent);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
      await page.unroute(`**/_ops/${op}`);
    },
  };
}

/**
 * The one way a test goes to a screen by its address (as a typed URL would), and returns only when that screen is
 * the one on show with its data: the address is changed; a question about unsaved changes a test before left is
 * answered Forkast and waited out; then it waits until the router has drawn a navigation of its own to the address
 * the window shows (`main[data-path]` and `main[data-nav]`, so nothing of the previous screen is left to click or
 * type into, redirects included), and until `ready` is visible: something only the new screen shows once its data has
 * come (a number, a name, a loaded field). A plain `page.goto` to a hash returns before the router has replaced the
 * previous screen: a click or `fill()` right after it can land on the old one. When the same component draws the next
 * screen (one invoice's page, then another's), `ready` must name the new one's data (its balance, its customer).
 */
export async function goTo(page: Page, hash: string, ready: Locator): Promise<void> {
  const target = hash.startsWith('#') ? hash : `#${hash}`;
  const before = await page.evaluate((h) => {
    const was = { hash: location.hash, nav: document.querySelector('main[data-nav]')?.getAttribute('data-nav') ?? null };
    location.hash = h;
    return was;
  }, target);
  const samePath = pathOf(before.hash) === pathOf(target);
  const state = () =>
    page.evaluate(
      ({ samePath, nav }) => {
        const ask = document.querySelector<HTMLElement>('[data-testid="unsaved-discard"]');
        if (ask && ask.getClientRects().length > 0 && getComputedStyle(ask).visibility !== 'hidden') return 'asked';
        const at = decodeURI(location.hash.replace(/^#/, '').split('?')[0]) || '/';
        const main = document.querySelector('main[data-path]');
        // The router has drawn the address the window shows, in a navigation after the one on show before.
        if (main?.getAttribute('data-path') === at && (samePath || main.getAttribute('data-nav') !== nav)) return 'routed';
        return `waiting (address ${location.hash}, drawn ${main?.getAttribute('data-path')} nav ${main?.getAttribute('data-nav')}, before ${nav})`;
      },
      { samePath, nav: before.nav },
    );
  const message = `the screen ${target} drawn`;
  const deadline = Date.now() + SEE_TIMEOUT;
  // Asked about unsaved changes: Forkast, and wait again (a question still fading out may go away under the click).
  while ((await pollUntil(state, (s) => !s.startsWith('waiting'), message, Math.max(1000, deadline - Date.now()))) === 'asked') {
    if (Date.now() > deadline) throw new Error(`${message}: the question about unsaved changes stays`);
    const discard = page.getByTestId('unsaved-discard');
    await discard.click({ timeout: 5_000 }).catch(() => undefined);
    await discard.waitFor({ state: 'detached', timeout: SEE_TIMEOUT }).catch(() => undefined);
  }
  await visible(ready);
}

/**
 * Waits until the window's address matches `hash` (tested against `location.hash`, e.g. /#\/invoices\/\d+$/) and the
 * router has drawn that address: after a click that navigates (Lagre, Utsted, a link), for the screen it leads to.
 * `page.waitForURL` alone returns as the address changes, before the router has replaced the screen.
 */
export async function drawnAt(page: Page, hash: RegExp, timeout = SEE_TIMEOUT): Promise<void> {
  const state = () =>
    page.evaluate((source) => {
      const at = decodeURI(location.hash.replace(/^#/, '').split('?')[0]) || '/';
      const drawn = document.querySelector('main[data-path]')?.getAttribute('data-path');
      return new RegExp(source.re, source.flags).test(location.hash) && drawn === at ? 'drawn' : `${location.hash} (drawn: ${drawn})`;
    }, { re: hash.source, flags: hash.flags });
  await pollUntil(state, (s) => s === 'drawn', `the screen at ${hash} drawn`, timeout);
}

const pathOf = (hash: string) => decodeURI(hash.replace(/^#/, '').split('?')[0]) || '/';

/** Reads `read()` every 50 ms until `done` holds (fails after the timeout, saying what it waited for). */
async function pollUntil<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, timeout = SEE_TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`Waited ${timeout} ms for ${what}; last: ${String(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
