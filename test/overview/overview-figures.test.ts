import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addMonths } from '../../main/features/overview/overview.schema.js';
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

type Group = { name: string; items: { description: string; count: number; total: number; _links: { self: { uri: string } } }[]; summary: { total: number } };
const table = (groups: Group[]): Record<string, Record<string, unknown>> =>
  Object.fromEntries(groups.map((g) => [g.name, { ...Object.fromEntries(g.items.map((i) => [i.description, [i.count, i.total]])), summary: g.summary.total }]));

describe('GET /overview/invoices (2.6)', () => {
  test('the last invoice year by default: exact counts and NOK totals of every item, links of exactly those documents', async () => {
    const r = await s.json('/overview/invoices');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['groups', 'years']);
    expect(r.body.years).toEqual([2026, 2025]);
    expect(table(r.body.groups)).toEqual({
      Fakturaer: {
        Utkast: [2, 1000], // 375 + 625 (the draft made from an order confirmation), not tied to a year
        'Ikke forfalt': [3, 7687.5], // 5000 + 1250 (due today) + 1437.50 (EUR 125 at 11.5)
        Forfalt: [1, 1250],
        Betalt: [1, 2500], // paid in full 2500
        'Kreditert i sin helhet': [1, 750], // credited in full, nothing paid: not "Betalt"
        Tapsført: [1, 1000],
        Kreditnotaer: [1, 750],
        summary: 12437.5, // 13187.50 invoiced in 2026 less 750 credited
      },
      Tilbud: { Utkast: [1, 125], 'Sendt (aktive)': [1, 250], Utløpt: [1, 375], 'Bekreftet eller fakturert': [1, 500], summary: 1125 },
      Ordrebekreftelser: { Utkast: [0, 0], 'Ikke fakturert': [1, 500], Fakturert: [1, 625], summary: 1125 },
    });
    for (const g of r.body.groups as Group[]) for (const i of g.items) expect(Object.keys(i).sort()).toEqual(i._links.self.uri.includes('types=ordinary') ? ['_links', 'balance', 'count', 'description', 'total'] : ['_links', 'count', 'description', 'total']);
    // What is outstanding now on each invoice item (the tiles' figures): open balances only.
    expect(Object.fromEntries((r.body.groups[0].items as { description: string; balance: number }[]).map((i) => [i.description, i.balance]))).toMatchObject({ Betalt: 0, 'Kreditert i sin helhet': 0, Tapsført: 0 });
    const links = (r.body.groups as Group[]).flatMap((g) => g.items.map((i) => i._links.self.uri));
    expect(links).toEqual([
      '/overview/invoices/documents?states=draft&year=all',
      '/overview/invoices/documents?states=notDue&types=ordinary&year=2026',
      '/overview/invoices/documents?states=due&types=ordinary&year=2026',
      '/overview/invoices/documents?states=paid&types=ordinary&year=2026',
      '/overview/invoices/documents?states=credited&types=ordinary&year=2026',
      '/overview/invoices/documents?states=lost&types=ordinary&year=2026',
      '/overview/invoices/documents?states=paid&types=credit&year=2026',
      '/offer/drafts/',
      '/offer/?state=open&from=2026-01-01&to=2026-12-31',
      '/offer/?state=expired&from=2026-01-01&to=2026-12-31',
      '/offer/?state=converted&from=2026-01-01&to=2026-12-31',
      '/order-confirmation/drafts/',
      '/order-confirmation/?state=open&from=2026-01-01&to=2026-12-31',
      '/order-confirmation/?state=converted&from=2026-01-01&to=2026-12-31',
    ]);
    expect((await s.json('/overview/invoices?year=null')).body).toEqual(r.body);
    expect((await s.json('/overview/invoices?year=')).body).toEqual(r.body);
    expect((await s.json('/overview/invoices?year=2026')).body).toEqual(r.body);
  });

  test('another year and all years', async () => {
    const y2025 = table((await s.json('/overview/invoices?year=2025')).body.groups).Fakturaer;
    expect(y2025).toEqual({ Utkast: [2, 1000], 'Ikke forfalt': [0, 0], Forfalt: [1, 2500], Betalt: [1, 1250], 'Kreditert i sin helhet': [0, 0], Tapsført: [0, 0], Kreditnotaer: [0, 0], summary: 3750 });
    const all = await s.json('/overview/invoices?year=all');
    expect(table(all.body.groups).Fakturaer).toEqual({
      Utkast: [2, 1000],
      'Ikke forfalt': [3, 7687.5],
      Forfalt: [2, 3750],
      Betalt: [2, 3750],
      'Kreditert i sin helhet': [1, 750],
      Tapsført: [1, 1000],
      Kreditnotaer: [1, 750],
      summary: 16187.5,
    });
    expect(all.body.groups[0].items[2]._links.self.uri).toBe('/overview/invoices/documents?states=due&types=ordinary&year=all');
    expect(all.body.groups[1].items[1]._links.self.uri).toBe('/offer/?state=open');
    const empty = await s.json('/overview/invoices?year=2019');
    expect(empty.status).toBe(200);
    expect(table(empty.body.groups).Fakturaer.Forfalt).toEqual([0, 0]);
  });

  test('a new company: no years, every count 0, this year by default', async () => {
    const fresh = await startTestServer({ today: TODAY });
    try {
      const r = await fresh.json('/overview/invoices');
      expect(r.body.years).toEqual([]);
      expect((r.body.groups as Group[]).every((g) => g.items.every((i) => i.count === 0 && i.total === 0) && g.summary.total === 0)).toBe(true);
      expect(r.body.groups[0].items[1]._links.self.uri).toContain('year=2026');
      expect((await fresh.json('/overview/sales-ledger/balance')).body).toEqual({ balance: 0 });
      expect((await fresh.json('/overview/invoices/summary')).body).toEqual({ notDue: 0, due: 0, paid: 0, credited: 0, creditNotes: 0 });
      expect((await fresh.json('/overview/sales-ledger/graph/revenue')).body.revenueWithoutVat).toEqual([0, 0, 0, 0, 0, 0, 0]);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /overview/invoices/documents (2.5)', () => {
  const KEYS = ['number', 'description', 'date', 'customerNumber', 'recipientName', 'orderNumber', 'tax', 'total', 'currencyTax', 'currencyTotal', 'currency', 'international', 'dueDate', '_links'].sort();

  test('2.5 entries exactly; foreign currency in NOK and in its own currency; newest first', async () => {
    const r = await s.json('/overview/invoices/documents?states=notDue&types=ordinary&year=2026');
    expect(r.status).toBe(200);
    expect(r.body.map((e: { number: number }) => e.number)).toEqual([seeded.inv.eur, seeded.inv.d, seeded.inv.b]);
    for (const e of r.body) expect(Object.keys(e).sort()).toEqual(KEYS);
    expect(r.body[0]).toEqual({
      number: seeded.inv.eur,
      description: `Faktura ${seeded.inv.eur}`,
      date: '2026-03-05',
      customerNumber: seeded.recipient,
      recipientName: 'Fjord Bygg AS',
      orderNumber: null,
      tax: 287.5,
      total: 1437.5,
      currencyTax: 25,
      currencyTotal: 125,
      currency: 'EUR',
      international: true,
      dueDate: '2026-04-04',
      _links: { self: { uri: `/invoices/${seeded.inv.eur}` }, recipient: { uri: `/recipients/${seeded.recipient}` } },
    });
    expect(r.body[1]).toMatchObject({ total: 1250, currencyTotal: 1250, currency: 'NOK', international: false });
  });

  test('drafts link /invoices/drafts/<n>; credit notes /invoices/credit-notes/<n>; singular and plural, lists and repeats', async () => {
    const drafts = (await s.json('/overview/invoices/documents?state=draft&year=all')).body;
    expect(drafts.map((e: { _links: { self: { uri: string } } }) => e._links.self.uri).sort()).toEqual(seeded.invoiceDrafts.map((n) => `/invoices/drafts/${n}`).sort());
    const credit = (await s.json('/overview/invoices/documents?type=credit')).body; // year omitted: the last invoice year
    expect(credit).toHaveLength(1);
    expect(credit[0]._links.self.uri).toBe(`/invoices/credit-notes/${seeded.creditNote}`);
    expect(credit[0]).toMatchObject({ description: `Kreditnota ${seeded.creditNote}`, dueDate: null, total: 750 });
    const both = (await s.json('/overview/invoices/documents?states=due,lost&year=all')).body.map((e: { number: number }) => e.number);
    expect(both).toEqual([seeded.inv.c, seeded.inv.a, seeded.inv.b25]);
    expect((await s.json('/overview/invoices/documents?states=due&states=lost&year=all')).body.map((e: { number: number }) => e.number)).toEqual(both);
    // Every invoice and credit note of 2026 (no state filter) plus the dated draft
    expect((await s.json('/overview/invoices/documents')).body).toHaveLength(7 + 1 + 1);
  });

  test('paged like every list: perPage/page, Link and X-Total-Count', async () => {
    const r = await s.api('/overview/invoices/documents?year=all&types=ordinary&perPage=4&page=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('11'); // 9 invoices and 2 invoice drafts
    const link = r.headers.get('link')!;
    expect(link).toContain('rel="first"');
    expect(link).toContain('rel="prev"');
    expect(link).toContain('rel="next"');
    expect(link).toContain('page=3');
    expect(link).toContain('types=ordinary');
    const whole = (await s.json('/overview/invoices/documents?year=all&types=ordinary')).body;
    expect((await r.json()).map((e: { number: number }) => e.number)).toEqual(whole.slice(4, 8).map((e: { number: number }) => e.number));
  });
});

describe('GET /overview/sales-ledger/graph/revenue', () => {
  test('defaults: today − 6 months … today, one label per month, the year on each label as the range crosses one', async () => {
    const r = await s.json('/overview/sales-ledger/graph/revenue');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      labels: ['september 2025', 'oktober 2025', 'november 2025', 'desember 2025', 'januar 2026', 'februar 2026', 'mars 2026'],
      revenueWithoutVat: [0, 0, 1000, 2000, 3000, 4800, 2150], // March: 1000 + 600 + 1150 (EUR 100) − 600 credited
      paid: [0, 0, 0, 1250, 0, 3000, 0],
      lost: [0, 0, 0, 0, 0, 0, 1000],
    });
  });

  test('within one year the labels are the month names alone; a range inside a month has one label', async () => {
    const r = await s.json('/overview/sales-ledger/graph/revenue?from=2026-01-01&to=2026-02-28');
    expect(r.body).toEqual({ labels: ['januar', 'februar'], revenueWithoutVat: [3000, 4800], paid: [0, 3000], lost: [0, 0] });
    const one = await s.json('/overview/sales-ledger/graph/revenue?from=2026-02-05&to=2026-02-20');
    expect(one.body).toEqual({ labels: ['februar'], revenueWithoutVat: [800], paid: [2500], lost: [0] }); // only c (02-15) and the payment of 02-10
  });

  test('month arithmetic clamps to the month end', () => {
    expect(addMonths('2026-08-31', -6)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -6)).toBe('2025-09-15');
    expect(addMonths('2024-08-31', -6)).toBe('2024-02-29');
  });
});

