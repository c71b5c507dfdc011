import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postPlace } from '../../main/domain/postcodes.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const create = async (over: Record<string, unknown> = {}) => {
  const r = await s.json('/recipients/', { body: recipient(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (await s.json(new URL(r.res.headers.get('location')!).pathname)).body;
};

describe('customer numbers', () => {
  test('a new customer without a number gets the next free one; given numbers are kept; a setting gives the first', async () => {
    expect((await create()).customerNumber).toBe('10001');
    expect((await create({ customerNumber: 'K-7' })).customerNumber).toBe('K-7');
    expect((await create()).customerNumber).toBe('10002');
    expect((await create({ customerNumber: '10500' })).customerNumber).toBe('10500');
    expect((await create()).customerNumber).toBe('10501');
    // a batch: consecutive numbers, none taken twice, around a given one
    const batch = await s.json('/recipients/', { body: [recipient({ name: 'A' }), recipient({ name: 'B', customerNumber: '10503' }), recipient({ name: 'C' })] });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const nums = await Promise.all((batch.body as string[]).map(async (l) => (await s.json(new URL(l).pathname)).body.customerNumber));
    expect(nums).toEqual(['10502', '10503', '10504']);
    // the first customer number from Settings
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { firstCustomerNumber: 20000 } } })).status).toBe(200);
    expect((await create()).customerNumber).toBe('20000');
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { firstCustomerNumber: 0 } } })).body.fields[0].field).toBe('invoicing.firstCustomerNumber');
    // the number is searchable like a given one
    expect((await s.json('/recipients/?q=20000')).body).toHaveLength(1);
  });
});

describe('postcodes', () => {
  test('the register shipped with the app knows Norwegian postcodes', () => {
    expect(postPlace('0150')).toBe('OSLO');
    expect(postPlace('5003')).toBe('BERGEN');
    expect(postPlace('9999')).toBeNull();
    expect(postPlace('12')).toBeNull();
  });

  test('a Norwegian city is stored as the register writes it; another city or a foreign address is kept as given', async () => {
    expect((await create({ contact: { address: { zip: '5003', city: 'bergen' } } })).contact.address.city).toBe('BERGEN');
    expect((await create({ contact: { address: { zip: '5003', city: 'Fana' } } })).contact.address.city).toBe('Fana');
    expect((await create({ contact: { address: { zip: '5003', city: 'bergen', country: 'SE' } } })).contact.address.city).toBe('bergen');
  });
});
