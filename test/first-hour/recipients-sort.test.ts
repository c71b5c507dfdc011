import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
const nr: Record<string, number> = {};

// Five customers; Ærlig (Æ after Z in Norwegian) and Åsen (last) check the Norwegian name order.
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  const people = [
    { name: 'Åsen Rør AS', customerNumber: '10', city: 'BERGEN', zip: '5003' },
    { name: 'Ærlig Bakeri AS', customerNumber: '9', city: 'TROMSØ', zip: '9008' },
    { name: 'Bakken Bygg AS', customerNumber: '100', city: 'ASKER', zip: '1384' },
    { name: 'Zeta Data AS', customerNumber: '2', city: 'OSLO', zip: '0150' },
    { name: 'Alfa Regnskap AS', customerNumber: undefined, city: 'DRAMMEN', zip: '3015' },
  ];
  for (const p of people) {
    const r = await s.json('/recipients/', {
      body: recipient({ name: p.name, ...(p.customerNumber ? { customerNumber: p.customerNumber } : {}), organisation: { form: 'prv' }, contact: { address: { zip: p.zip, city: p.city } } }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    nr[p.name] = r.body.number;
  }
  const invoice = (name: string, unitPrice: number) =>
    issueInvoice(s, { recipient: { number: nr[name] }, items: [{ description: 'Arbeid', quantity: 1, unitPrice, taxRate: 25 }] });
  // Zeta owes 1 250,00 + 500,00 of which 200,00 is paid -> 1 550,00; Bakken owes 100,00; Åsen has paid all.
  await invoice('Zeta Data AS', 1000);
  const part = await invoice('Zeta Data AS', 400);
  expect((await s.json(`/invoices/${part}/payments`, { body: { date: '2026-03-15', amount: 200 } })).status).toBe(201);
  await invoice('Bakken Bygg AS', 80);
  const paid = await invoice('Åsen Rør AS', 800);
  expect((await s.json(`/invoices/${paid}/payments`, { body: { date: '2026-03-15', amount: 1000 } })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

type Item = { name: string; openBalance: number; customerNumber: string | null };
const mine = (items: Item[]) => items.filter((i) => i.name in nr);
const list = async (query: string) => {
  const r = await s.json(`/recipients/?perPage=100&${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return mine(r.body as Item[]);
};

describe('GET /recipients/ shows each customer open balance and sorts in SQL', () => {
  test('every item carries openBalance: the sum of its open invoice balances (paid invoices count 0)', async () => {
    const byName = Object.fromEntries((await list('')).map((i) => [i.name, i.openBalance]));
    expect(byName).toMatchObject({ 'Zeta Data AS': 1550, 'Bakken Bygg AS': 100, 'Åsen Rør AS': 0, 'Ærlig Bakeri AS': 0, 'Alfa Regnskap AS': 0 });
    // the streamed whole list (no perPage) says the same
    const all = mine((await s.json('/recipients/')).body as Item[]);
    expect(all.find((i) => i.name === 'Zeta Data AS')!.openBalance).toBe(1550);
  });

  test('default and sort=name: the Norwegian name order (Æ, Ø, Å after Z); dir=desc turns it round', async () => {
    const order = ['Alfa Regnskap AS', 'Bakken Bygg AS', 'Zeta Data AS', 'Ærlig Bakeri AS', 'Åsen Rør AS'];
    expect((await list('')).map((i) => i.name)).toEqual(order);
    expect((await list('sort=name')).map((i) => i.name)).toEqual(order);
    expect((await list('sort=name&dir=desc')).map((i) => i.name)).toEqual([...order].reverse());
  });

  test('sort=balance: largest debt first with dir=desc, ties in name order', async () => {
    const desc = (await list('sort=balance&dir=desc')).map((i) => i.name);
    expect(desc.slice(0, 2)).toEqual(['Zeta Data AS', 'Bakken Bygg AS']);
    expect(desc.slice(2)).toEqual(['Alfa Regnskap AS', 'Ærlig Bakeri AS', 'Åsen Rør AS']);
    expect((await list('sort=balance&dir=asc')).map((i) => i.name).slice(-2)).toEqual(['Bakken Bygg AS', 'Zeta Data AS']);
  });

  test('sort=customerNumber compares numbers as numbers (2 < 9 < 10 < 100); a number given by the app (the next free one) sorts in too', async () => {
    const given = (await list('')).find((i) => i.name === 'Alfa Regnskap AS')!.customerNumber!;
    expect(Number(given)).toBeGreaterThan(100);
    expect((await list('sort=customerNumber')).map((i) => i.customerNumber)).toEqual(['2', '9', '10', '100', given]);
    expect((await list('sort=customerNumber&dir=desc')).map((i) => i.customerNumber)).toEqual([given, '100', '10', '9', '2']);
  });

  test('sort=city, paged: pages follow the same order and never overlap', async () => {
    const cities = ['Bakken Bygg AS', 'Åsen Rør AS', 'Alfa Regnskap AS', 'Zeta Data AS', 'Ærlig Bakeri AS']; // ASKER BERGEN DRAMMEN OSLO TROMSØ
    const whole = (await s.json('/recipients/?perPage=1000&sort=city')).body as Item[];
    expect(mine(whole).map((i) => i.name)).toEqual(cities);
    const p1 = (await s.json('/recipients/?perPage=3&page=1&sort=city')).body as Item[];
    const p2 = (await s.json('/recipients/?perPage=3&page=2&sort=city')).body as Item[];
    expect([...p1, ...p2].map((i) => i.name)).toEqual(whole.slice(0, 6).map((i) => i.name));
    // the streamed list in that order too
    expect(mine((await s.json('/recipients/?sort=city')).body as Item[]).map((i) => i.name)).toEqual(cities);
  });

  test('a bad sort or dir -> 400 naming the parameter, nothing else', async () => {
    for (const [q, field] of [['sort=phone', 'sort'], ['dir=up', 'dir'], ['sort=', 'sort']] as const) {
      const r = await s.json(`/recipients/?${q}`);
      expect(r.status, q).toBe(400);
      expect([...new Set(r.body.fields.map((f: { field: string }) => f.field))], q).toEqual([field]);
    }
  });
});
