/** The overviews agree with the lists they summarise, and move with payments and the clock. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { seedOverview, TODAY, type Seeded } from './seed.js';

let s: TestServer;
let seeded: Seeded;

beforeAll(async () => {
  s = await startTestServer({ today: TODAY });
  seeded = await seedOverview(s);
});
afterAll(async () => {
  await s.close();
});

type Item = { description: string; count: number; total: number; _links: { self: { uri: string } } };

/** Every item's link, followed: the list's length and X-Total-Count equal the count, the NOK totals add up to the total. */
async function checkLinks(year: string) {
  const groups = (await s.json(`/overview/invoices?year=${year}`)).body.groups as { name: string; items: Item[] }[];
  const counts: Record<string, number> = {};
  for (const g of groups) {
    for (const item of g.items) {
      const uri = item._links.self.uri;
      const list = await s.json(uri);
      expect(list.status, uri).toBe(200);
      expect(list.body, `${g.name}/${item.description}: ${uri}`).toHaveLength(item.count);
      const sum = list.body.reduce((a: number, e: { total: number }) => a + Math.round(e.total * 100), 0) / 100;
      expect(sum, `${g.name}/${item.description} total`).toBe(item.total);
      const paged = await s.api(`${uri}${uri.includes('?') ? '&' : '?'}perPage=1`);
      expect(paged.headers.get('x-total-count'), uri).toBe(String(item.count));
      counts[`${g.name}/${item.description}`] = item.count;
    }
  }
  return counts;
}

describe('cross-checks', () => {
  test('the count of every item is the length of the list its link returns (2026, 2025, all years)', async () => {
    const y2026 = await checkLinks('2026');
    const y2025 = await checkLinks('2025');
    const all = await checkLinks('all');
    // Every item of every year was followed, and the years hold what the seed put in them (not empty lists agreeing).
    for (const counts of [y2026, y2025, all]) expect(Object.keys(counts)).toHaveLength(14);
    expect(Object.keys(y2025)).toEqual(Object.keys(y2026));
    const issued = (counts: Record<string, number>) => Object.values(counts).reduce((a, n) => a + n, 0);
    expect(issued(y2025)).toBeGreaterThan(0);
    expect(issued(y2026)).toBeGreaterThan(issued(y2025));
    // year=all is both years together; a draft belongs to no year, so drafts count the same in each.
    for (const key of Object.keys(all)) {
      if (/Utkast/.test(key)) expect(all[key], key).toBe(y2026[key]);
      else expect(all[key], key).toBe(y2025[key] + y2026[key]);
    }
  });

  test('summary counts equal X-Total-Count of /invoices/not-due, /due, /paid and /invoices/credit-notes for the same range', async () => {
    for (const range of ['', 'from=2026-01-01&to=2026-02-28', 'from=2025-01-01&to=2026-12-31', 'from=2026-03-15&to=2026-03-15']) {
      const summary = (await s.json(`/overview/invoices/summary?${range}`)).body;
      // The summary's default range, written out for the lists (which have no default).
      const q = range || 'from=2025-09-15&to=2026-03-15';
      const total = async (path: string) => Number((await s.api(`${path}?${q}&perPage=1`)).headers.get('x-total-count'));
      expect(summary, range).toEqual({
        notDue: await total('/invoices/not-due'),
        due: await total('/invoices/due'),
        // /invoices/paid lists every settled invoice; the summary counts those credited in full with nothing paid apart.
        paid: (await total('/invoices/paid')) - summary.credited,
        credited: summary.credited,
        creditNotes: await total('/invoices/credit-notes'),
      });
    }
  });

  test('the balance equals the sum of currentBalance over /invoices/ (in NOK at each invoice rate)', async () => {
    const invoices = (await s.json('/invoices/')).body as { currentBalance: number; international: null | { exchangeRate: number } }[];
    const sumOre = invoices.reduce((a, i) => a + Math.round(i.currentBalance * 100 * (i.international?.exchangeRate ?? 1)), 0);
    expect((await s.json('/overview/sales-ledger/balance')).body.balance).toBe(sumOre / 100);
    expect(invoices.some((i) => i.international)).toBe(true);
  });

  test('the revenue graph agrees with the documents list: net of the year = invoice nets less credit nets', async () => {
    const graph = (await s.json('/overview/sales-ledger/graph/revenue?from=2026-01-01&to=2026-12-31')).body;
    expect(graph.labels).toHaveLength(12);
    const docs = (await s.json('/overview/invoices/documents?year=2026&states=notDue,due,paid,credited,lost')).body as { total: number; tax: number; _links: { self: { uri: string } } }[];
    const net = docs.reduce((a, e) => a + (e._links.self.uri.includes('credit-notes') ? -1 : 1) * Math.round((e.total - e.tax) * 100), 0) / 100;
    expect(graph.revenueWithoutVat.reduce((a: number, b: number) => a + b, 0)).toBe(net);
  });
});

