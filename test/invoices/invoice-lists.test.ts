import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueNew } from '../../main/features/documents/issue.service.js';
import { issueInvoice, startDocServer, type DocServer, BACKDATING } from '../helpers/documents.js';

const INVOICE_KEYS = [
  'number', 'credit', 'orderNumber', 'invoiceDate', 'dueDate', 'orderDate', 'reminderDate', 'deliveryDate', 'ourReference', 'yourReference',
  'kid', 'tax', 'total', 'invoiceText', 'accountNumber', 'currency', 'deliveryAddress', 'originator', 'recipient', 'items', 'international',
  'currentBalance', '_links',
].sort();
const CREDIT_NOTE_KEYS = [
  'number', 'creditedInvoiceNumber', 'orderNumber', 'invoiceDate', 'orderDate', 'reminderDate', 'deliveryDate', 'ourReference', 'yourReference',
  'kid', 'tax', 'total', 'invoiceText', 'accountNumber', 'currency', 'deliveryAddress', 'originator', 'recipient', 'items', 'currentBalance', '_links',
].sort();
const ITEM_KEYS = ['number', 'quantity', 'productCode', 'description', 'unitPrice', 'discount', 'taxRate', 'total', 'totalWithoutTax'].sort();

let s: DocServer;
const n: Record<string, number> = {};
const nums = (body: Array<{ number: number }>) => body.map((x) => x.number);
const desc = (...xs: number[]) => [...xs].sort((a, b) => b - a);

beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
  const inv = (recipient: number, invoiceDate: string, dueDate: string, quantity = 1) =>
    issueInvoice(s, { recipient: { number: recipient }, invoiceDate, dueDate, items: [{ productCode: 'A1', quantity, discount: 0 }] }); // 1562.50 each
  n.todayDue = await inv(s.company, '2026-03-01', '2026-03-15');
  n.yesterdayDue = await inv(s.company, '2026-03-01', '2026-03-14');
  n.paid = await inv(s.person, '2026-02-10', '2026-03-20');
  n.partial = await inv(s.company, '2026-02-01', '2026-03-01');
  n.lost = await inv(s.person, '2026-01-15', '2026-02-01');
  n.overpaid = await inv(s.company, '2026-01-10', '2026-01-24');
  n.credited = await inv(s.person, '2026-01-05', '2026-01-19');
  const pay = (num: number, amount: number) => s.json(`/invoices/${num}/payments`, { body: { date: '2026-03-10', amount } });
  expect((await pay(n.paid, 1562.5)).status).toBe(201);
  await pay(n.partial, 500);
  await pay(n.overpaid, 2000);
  expect((await s.json(`/invoices/${n.lost}/lost`, { body: { reason: 'Konkurs' } })).status).toBe(201);
  expect((await s.json(`/invoices/${n.credited}/credit-note`, { method: 'POST' })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

describe('invoice lists', () => {
  test('GET /invoices/: every issued invoice, 2.2 shape exactly, _links {}, descending by number', async () => {
    const r = await s.json('/invoices/');
    expect(r.status).toBe(200);
    expect(nums(r.body)).toEqual(Object.values(n).sort((a, b) => b - a));
    for (const inv of r.body) {
      expect(Object.keys(inv).sort()).toEqual(INVOICE_KEYS);
      expect(inv._links).toEqual({});
      expect(inv.credit).toBe(false);
      for (const item of inv.items) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(Object.keys(inv.recipient).sort()).toEqual(['address', 'customerNumber', 'email', 'icd', 'mobile', 'name', 'number', 'organisationNumber']);
      expect(Object.keys(inv.originator).sort()).toEqual(['address', 'fax', 'mobile', 'name', 'organisationNumber', 'phone', 'web']);
    }
  });

  test('states at today: due date today is not due, yesterday is due; lost is neither; paid includes overpaid and credited', async () => {
    expect(nums((await s.json('/invoices/not-due')).body)).toEqual([n.todayDue]);
    expect(nums((await s.json('/invoices/due')).body)).toEqual(desc(n.yesterdayDue, n.partial));
    expect(nums((await s.json('/invoices/paid')).body)).toEqual(desc(n.credited, n.overpaid, n.paid));
    expect(nums((await s.json('/invoices/lost')).body)).toEqual([n.lost]);
    const balances = Object.fromEntries((await s.json('/invoices/')).body.map((i: { number: number; currentBalance: number }) => [i.number, i.currentBalance]));
    expect(balances[n.partial]).toBe(1062.5);
    expect(balances[n.overpaid]).toBe(-437.5);
    expect(balances[n.credited]).toBe(0);
    expect(balances[n.lost]).toBe(0);
    expect((await s.json(`/invoices/${n.lost}`)).body.state).toBe('lost');
    expect((await s.json(`/invoices/${n.todayDue}`)).body.state).toBe('not-due');
  });

  test('the states move with the clock', async () => {
    s.clock.set('2026-03-16');
    try {
      expect(nums((await s.json('/invoices/not-due')).body)).toEqual([]);
      expect(nums((await s.json('/invoices/due')).body)).toEqual(desc(n.yesterdayDue, n.todayDue, n.partial));
    } finally {
      s.clock.set('2026-03-15');
    }
  });

  test('from/to filter on the invoice date; recipientNumber filters GET /invoices/', async () => {
    expect(nums((await s.json('/invoices/paid?from=2026-01-06&to=2026-02-10')).body)).toEqual(desc(n.overpaid, n.paid));
    expect(nums((await s.json('/invoices/due?from=2026-03-01')).body)).toEqual([n.yesterdayDue]);
    expect(nums((await s.json(`/invoices/?recipientNumber=${s.person}`)).body)).toEqual(desc(n.credited, n.lost, n.paid));
    expect((await s.json('/invoices/due?from=2026-13-01')).status).toBe(400);
  });

  test('paging: perPage/page in SQL, bare array body, Link header keeping the other parameters', async () => {
    const r = await s.json(`/invoices/?recipientNumber=${s.company}&perPage=2&page=2`);
    expect(r.status).toBe(200);
    const all = nums((await s.json(`/invoices/?recipientNumber=${s.company}`)).body);
    expect(nums(r.body)).toEqual(all.slice(2, 4));
    const link = r.res.headers.get('link')!;
    expect(link).toContain(`recipientNumber=${s.company}`);
    expect(link).toMatch(/rel="first".*rel="prev".*rel="last"/);
    expect(r.res.headers.get('x-total-count')).toBe(String(all.length));
    const beyond = await s.json('/invoices/due?perPage=50&page=3');
    expect(beyond.body).toEqual([]);
  });

  test('GET /invoices/sums: count, total and balance per state, in SQL', async () => {
    expect((await s.json('/invoices/sums?state=due')).body).toEqual({ count: 2, total: 3125, balance: 1562.5 + 1062.5, toRefund: 0 });
    expect((await s.json('/invoices/sums?state=not-due')).body).toEqual({ count: 1, total: 1562.5, balance: 1562.5, toRefund: 0 });
    expect((await s.json('/invoices/sums?state=paid')).body).toEqual({ count: 3, total: 4687.5, balance: 0, toRefund: 437.5 });
    expect((await s.json('/invoices/sums')).body.count).toBe(7);
    expect((await s.json(`/invoices/sums?state=all&recipientNumber=${s.person}`)).body.count).toBe(3);
    expect((await s.json('/invoices/sums?state=credit-notes')).body).toEqual({ count: 1, total: 1562.5, balance: 0, toRefund: 0 });
    expect((await s.json('/invoices/sums?state=bogus')).status).toBe(400);
  });

  test('credit notes: GET /invoices/credit-notes in the 2.3 shape, GET /invoices/credit-notes/{n} with links', async () => {
    const r = await s.json('/invoices/credit-notes');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    const cn = r.body[0];
    expect(Object.keys(cn).sort()).toEqual(CREDIT_NOTE_KEYS);
    expect(cn).toMatchObject({ creditedInvoiceNumber: n.credited, total: 1562.5, _links: {} });
    const one = await s.json(`/invoices/credit-notes/${cn.number}`);
    expect(one.body._links.self.uri).toBe(`/invoices/credit-notes/${cn.number}`);
    expect(one.body._links.pdf.uri).toBe(`/invoices/credit-notes/${cn.number}/pdf`);
    expect((await s.json(`/invoices/credit-notes/${n.paid}`)).status).toBe(404);
    expect((await s.json(`/invoices/${cn.number}`)).status).toBe(404);
    expect((await s.json('/invoices/credit-notes?perPage=1')).res.headers.get('link')).toContain('rel="last"');
  });

  test('GET /invoices/{n}: 2.2 with _links self, pdf, ehf, payments, creditNote; 404 when unknown', async () => {
    const r = await s.json(`/invoices/${n.partial}`);
    expect(r.body._links).toMatchObject({
      self: { uri: `/invoices/${n.partial}` },
      pdf: { uri: `/invoices/${n.partial}/pdf` },
      ehf: { uri: `/invoices/${n.partial}/ehf` },
      payments: { uri: `/invoices/${n.partial}/payments` },
      creditNote: { uri: `/invoices/${n.partial}/credit-note` },
    });
    expect((await s.json('/invoices/999999')).status).toBe(404);
    expect((await s.json('/invoices/abc')).status).toBe(400);
  });
});

describe('streaming whole lists', () => {
  test('without perPage all 1,234 invoices come back once each, in order, across keyset chunks of 500', async () => {
    const t = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
    try {
      for (let i = 0; i < 1234; i++) {
        await issueNew(t.app.ctx, 'invoice', { recipient: { number: i % 3 ? t.company : t.person }, invoiceDate: '2026-03-01', dueDate: i % 2 ? '2026-03-01' : '2026-04-01', items: [{ productCode: 'A1', quantity: 1 }, { productCode: 'MAT', quantity: 2 }] });
      }
      const res = await t.api('/invoices/');
      expect(res.headers.get('content-type')).toContain('application/json');
      const all = (await res.json()) as Array<{ number: number; items: unknown[] }>;
      expect(all).toHaveLength(1234);
      expect(all.map((x) => x.number)).toEqual(Array.from({ length: 1234 }, (_, i) => 10001 + 1233 - i));
      expect(all.every((x) => x.items.length === 2)).toBe(true);
      const due = (await t.json('/invoices/due')).body as Array<{ number: number }>;
      expect(due).toHaveLength(617);
      expect(new Set(due.map((x) => x.number)).size).toBe(617);
      expect((await t.json('/invoices/sums?state=due')).body.count).toBe(617);
      const deep = await t.json('/invoices/due?perPage=50&page=13');
      expect(nums(deep.body)).toEqual(due.slice(600, 617).map((x) => x.number));
    } finally {
      await t.close();
    }
  });
});
