/**
 * `npm run seed` (seedAll): deterministic for a seed, through the services, every kind of document, realistic mixes.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const TODAY = '2026-03-15';
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function seeded(seed: number, invoices = 120) {
  const s = await startTestServer({ today: TODAY });
  servers.push(s);
  const counts = await seedAll(s.app.ctx, { seed, recipients: 30, invoices });
  return { s, counts };
}

async function all(s: TestServer, path: string) {
  const r = await s.json(path);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as any[];
}

describe('seedAll', () => {
  test('the same seed in two fresh databases gives identical documents; another seed differs', async () => {
    const [a, b, c] = await Promise.all([seeded(11), seeded(11), seeded(12)]);
    expect(b.counts).toEqual(a.counts);
    for (const path of ['/invoices/', '/invoices/credit-notes', '/invoices/drafts/', '/offer/', '/order-confirmation/', '/invoices/due', '/invoices/paid']) {
      const [x, y] = await Promise.all([all(a.s, path), all(b.s, path)]);
      expect(y, path).toEqual(x);
    }
    const payments = (s: TestServer) =>
      s.app.ctx.db.selectFrom('ledger_entries').select(['document_id', 'kind', 'date', 'amount', 'currency_amount', 'bank_fee', 'reason']).orderBy('id').execute();
    expect(await payments(b.s)).toEqual(await payments(a.s));
    expect(await all(c.s, '/invoices/')).not.toEqual(await all(a.s, '/invoices/'));
  });

  test('every kind and state, the company filled in, dates over ~18 months before today, numbers in date order', async () => {
    const { s, counts } = await seeded(5, 400);
    expect(counts.invoices).toBe(400);
    for (const k of ['creditNotes', 'payments', 'lost', 'offers', 'orderConfirmations', 'invoicesFromOffers', 'drafts']) expect(counts[k], k).toBeGreaterThan(0);

    const settings = (await s.json('/originators/current/settings')).body;
    expect(settings.company).toMatchObject({ orgNumber: '923609016', bankAccount: '86011117947' });
    expect(settings.company.name).toBeTruthy();
    expect(settings.company.address1).toBeTruthy();

    const invoices = await all(s, '/invoices/');
    expect(invoices).toHaveLength(400 + counts.invoicesFromOffers + counts.eventInvoices);
    const dates = invoices.map((i) => i.invoiceDate as string);
    expect(dates.every((d) => d <= TODAY && d >= '2024-09-01')).toBe(true);
    expect([...dates].sort()[0] < '2025-01-01').toBe(true);
    // descending numbers have non-increasing dates: the numbers follow the dates
    for (let i = 1; i < invoices.length; i++) expect(invoices[i].invoiceDate <= invoices[i - 1].invoiceDate).toBe(true);
    expect(new Set(invoices.map((i) => i.currency))).toEqual(new Set(['NOK', 'EUR', 'SEK']));
    expect(new Set(invoices.flatMap((i) => i.items.map((it: any) => it.taxRate)))).toEqual(new Set([25, 15, 12, 0]));
    expect(Math.max(...invoices.map((i) => i.items.length))).toBeGreaterThan(3);

    const sizes = Object.fromEntries(
      await Promise.all(['due', 'not-due', 'paid', 'lost'].map(async (st) => [st, (await all(s, `/invoices/${st}`)).length] as const)),
    );
    for (const st of ['due', 'not-due', 'paid', 'lost']) expect(sizes[st], st).toBeGreaterThan(0);
    // partially paid: open balance below the total
    expect(invoices.some((i) => i.currentBalance > 0 && i.currentBalance < i.total)).toBe(true);
    const credits = await all(s, '/invoices/credit-notes');
    expect(credits.length).toBe(counts.creditNotes + counts.eventCreditNotes);
    expect(credits.every((c) => invoices.some((i) => i.number === c.creditedInvoiceNumber))).toBe(true);

    // the chain: an order confirmation made from an offer, invoiced
    const ocs = await all(s, '/order-confirmation/');
    expect(ocs.some((o) => o.source?.kind === 'offer' && o.successors.some((x: any) => x.kind === 'invoice'))).toBe(true);
    expect((await all(s, '/invoices/drafts/')).length).toBeGreaterThan(0);
  });

  test('recipients only (no --invoices) still works', async () => {
    const s = await startTestServer({ today: TODAY });
    servers.push(s);
    const counts = await seedAll(s.app.ctx, { seed: 1, recipients: 10, invoices: 0 });
    expect(counts).toMatchObject({ recipients: 10, invoices: 0 });
    expect(await all(s, '/invoices/')).toEqual([]);
  });
});

describe('paging the seeded invoice lists', () => {
  test('every page of every state list equals that slice of the whole list (deep pages are read from the other end)', async () => {
    const { s } = await seeded(3, 150);
    for (const state of ['', 'due', 'not-due', 'paid']) {
      const whole = await all(s, `/invoices/${state}`);
      expect(whole.length, state).toBeGreaterThan(0);
      const perPage = 7;
      const pages = Math.ceil(whole.length / perPage) + 1;
      for (let p = 1; p <= pages; p++) {
        const r = await s.json(`/invoices/${state}?perPage=${perPage}&page=${p}`);
        expect(r.res.headers.get('x-total-count')).toBe(String(whole.length));
        expect(r.body.map((i: any) => i.number), `${state} page ${p}`).toEqual(whole.slice((p - 1) * perPage, p * perPage).map((i) => i.number));
      }
    }
  });
});
