/**
 * Office mode under real concurrency (issue 9): on PostgreSQL four Kvitt servers with two pooled connections each (eight
 * connections) on one database; on SQLite the one server. Numbers are taken under a row lock on the number_series row
 * (db/dialect.ts: SELECT … FOR UPDATE), payments lock the invoice's balance row, signups the event row.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDocServer, type DocServer } from '../helpers/documents.js';
import { createEvent, signup, signupBody } from '../events/setup.js';
import { onPostgres } from '../helpers/database.js';
import { peersOf, type Peer } from './servers.js';

let s: DocServer;
let peers: Peer[];
beforeAll(async () => {
  process.env.KVITT_PG_POOL = '2';
  try {
    s = await startDocServer({ today: '2026-03-15' });
    const p = await s.json('/products/', { body: [{ code: 'KURS', description: 'Kursavgift', unitPrice: 1000, taxRate: 25 }] });
    expect(p.status).toBe(201);
    peers = await peersOf(s, 4, 2);
  } finally {
    delete process.env.KVITT_PG_POOL;
  }
});
afterAll(async () => {
  for (const p of peers ?? []) await p.close();
  await s?.close();
});

const numberOf = (res: Response) => Number(res.headers.get('location')!.split('/').pop());
const invoiceBody = () => ({ recipient: { number: s.company }, invoiceDate: '2026-03-01', dueDate: '2026-03-31', items: [{ productCode: 'A1', quantity: 1 }] });

describe(`office concurrency on ${onPostgres() ? 'PostgreSQL, 4 servers × 2 connections' : 'SQLite, one server'}`, () => {
  test('200 concurrent issues: contiguous invoice numbers, no gap, no duplicate', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => peers[i % peers.length].json('/invoices/', invoiceBody())));
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual([]);
    const numbers = results.map((r) => numberOf(r.res)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers[199] - numbers[0]).toBe(199);
    const list = await s.json('/invoices/?perPage=1');
    expect(list.res.headers.get('x-total-count')).toBe('200');
    // The series goes on from where the rush ended.
    const next = await s.json('/invoices/', { body: invoiceBody() });
    expect(numberOf(next.res)).toBe(numbers[199] + 1);
  });

  test('60 concurrent payments of 10 kr on one invoice: the balance is exact', async () => {
    const inv = await s.json('/invoices/', { body: invoiceBody() }); // 1 562,50
    const n = numberOf(inv.res);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => peers[i % peers.length].json(`/invoices/${n}/payments`, { date: '2026-03-05', amount: 10 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(201));
    const after = (await s.json(`/invoices/${n}`)).body;
    expect(after.currentBalance).toBe(962.5);
    const history = (await s.json(`/invoices/${n}/payments`)).body as Array<{ amount: number }>;
    expect(history).toHaveLength(60);
    expect(history.reduce((sum, e) => sum + e.amount, 0)).toBe(600);
  });

  test('payments on several invoices at once, each from every server: every balance exact', async () => {
    const invoices = [];
    for (let i = 0; i < 4; i++) invoices.push(numberOf((await s.json('/invoices/', { body: invoiceBody() })).res));
    const jobs = invoices.flatMap((n) => Array.from({ length: 12 }, (_, i) => peers[i % peers.length].json(`/invoices/${n}/payments`, { date: '2026-03-06', amount: 100.25 })));
    expect((await Promise.all(jobs)).map((r) => r.status)).toEqual(Array(48).fill(201));
    for (const n of invoices) expect((await s.json(`/invoices/${n}`)).body.currentBalance).toBe(1562.5 - 12 * 100.25);
  });

  test('40 concurrent signups over all servers for 25 seats: exactly 25 get in, each with its own invoice', async () => {
    const ev = await createEvent(s, { participantLimit: 25, customFields: [], discountCodes: { label: 'Rabattkode', codes: [] }, productNumber: 'KURS' });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signup({ ...s, base: peers[i % peers.length].base }, ev.id, signupBody({ email: `office${i}@example.no` }))),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(25);
    expect(results.filter((r) => r.status === 400)).toHaveLength(15);
    expect(new Set(ok.map((r) => r.body.participantNumber)).size).toBe(25);
    const list = await s.json(`/host/events/${ev.number}/participants?perPage=100`);
    expect(list.res.headers.get('x-total-count')).toBe('25');
    expect(new Set(list.body.map((p: any) => p.invoiceNumber)).size).toBe(25);
  });
});
