import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
let inv = 0;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  inv = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 3 }] }); // 4687.50
});
afterAll(async () => {
  await s.close();
});

const BAD_BODIES: unknown[] = [
  null, 'text', 42, [], [1, 2], {}, { recipient: null }, { recipient: { number: 'x' }, items: [] }, { recipient: { number: 1 } },
  { recipient: { number: 1 }, items: null }, { recipient: { number: 1 }, items: [null] }, { recipient: { number: 1 }, items: [{}] },
  { recipient: { number: 1 }, items: [{ quantity: 999999.999, unitPrice: 99999999.99 }] },
  { recipient: { number: 1 }, items: [{ quantity: 1e300, unitPrice: 1 }] },
  { recipient: { number: 1 }, items: [{ quantity: 1, unitPrice: -1e300 }] },
  { recipient: { number: 1 }, items: Array.from({ length: 501 }, () => ({ description: 'x', quantity: 1, unitPrice: 1 })) },
  { recipient: { number: 1 }, currency: 'nok', items: [] }, { recipient: { number: 1 }, invoiceDate: '2026-3-1', items: [] },
  { recipient: { number: 1 }, deliveryAddress: { country: 'ATLANTIS' }, items: [] }, { recipient: { number: 1 }, credit: true, creditedInvoiceNumber: 1, items: [] },
  { recipient: { number: 2 ** 53 }, items: [] }, { recipient: { number: -1 }, items: [] },
];

describe('bad input never gives a 5xx and never writes', () => {
  test.each(['/invoices/drafts/', '/invoices/', '/documents/preview-pdf'])('POST %s', async (path) => {
    for (const body of BAD_BODIES) {
      const r = await s.json(path, { body: body === null ? 'null' : body });
      expect(r.status, `${JSON.stringify(body)?.slice(0, 80)} -> ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body).toMatchObject({ error: expect.any(String), message: expect.any(String), fields: expect.any(Array) });
    }
    expect((await s.json('/invoices/drafts/')).body).toEqual([]);
    expect((await s.json('/invoices/')).body).toHaveLength(1);
  });

  test('payments, losses and credit notes', async () => {
    const cases: Array<[string, unknown]> = [
      [`/invoices/${inv}/payments`, {}], [`/invoices/${inv}/payments`, { date: 'x', amount: 'y' }], [`/invoices/${inv}/payments`, { date: '2026-01-01', amount: -5 }],
      [`/invoices/${inv}/payments`, { date: '2026-01-01', amount: 1e300 }], [`/invoices/${inv}/lost`, {}], [`/invoices/${inv}/lost`, { reason: 5 }],
      [`/invoices/${inv}/credit-note`, { items: [] }], [`/invoices/${inv}/credit-note`, { items: [{ description: 'x', quantity: 1, unitPrice: 1e300 }] }],
      [`/invoices/${inv}/credit-note`, 'text'], [`/invoices/${inv}/credit-note`, [1]],
      [`/invoices/${inv}/credit-note`, { items: [{ description: 'x', quantity: 999999.999, unitPrice: 99999999.99 }] }],
    ];
    for (const [path, body] of cases) {
      const r = await s.json(path, { body });
      expect(r.status, `${path} ${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await s.json(`/invoices/${inv}`)).body.currentBalance).toBe(4687.5);
    expect((await s.json(`/invoices/${inv}/payments`)).body).toEqual([]);
  });

  test('parallel partial credits never credit more than the invoice has left', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => s.json(`/invoices/${inv}/credit-note`, { body: { items: [{ productCode: 'A1', quantity: 1 }] } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    expect((await s.json(`/invoices/${inv}`)).body.currentBalance).toBe(0);
    expect((await s.json('/invoices/credit-notes')).body).toHaveLength(3);
  });
});
