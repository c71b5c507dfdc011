import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

let seq = 0;
/** A valid recipient with a customer number nobody else in this file uses. */
const fresh = (over: Record<string, unknown> = {}) => recipient({ customerNumber: `C-${++seq}`, ...over });
const withAddress = (address: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  fresh({ contact: { address: { zip: '0150', city: 'OSLO', ...address } }, ...over });
const withContact = (contact: Record<string, unknown>) => fresh({ contact: { address: { zip: '0150', city: 'OSLO' }, ...contact } });

/** How many recipients there are: the list's X-Total-Count (all matches), without reading them all (1,200 and more later). */
async function count(): Promise<number> {
  const r = await s.json<unknown[]>('/recipients/?perPage=1');
  expect(r.status).toBe(200);
  const total = r.res.headers.get('x-total-count');
  expect(total).toMatch(/^\d+$/);
  expect(r.body.length).toBe(Math.min(1, Number(total)));
  return Number(total);
}

/** POST and expect a 400 naming exactly this field (among possibly others), with the documented error body. */
async function expect400(body: unknown, field: string, path = '/recipients/', method = 'POST') {
  const before = await count();
  const r = await s.json(path, { method, body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ error: expect.any(String), message: expect.any(String), fields: expect.any(Array) });
  for (const f of r.body.fields) expect(f).toEqual({ field: expect.any(String), code: expect.stringMatching(/^[A-Z][A-Z_]*$/), message: expect.any(String), ...('params' in f ? { params: expect.any(Object) } : {}) });
  expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  expect(await count()).toBe(before);
  return r.body;
}

async function expect201(body: unknown) {
  const r = await s.json('/recipients/', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r;
}

describe('POST /recipients/ with one recipient', () => {
  test('201, absolute Location to /recipients/N and the read shape as body', async () => {
    const r = await expect201(fresh({ customerNumber: 'K-100', yourReference: 'Kari', comment: 'Good customer', settings: { discount: 12.5, creditDays: 20, defaultShipment: 'EMAIL', currency: 'EUR', attachPdf: false, autoDunningsEnabled: false } }));
    const location = r.res.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${s.port}/recipients/(\\d+)$`));
    const number = Number(location.split('/').pop());
    expect(r.body).toMatchObject({
      number,
      customerNumber: 'K-100',
      name: 'Fjord Bygg AS',
      contact: {
        address: { address1: 'Strandveien 1', address2: null, zip: '0150', city: 'OSLO', country: 'NORGE' },
        email: 'post@fjordbygg.no',
        phone: null,
      },
      organisation: { form: 'as', icd: 9908, number: '923609016' },
      settings: { discount: 12.5, creditDays: 20, attachPdf: false, defaultShipment: 'EMAIL', autoDunningsEnabled: false, currency: 'EUR' },
      yourReference: 'Kari',
      comment: 'Good customer',
      customFields: [],
      labels: [],
      deleted: false,
      _links: { self: { uri: `/recipients/${number}` }, draftDocuments: { uri: `/recipients/${number}/draftDocuments` } },
    });
    // The Location leads to the same recipient.
    const got = await s.json(new URL(location).pathname);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
  });

  test('without trailing slash too', async () => {
    const r = await s.json('/recipients', { body: fresh() });
    expect(r.status).toBe(201);
    expect(r.res.headers.get('location')).toMatch(/\/recipients\/\d+$/);
  });
});

describe('POST /recipients/ with an array', () => {
  test('201, body = absolute links in order, no Location header', async () => {
    const names = ['Alfa AS', 'Bravo AS', 'Charlie AS'];
    const r = await expect201(names.map((name) => fresh({ name })));
    expect(r.res.headers.get('location')).toBeNull();
    expect(r.body).toHaveLength(3);
    for (const link of r.body) expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${s.port}/recipients/\\d+$`));
    const got = await Promise.all(r.body.map((l: string) => s.json(new URL(l).pathname)));
    expect(got.map((g) => g.body.name)).toEqual(names);
  });

  test('one bad element: 400 naming [i].field, and nothing written', async () => {
    const body = await expect400([fresh(), fresh(), fresh({ name: 'x'.repeat(43) }), fresh()], '[2].name');
    expect(body.fields.every((f: { field: string }) => f.field.startsWith('[2].'))).toBe(true);
  });

  test('a business rule failing in one element (org number) is named the same way and writes nothing', async () => {
    await expect400([fresh(), fresh({ organisation: { form: 'as', number: '123456789' } })], '[1].organisation.number');
  });

  test('errors in several elements are all named', async () => {
    const body = await expect400([fresh({ name: '' }), fresh(), withAddress({ zip: undefined })], '[0].name');
    expect(body.fields.map((f: { field: string }) => f.field)).toContain('[2].contact.address.zip');
  });

  test('an empty array is a 400', async () => {
    const r = await s.json('/recipients/', { body: [] });
    expect(r.status).toBe(400);
  });
});

