/**
 * GET /recipients/numbers (issue 28): the numbers of every recipient the list's search and label find, in the list's
 * order, and how many match: Massefakturering's "select all N matches" takes these instead of every customer's row.
 * The same search as the list: an org number typed with spaces, a city, a phone number with spaces.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
let label = 0;

beforeAll(async () => {
  s = await startTestServer();
  label = (await s.json('/labels/', { body: { name: 'Medlemmer' } })).body.number;
  const many = Array.from({ length: 240 }, (_, i) =>
    recipient({
      name: `Medlem ${String(240 - i).padStart(3, '0')}`,
      organisation: { form: 'prv' },
      contact: { address: { zip: i % 3 ? '0150' : '5003', city: i % 3 ? 'OSLO' : 'BERGEN' } },
      labels: i % 2 ? [label] : [],
    }),
  );
  expect((await s.json('/recipients/', { body: many })).status).toBe(201);
  const special = recipient({ name: 'Åsen Rør AS', organisation: { form: 'as', number: '984851006' }, contact: { address: { zip: '5003', city: 'BERGEN' }, phone: '91234567' } });
  expect((await s.json('/recipients/', { body: special })).status).toBe(201);
});
afterAll(async () => {
  await s?.close();
});

/** Every number the list shows for the same query, page by page. */
async function listed(query: string): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; page <= 10; page++) {
    const r = await s.json(`/recipients/?perPage=50&page=${page}${query}`);
    expect(r.status).toBe(200);
    out.push(...(r.body as Array<{ number: number }>).map((x) => x.number));
    if (out.length >= Number(r.res.headers.get('x-total-count'))) break;
  }
  return out;
}

test('the numbers are exactly what the list shows for the same search and label, in its order, with the count', async () => {
  for (const query of ['', '&q=bergen', '&q=Medlem 1', `&labelNumber=${label}`, `&labelNumber=${label}&q=BERGEN`, '&labelNumber=-1']) {
    const r = await s.json(`/recipients/numbers?${query.slice(1)}`);
    expect(r.status, query).toBe(200);
    const expected = await listed(query);
    expect(r.body.numbers, query).toEqual(expected);
    expect(r.body.total, query).toBe(expected.length);
  }
  expect((await s.json('/recipients/numbers')).body.total).toBe(241);
  expect((await s.json('/recipients/numbers?q=bergen')).body.total).toBe(81);
});

test('an org number or a phone number typed with spaces finds the customer', async () => {
  const [org, phone] = await Promise.all([s.json('/recipients/numbers?q=984 851 006'), s.json('/recipients/numbers?q=912 34 567')]);
  expect(org.body.total).toBe(1);
  expect(phone.body.numbers).toEqual(org.body.numbers);
  expect((await s.json(`/recipients/${org.body.numbers[0]}`)).body.name).toBe('Åsen Rør AS');
});

test('a bad label number is a 400 naming it; a search with no match is an empty list', async () => {
  const bad = await s.json('/recipients/numbers?labelNumber=x');
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('labelNumber');
  expect((await s.json('/recipients/numbers?q=finnes ikke')).body).toEqual({ numbers: [], total: 0 });
});
