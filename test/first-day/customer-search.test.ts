import { afterAll, beforeAll, expect, test } from 'vitest';
import { up as migrate0023 } from '../../db/migrations/0023_first_day.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

// Kunder's search as the list shows the numbers: an org number with its spaces, a phone number as it is written, the
// city (Poststed). In SQL and paged, as the list is (X-Total-Count counts what matched).
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  const customers = [
    recipient({ name: 'Midtbyen Takst AS', organisation: { form: 'as', icd: 9908, number: '989743309' }, contact: { address: { address1: 'Kongens gate 2', zip: '7011', city: 'TRONDHEIM' }, phone: '73 50 12 34' } }),
    recipient({ name: 'Bærum Bakeri', organisation: { form: 'enk', icd: 9908, number: '923609016' }, contact: { address: { address1: 'Sandvika 1', zip: '1337', city: 'SANDVIKA' }, mobile: '+47 912 34 567' } }),
    recipient({ name: 'Ålesund Fisk AS', organisation: { form: 'prv' }, contact: { address: { address1: 'Kaia 3', zip: '6002', city: 'ÅLESUND' } } }),
  ];
  for (const c of customers) expect((await s.json('/recipients/', { body: c })).status).toBe(201);
});
afterAll(async () => {
  await s?.close();
});

async function names(q: string): Promise<string[]> {
  const r = await s.json(`/recipients/?q=${encodeURIComponent(q)}&perPage=2`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(Number(r.res.headers.get('x-total-count'))).toBe(r.body.length);
  return r.body.map((c: { name: string }) => c.name);
}

test('an org number typed as the list shows it ("989 743 309") finds the customer, and so does the part of it', async () => {
  expect(await names('989 743 309')).toEqual(['Midtbyen Takst AS']);
  expect(await names('989743309')).toEqual(['Midtbyen Takst AS']);
  expect(await names('743 309')).toEqual(['Midtbyen Takst AS']);
});

test('phone and mobile are searchable as written, with or without spaces', async () => {
  expect(await names('73 50 12 34')).toEqual(['Midtbyen Takst AS']);
  expect(await names('73501234')).toEqual(['Midtbyen Takst AS']);
  expect(await names('912 34 567')).toEqual(['Bærum Bakeri']);
  expect(await names('+47 912')).toEqual(['Bærum Bakeri']);
});

test('the city (Poststed) is searchable, any case, Æ Ø Å included', async () => {
  expect(await names('trondheim')).toEqual(['Midtbyen Takst AS']);
  expect(await names('Sandvika')).toEqual(['Bærum Bakeri']);
  expect(await names('ålesund')).toEqual(['Ålesund Fisk AS']);
});

test('a changed customer is found by the new city and phone, no longer by the old', async () => {
  const found = await s.json(`/recipients/?q=${encodeURIComponent('Bærum')}`);
  const number = found.body[0].number;
  const current = (await s.json(`/recipients/${number}`)).body;
  const put = await s.json(`/recipients/${number}`, {
    method: 'PUT',
    body: recipient({ name: 'Bærum Bakeri', organisation: { form: 'enk', icd: 9908, number: '923609016' }, contact: { address: { address1: 'Torget 1', zip: '1300', city: 'SANDVIKA' }, phone: '67 55 44 33' }, customerNumber: current.customerNumber }),
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect(await names('67 55 44 33')).toEqual(['Bærum Bakeri']);
  expect(await names('912 34 567')).toEqual([]);
});

test('customers written before this version are found by city and phone once the database is migrated (0023)', async () => {
  const db = s.app.ctx.db;
  // As an older version wrote it: name, customer number, org number and e-mail only.
  const rows = await db.selectFrom('recipients').select(['number', 'name', 'customer_number', 'org_number', 'email']).execute();
  for (const r of rows) {
    const old = [r.name, r.customer_number, r.org_number, r.email].filter(Boolean).join(' ').toLowerCase();
    await db.updateTable('recipients').set({ search_text: old }).where('number', '=', r.number).execute();
  }
  expect(await names('trondheim')).toEqual([]);
  await migrate0023(db);
  expect(await names('trondheim')).toEqual(['Midtbyen Takst AS']);
  expect(await names('73 50 12 34')).toEqual(['Midtbyen Takst AS']);
});