describe('length limits of spec 2.1 (at the limit ok, one more 400)', () => {
  const cases: Array<[string, number, (v: string) => unknown]> = [
    ['name', 42, (v) => fresh({ name: v })],
    ['contact.address.address1', 42, (v) => withAddress({ address1: v })],
    ['contact.address.address2', 42, (v) => withAddress({ address2: v })],
    // 8 characters are possible only abroad: a Norwegian postcode has 4 digits
    ['contact.address.zip', 8, (v) => withAddress({ zip: v, country: 'SVERIGE' })],
    ['contact.address.city', 36, (v) => withAddress({ city: v })],
    ['contact.email', 64, (v) => withContact({ email: v.slice(0, v.length - 11) + '@example.no' })],
    ['contact.phone', 64, (v) => withContact({ phone: v })],
    ['contact.mobile', 64, (v) => withContact({ mobile: v })],
    ['contact.fax', 64, (v) => withContact({ fax: v })],
    ['contact.web', 128, (v) => withContact({ web: v })],
    ['customerNumber', 32, (v) => fresh({ customerNumber: `${++seq}-`.padEnd(v.length, 'x') })],
    ['yourReference', 64, (v) => fresh({ yourReference: v })],
  ];
  test.each(cases)('%s: %i', async (field, limit, make) => {
    const ok = await expect201(make('a'.repeat(limit)));
    expect(ok.body).toBeTruthy();
    const body = await expect400(make('a'.repeat(limit + 1)), field);
    // The stable code and its parameter (what the GUI translates), and the English message built from them
    expect(body.fields.find((f: { field: string }) => f.field === field)).toEqual({ field, code: 'TOO_LONG', message: `must be at most ${limit} characters`, params: { max: limit } });
    expect(body).toMatchObject({ error: 'VALIDATION_ERROR', code: 'VALIDATION_ERROR', params: { fields: expect.stringContaining(field) } });
  });

  test('the stored value at the limit comes back whole', async () => {
    const r = await expect201(fresh({ name: 'Æ'.repeat(42) }));
    expect(r.body.name).toBe('Æ'.repeat(42));
  });
});

describe('mandatory fields', () => {
  test.each([
    ['name', () => { const r: any = fresh(); delete r.name; return r; }],
    ['contact', () => { const r: any = fresh(); delete r.contact; return r; }],
    ['contact.address', () => fresh({ contact: { email: 'a@b.no' } })],
    ['contact.address.zip', () => withAddress({ zip: undefined })],
    ['contact.address.city', () => withAddress({ city: undefined })],
  ])('%s missing -> 400', async (field, make) => {
    await expect400(make(), field);
  });
  test.each([
    ['name', () => fresh({ name: '   ' })],
    ['contact.address.zip', () => withAddress({ zip: '' })],
    ['contact.address.city', () => withAddress({ city: ' ' })],
  ])('%s blank -> 400', async (field, make) => {
    await expect400(make(), field);
  });
});