describe('figures follow payments, losses and the clock', () => {
  test('a payment moves an invoice from Forfalt to Betalt, lowers the balance and shows in the month it was received', async () => {
    const before = (await s.json('/overview/sales-ledger/balance')).body.balance;
    expect((await s.json(`/invoices/${seeded.inv.a}/payments`, { body: { date: '2026-03-12', amount: 750 } })).status).toBe(201);
    const groups = (await s.json('/overview/invoices')).body.groups;
    const by = Object.fromEntries(groups[0].items.map((i: Item) => [i.description, i.count]));
    expect(by).toMatchObject({ Forfalt: 0, Betalt: 2, 'Kreditert i sin helhet': 1 });
    expect((await s.json('/overview/sales-ledger/balance')).body.balance).toBe(before - 750);
    const graph = (await s.json('/overview/sales-ledger/graph/revenue?from=2026-03-01&to=2026-03-31')).body;
    expect(graph.paid).toEqual([750]);
    await checkLinks('2026');
  });

  test('a reversed payment counts negative in its month; a reversed write-off too', async () => {
    const entries = (await s.json(`/invoices/${seeded.inv.a}/payments`)).body as { id: number; date: string }[];
    const last = entries.find((e) => e.date === '2026-03-12')!;
    expect((await s.json(`/invoices/${seeded.inv.a}/payments/${last.id}/reverse`, { method: 'POST' })).status).toBe(201);
    expect((await s.json(`/invoices/${seeded.inv.c}/lost/reverse`, { method: 'POST' })).status).toBe(201);
    const graph = (await s.json('/overview/sales-ledger/graph/revenue?from=2026-03-01&to=2026-03-31')).body;
    expect(graph.paid).toEqual([0]); // 750 − 750, both in March
    expect(graph.lost).toEqual([0]); // 1000 − 1000
    const by = Object.fromEntries((await s.json('/overview/invoices')).body.groups[0].items.map((i: Item) => [i.description, i.count]));
    expect(by).toMatchObject({ Forfalt: 2, Tapsført: 0 }); // a again, and c back in due
    await checkLinks('2026');
  });

  test('the states are taken at today: when the clock passes a due date, Ikke forfalt moves to Forfalt', async () => {
    s.clock.set('2026-04-01');
    try {
      const by = Object.fromEntries((await s.json('/overview/invoices')).body.groups[0].items.map((i: Item) => [i.description, i.count]));
      expect(by).toMatchObject({ 'Ikke forfalt': 1, Forfalt: 4 }); // b (03-31) and d (03-15) are due; eur (04-04) is not
      await checkLinks('2026');
      const summary = (await s.json('/overview/invoices/summary')).body;
      expect(summary).toEqual({ notDue: 1, due: 5, paid: 2, credited: 1, creditNotes: 1 }); // range 2025-10-01 .. 2026-04-01: paid a25, e; f credited in full
    } finally {
      s.clock.set(TODAY);
    }
  });
});