describe('summary and balance', () => {
  test('summary counts at today for the default range and a given one', async () => {
    expect((await s.json('/overview/invoices/summary')).body).toEqual({ notDue: 3, due: 2, paid: 2, credited: 1, creditNotes: 1 });
    expect((await s.json('/overview/invoices/summary?from=2026-01-01&to=2026-02-28&perPage=10&page=1')).body).toEqual({ notDue: 1, due: 1, paid: 1, credited: 0, creditNotes: 0 });
  });

  test('balance: every open balance at today in NOK', async () => {
    // 2500 (b25) + 750 (a) + 5000 (b) + 1250 (d) + EUR 125 × 11.5
    expect((await s.json('/overview/sales-ledger/balance')).body).toEqual({ balance: 10937.5 });
  });
});

describe('bad parameters: 400 naming the parameter', () => {
  const cases: [string, string[]][] = [
    ['/overview/invoices?year=20x6', ['year']],
    ['/overview/invoices?year=abc', ['year']],
    ['/overview/invoices?year=2026&year=2025', ['year']],
    ['/overview/invoices/documents?year=%00', ['year']],
    ['/overview/invoices/documents?perPage=10&page=0', ['page']],
    ['/overview/invoices/documents?year=20x6', ['year']],
    ['/overview/invoices/documents?states=open', ['states']],
    ['/overview/invoices/documents?state=notdue', ['state']],
    ['/overview/invoices/documents?types=debit&year=1x', ['types', 'year']],
    ['/overview/invoices/documents?type=x', ['type']],
    ['/overview/invoices/documents?perPage=0', ['perPage']],
    ['/overview/sales-ledger/graph/revenue?from=2026-03-01&to=2026-02-01', ['from']],
    ['/overview/sales-ledger/graph/revenue?from=2026-02-30', ['from']],
    ['/overview/sales-ledger/graph/revenue?to=march', ['to']],
    ['/overview/invoices/summary?from=2026-03-02&to=2026-03-01', ['from']],
    ['/overview/invoices/summary?perPage=-1', ['perPage']],
    ['/order-confirmation/?state=expired', ['state']],
    ['/offer/?state=old', ['state']],
  ];
  for (const [path, fields] of cases) {
    test(path, async () => {
      const r = await s.json(path);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error).toBe('VALIDATION_ERROR');
      expect([...new Set(r.body.fields.map((f: { field: string }) => f.field))].sort()).toEqual(fields);
    });
  }
});