describe('country', () => {
  test('defaults to NORGE', async () => {
    const r = await expect201(withAddress({}));
    expect(r.body.contact.address.country).toBe('NORGE');
  });
  test.each([['norge', 'NORGE'], ['Sverige', 'SVERIGE'], ['FÆRØYENE', 'FÆRØYENE'], ['færøyene', 'FÆRØYENE']])('%s is accepted as %s', async (given, shown) => {
    const r = await expect201(withAddress({ country: given, zip: shown === 'NORGE' ? '0150' : '12345' }));
    expect(r.body.contact.address.country).toBe(shown);
  });
  test('unknown country -> 400', async () => {
    await expect400(withAddress({ country: 'NARNIA' }), 'contact.address.country');
  });
  test('a Norwegian postcode must have 4 digits', async () => {
    await expect400(withAddress({ zip: '01500' }), 'contact.address.zip');
  });
});

describe('organisation', () => {
  const FORMS = ['ans', 'as', 'asa', 'ba', 'bblbrl', 'da', 'enk', 'esek', 'fli', 'gfs', 'iks', 'kffkf', 'ks', 'pre', 'prv', 'sa', 'sti', 'ue'];
  test('all 18 organisation forms are accepted', async () => {
    const r = await expect201(FORMS.map((form) => fresh({ organisation: { form, number: form === 'prv' ? null : '923609016' } })));
    expect(r.body).toHaveLength(18);
    const first = await s.json(new URL(r.body[0]).pathname);
    expect(first.body.organisation.form).toBe('ans');
  });
  test('an unknown form -> 400', async () => {
    await expect400(fresh({ organisation: { form: 'gmbh', number: '923609016' } }), 'organisation.form');
  });
  test('prv needs no organisation number', async () => {
    const r = await expect201(fresh({ organisation: { form: 'prv' } }));
    expect(r.body.organisation).toEqual({ form: 'prv', icd: null, number: null });
  });
  test.each(['123456789', '988077918', '000000000', '12345678', '92360901A'])('invalid org number %s -> 400 naming organisation.number', async (number) => {
    const body = await expect400(fresh({ organisation: { form: 'as', number } }), 'organisation.number');
    expect(body.fields.find((f: { field: string }) => f.field === 'organisation.number').code).toBe('INVALID_ORG_NUMBER');
  });
  test('a valid number written with spaces is stored normalised', async () => {
    const r = await expect201(fresh({ organisation: { form: 'as', number: '923 609 016' } }));
    expect(r.body.organisation.number).toBe('923609016');
  });
  test.each([9908, 192])('icd %i is accepted', async (icd) => {
    const r = await expect201(fresh({ organisation: { form: 'as', icd, number: '984851006' } }));
    expect(r.body.organisation.icd).toBe(icd);
  });
  test('icd of more than 4 digits or not a number -> 400', async () => {
    await expect400(fresh({ organisation: { form: 'as', icd: 99080, number: '984851006' } }), 'organisation.icd');
    await expect400(fresh({ organisation: { form: 'as', icd: '9908', number: '984851006' } }), 'organisation.icd');
  });
});

describe('settings', () => {
  test.each([12.5, 0, 999.99, 0.1 + 0.2])('discount %d is accepted', async (discount) => {
    const r = await expect201(fresh({ settings: { discount } }));
    expect(r.body.settings.discount).toBe(Math.round(discount * 100) / 100);
  });
  test.each([1000, 1.234, -1, 999.9899])('discount %d -> 400', async (discount) => {
    await expect400(fresh({ settings: { discount } }), 'settings.discount');
  });
  test('creditDays negative -> 400; null and 0 are fine', async () => {
    await expect400(fresh({ settings: { creditDays: -1 } }), 'settings.creditDays');
    await expect400(fresh({ settings: { creditDays: 1.5 } }), 'settings.creditDays');
    expect((await expect201(fresh({ settings: { creditDays: null } }))).body.settings.creditDays).toBeNull();
    expect((await expect201(fresh({ settings: { creditDays: 0 } }))).body.settings.creditDays).toBe(0);
  });
  test('defaultShipment SNAIL or EMAIL only', async () => {
    expect((await expect201(fresh({ settings: { defaultShipment: 'SNAIL' } }))).body.settings.defaultShipment).toBe('SNAIL');
    expect((await expect201(fresh({ settings: { defaultShipment: 'EMAIL' } }))).body.settings.defaultShipment).toBe('EMAIL');
    await expect400(fresh({ settings: { defaultShipment: 'EHF' } }), 'settings.defaultShipment');
    await expect400(fresh({ settings: { defaultShipment: 'email' } }), 'settings.defaultShipment');
  });
  test('currency must be one of /common/currency/exchangeRates; a newly entered rate makes it valid', async () => {
    const rates = await s.json<Array<{ currency: string }>>('/common/currency/exchangeRates');
    expect(rates.body.map((r) => r.currency)).not.toContain('JPY');
    await expect400(fresh({ settings: { currency: 'JPY' } }), 'settings.currency');
    await expect400(fresh({ settings: { currency: 'EURO' } }), 'settings.currency');
    const put = await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'JPY', rate: 0.068, date: '2026-03-14' } });
    expect(put.status).toBe(200);
    expect((await expect201(fresh({ settings: { currency: 'JPY' } }))).body.settings.currency).toBe('JPY');
  });
  test('booleans must be booleans', async () => {
    await expect400(fresh({ settings: { attachPdf: 'yes' } }), 'settings.attachPdf');
    await expect400(fresh({ settings: { autoDunningsEnabled: 1 } }), 'settings.autoDunningsEnabled');
  });
});

describe('customer number', () => {
  test('a taken customer number -> 409 naming customerNumber; nothing written', async () => {
    await expect201(fresh({ customerNumber: 'TAKEN-1' }));
    const before = await count();
    const r = await s.json('/recipients/', { body: fresh({ customerNumber: 'TAKEN-1' }) });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(r.body.fields).toContainEqual({ field: 'customerNumber', code: 'CUSTOMER_NUMBER_TAKEN', message: 'customer number TAKEN-1 is taken', params: { value: 'TAKEN-1' } });
    expect(await count()).toBe(before);
  });
  test('a taken customer number in a batch -> 409 naming [i].customerNumber; nothing written', async () => {
    const before = await count();
    const r = await s.json('/recipients/', { body: [fresh(), fresh({ customerNumber: 'TAKEN-1' })] });
    expect(r.status).toBe(409);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain('[1].customerNumber');
    expect(await count()).toBe(before);
  });
  test('a taken customer number deep in a batch of 1,200 (full chunks of 500 numbers looked up) -> 409 naming it; nothing written', async () => {
    await expect201(fresh({ customerNumber: 'TAKEN-DEEP' }));
    const before = await count();
    const body = Array.from({ length: 1200 }, (_, i) => fresh(i === 700 ? { customerNumber: 'TAKEN-DEEP' } : {}));
    const r = await s.json('/recipients/', { body });
    expect(r.status).toBe(409);
    expect(r.body.fields).toEqual([{ field: '[700].customerNumber', code: 'CUSTOMER_NUMBER_TAKEN', message: 'customer number TAKEN-DEEP is taken', params: { value: 'TAKEN-DEEP' } }]);
    expect(await count()).toBe(before);
    // The same batch without the taken number is stored whole.
    body[700] = fresh();
    expect((await s.json<string[]>('/recipients/', { body })).body).toHaveLength(1200);
    expect(await count()).toBe(before + 1200);
  });
  test('the same customer number twice within one batch -> 409; nothing written', async () => {
    const before = await count();
    const r = await s.json('/recipients/', { body: [fresh({ customerNumber: 'TWICE' }), fresh(), fresh({ customerNumber: 'TWICE' })] });
    expect(r.status).toBe(409);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain('[2].customerNumber');
    expect(await count()).toBe(before);
  });
  test('ten concurrent creations with the same customer number: exactly one 201, nine 409, never a 5xx', async () => {
    const before = await count();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => s.json('/recipients/', { body: recipient({ name: `Samtidig ${i}`, customerNumber: 'RACE-1' }) })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await count()).toBe(before + 1);
  });
  test('concurrent batches sharing one customer number: one wins whole, the other writes nothing', async () => {
    const before = await count();
    const batch = (tag: string) => [fresh({ name: `${tag} 1` }), fresh({ name: `${tag} 2`, customerNumber: 'RACE-2' }), fresh({ name: `${tag} 3` })];
    const [a, b] = await Promise.all([s.json('/recipients/', { body: batch('A') }), s.json('/recipients/', { body: batch('B') })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await count()).toBe(before + 3);
  });
  test('recipients without customer number do not collide', async () => {
    const a = recipient();
    const r = await expect201([a, a]);
    expect(r.body).toHaveLength(2);
  });
});

describe('custom fields', () => {
  const defs: Record<string, number> = {};
  beforeAll(async () => {
    for (const [name, type, extra] of [
      ['Avdeling', 'TEXT', {}],
      ['Aktiv', 'BOOLEAN', {}],
      ['Ansatte', 'NUMBER', {}],
      ['Kunde siden', 'DATE', {}],
      ['Segment', 'SELECT', { options: ['Privat', 'Bedrift'] }],
    ] as const) {
      const r = await s.json('/custom-fields/', { body: { name, type, ...extra } });
      expect(r.status).toBe(201);
      defs[type] = r.body.number;
    }
  });

  test('values of every type are stored and read back with name and type', async () => {
    const r = await expect201(
      fresh({
        customFields: [
          { number: defs.TEXT, value: 'Salg' },
          { number: defs.BOOLEAN, value: true },
          { number: defs.NUMBER, value: 12 },
          { number: defs.DATE, value: '2024-02-29' },
          { number: defs.SELECT, value: 'Bedrift' },
        ],
      }),
    );
    expect(r.body.customFields).toEqual([
      { number: defs.TEXT, name: 'Avdeling', type: 'TEXT', value: 'Salg' },
      { number: defs.BOOLEAN, name: 'Aktiv', type: 'BOOLEAN', value: true },
      { number: defs.NUMBER, name: 'Ansatte', type: 'NUMBER', value: 12 },
      { number: defs.DATE, name: 'Kunde siden', type: 'DATE', value: '2024-02-29' },
      { number: defs.SELECT, name: 'Segment', type: 'SELECT', value: 'Bedrift' },
    ]);
  });

  test.each([
    ['TEXT', 5],
    ['BOOLEAN', 'yes'],
    ['NUMBER', 'many'],
    ['DATE', '2026-02-30'],
    ['DATE', '15.03.2026'],
    ['SELECT', 'Offentlig'],
  ])('wrong value for %s (%j) -> 400 naming customFields[i].value', async (type, value) => {
    const first = type === 'TEXT' ? { number: defs.NUMBER, value: 3 } : { number: defs.TEXT, value: 'ok' };
    await expect400(fresh({ customFields: [first, { number: defs[type], value }] }), 'customFields[1].value');
  });

  test('an unknown custom field number -> 400', async () => {
    await expect400(fresh({ customFields: [{ number: 9999, value: 'x' }] }), 'customFields[0].number');
  });

  test('a required custom field: missing -> 400, empty -> 400, given -> 201', async () => {
    const def = await s.json('/custom-fields/', { body: { name: 'Prosjekt', type: 'TEXT', required: true } });
    expect(def.status).toBe(201);
    try {
      await expect400(fresh(), 'customFields');
      await expect400(fresh({ customFields: [{ number: def.body.number }] }), 'customFields[0].value');
      await expect400(fresh({ customFields: [{ number: def.body.number, value: '' }] }), 'customFields[0].value');
      await expect201(fresh({ customFields: [{ number: def.body.number, value: 'P-1' }] }));
    } finally {
      expect((await s.api(`/custom-fields/${def.body.number}`, { method: 'DELETE' })).status).toBe(204);
    }
  });
});

describe('wrong types', () => {
  test.each([
    ['name', () => fresh({ name: 42 })],
    ['contact', () => fresh({ contact: 'Oslo' })],
    ['contact.address.zip', () => withAddress({ zip: 150 })],
    ['organisation.number', () => fresh({ organisation: { form: 'as', number: 923609016 } })],
    ['settings.discount', () => fresh({ settings: { discount: '10' } })],
    ['customFields', () => fresh({ customFields: { number: 1 } })],
  ])('%s of the wrong type -> 400', async (field, make) => {
    await expect400(make(), field);
  });
  test.each([['null', 'null'], ['a string', '"recipient"'], ['a number', '42'], ['an array of strings', '["a"]']])('a body that is %s -> 400', async (_what, text) => {
    const r = await s.json('/recipients/', { body: text });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual(expect.any(String));
  });
});
