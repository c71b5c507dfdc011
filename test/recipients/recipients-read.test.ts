import { VIEW_COLUMNS, viewRowOf } from '../../main/features/recipients/recipients.read.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
const numbers: Record<string, number> = {};
let labelA = 0;
let labelB = 0;

// 25 recipients "Kunde 01".."Kunde 25", plus three that the search tests look for.
beforeAll(async () => {
  s = await startTestServer();
  labelA = (await s.json('/labels/', { body: { name: 'Storkunder' } })).body.number;
  labelB = (await s.json('/labels/', { body: { name: 'Offentlig' } })).body.number;
  const batch = Array.from({ length: 25 }, (_, i) =>
    recipient({ name: `Kunde ${String(i + 1).padStart(2, '0')}`, customerNumber: `K${i + 1}`, organisation: { form: 'prv' }, contact: { address: { zip: '0150', city: 'OSLO' } } }),
  );
  const r = await s.json('/recipients/', { body: batch });
  expect(r.status).toBe(201);
  const special = [
    recipient({ name: 'Åsen Rør AS', customerNumber: 'ROR-77', organisation: { form: 'as', number: '984851006' }, contact: { address: { zip: '5003', city: 'BERGEN' }, email: 'faktura@asenror.no' }, labels: [labelA] }),
    recipient({ name: 'Havbris Fisk AS', customerNumber: 'FISK-1', organisation: { form: 'as', number: '982463718' }, contact: { address: { zip: '9008', city: 'TROMSØ' }, email: 'post@havbris.no' }, labels: [labelA, labelB] }),
    recipient({ name: 'Tønsberg Kommune', customerNumber: 'TK', organisation: { form: 'pre', number: '914778271' }, contact: { address: { zip: '3110', city: 'TØNSBERG' }, email: 'postmottak@tonsberg.kommune.no' }, labels: [labelB] }),
  ];
  for (const body of special) {
    const c = await s.json('/recipients/', { body });
    expect(c.status).toBe(201);
    numbers[(body as unknown as { customerNumber: string }).customerNumber] = c.body.number;
  }
});
afterAll(async () => {
  await s.close();
});

const names = (list: Array<{ name: string }>) => list.map((r) => r.name);

function parseLink(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (m) out[m[2]] = m[1];
  }
  return out;
}

describe('GET /recipients/', () => {
  test('without perPage: the whole list, sorted by name, as a bare array', async () => {
    const r = await s.json('/recipients/');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body).toHaveLength(28);
    expect(r.res.headers.get('link')).toBeNull();
    const n = names(r.body);
    expect(n).toEqual([...n].sort((a, b) => (a < b ? -1 : 1)));
    expect(r.body[0]).toHaveProperty('_links.self.uri');
  });

  test('also without trailing slash', async () => {
    const r = await s.json('/recipients');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(28);
  });

  test('perPage/page: pages of the sorted list and a Link header with first, prev, next, last', async () => {
    const all = names((await s.json('/recipients/')).body);
    const p1 = await s.json('/recipients/?perPage=10');
    expect(names(p1.body)).toEqual(all.slice(0, 10));
    let links = parseLink(p1.res.headers.get('link'));
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next']);
    expect(links.next).toBe('/recipients/?perPage=10&page=2');
    expect(links.last).toBe('/recipients/?perPage=10&page=3');

    const p2 = await s.json(links.next);
    expect(names(p2.body)).toEqual(all.slice(10, 20));
    links = parseLink(p2.res.headers.get('link'));
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(new URL(links.prev, s.base).searchParams.get('page')).toBe('1');

    const p3 = await s.json(links.last);
    expect(names(p3.body)).toEqual(all.slice(20));
    links = parseLink(p3.res.headers.get('link'));
    expect(links.next).toBeUndefined();
    expect(links.prev).toBeDefined();
  });

  test('a page past the end is an empty array, still with links', async () => {
    const r = await s.json('/recipients/?perPage=10&page=9');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect(parseLink(r.res.headers.get('link')).last).toMatch(/page=3/);
  });

  test('the Link header keeps q and other parameters', async () => {
    const r = await s.json('/recipients/?q=kunde&perPage=10&page=2');
    expect(r.body).toHaveLength(10);
    const links = parseLink(r.res.headers.get('link'));
    for (const rel of ['first', 'prev', 'next', 'last']) {
      const u = new URL(links[rel], s.base);
      expect(u.searchParams.get('q'), rel).toBe('kunde');
      expect(u.searchParams.get('perPage'), rel).toBe('10');
    }
    const next = await s.json(links.next);
    expect(names(next.body)).toEqual(['Kunde 21', 'Kunde 22', 'Kunde 23', 'Kunde 24', 'Kunde 25']);
  });

  test.each([
    ['name, any case', 'havbris', ['Havbris Fisk AS']],
    ['name with Norwegian letters', 'åsen', ['Åsen Rør AS']],
    ['customer number', 'ror-77', ['Åsen Rør AS']],
    ['org number', '914778271', ['Tønsberg Kommune']],
    ['e-mail', 'post@havbris', ['Havbris Fisk AS']],
    ['part of an e-mail domain', 'kommune.no', ['Tønsberg Kommune']],
    ['nothing matching', 'zzz', []],
    ['LIKE wildcards taken literally', '%', []],
  ])('q searches %s', async (_what, q, expected) => {
    const r = await s.json(`/recipients/?q=${encodeURIComponent(q)}`);
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(expected);
  });

  test('labelNumber filters by label; -1 gives recipients without any label', async () => {
    expect(names((await s.json(`/recipients/?labelNumber=${labelA}`)).body)).toEqual(['Havbris Fisk AS', 'Åsen Rør AS']);
    expect(names((await s.json(`/recipients/?labelNumber=${labelB}`)).body)).toEqual(['Havbris Fisk AS', 'Tønsberg Kommune']);
    const none = (await s.json('/recipients/?labelNumber=-1')).body;
    expect(none).toHaveLength(25);
    expect(names(none).every((n: string) => n.startsWith('Kunde'))).toBe(true);
  });

  test('bad paging or filter parameters -> 400', async () => {
    for (const q of ['perPage=0', 'perPage=abc', 'page=0', 'labelNumber=-2', 'perPage=100000']) {
      const r = await s.json(`/recipients/?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.fields.length, q).toBeGreaterThan(0);
    }
  });
});

describe('GET /recipients/{number}', () => {
  test('the read shape with labels', async () => {
    const r = await s.json(`/recipients/${numbers['FISK-1']}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      number: numbers['FISK-1'],
      customerNumber: 'FISK-1',
      name: 'Havbris Fisk AS',
      contact: { address: { zip: '9008', city: 'TROMSØ', country: 'NORGE' }, email: 'post@havbris.no' },
      organisation: { form: 'as', number: '982463718' },
      labels: [
        { number: labelB, name: 'Offentlig' },
        { number: labelA, name: 'Storkunder' },
      ],
      deleted: false,
    });
  });
  test('with trailing slash too', async () => {
    expect((await s.json(`/recipients/${numbers['FISK-1']}/`)).status).toBe(200);
  });
  test('unknown number -> 404 with the error body', async () => {
    const r = await s.json('/recipients/999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'NOT_FOUND', code: 'NOT_FOUND', message: 'Recipient 999999 was not found', params: { entity: 'recipient', number: 999999 }, fields: [] });
  });
  test('a number that is not a number -> 400', async () => {
    expect((await s.json('/recipients/abc')).status).toBe(400);
    expect((await s.json('/recipients/0')).status).toBe(400);
  });
});

describe('GET /recipients/{number}/draftDocuments', () => {
  test('[] for a recipient without drafts, with and without trailing slash; 404 for an unknown recipient', async () => {
    const n = numbers['FISK-1'];
    const r = await s.json(`/recipients/${n}/draftDocuments`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect((await s.json(`/recipients/${n}/draftDocuments/`)).body).toEqual([]);
    const missing = await s.json('/recipients/999999/draftDocuments');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'NOT_FOUND', fields: [] });
    expect((await s.json('/recipients/abc/draftDocuments')).status).toBe(400);
  });
  test('the link in the read shape leads there', async () => {
    const r = await s.json(`/recipients/${numbers['TK']}`);
    expect((await s.json(r.body._links.draftDocuments.uri)).status).toBe(200);
  });
});

describe('PUT /recipients/{number}', () => {
  test('replaces the recipient under the same rules', async () => {
    const n = numbers['TK'];
    const r = await s.json(`/recipients/${n}`, {
      method: 'PUT',
      body: recipient({ name: 'Tønsberg kommune', customerNumber: 'TK', organisation: { form: 'pre', number: '914778271' }, contact: { address: { zip: '3111', city: 'TØNSBERG', country: 'norge' } }, settings: { creditDays: 30 } }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ number: n, name: 'Tønsberg kommune', contact: { address: { zip: '3111', country: 'NORGE' } }, settings: { creditDays: 30 } });
    expect((await s.json(`/recipients/${n}`)).body).toEqual(r.body);
  });
  test('an invalid field -> 400 naming it, and the stored recipient is unchanged', async () => {
    const n = numbers['ROR-77'];
    const before = (await s.json(`/recipients/${n}`)).body;
    for (const [body, field] of [
      [recipient({ name: 'x'.repeat(43) }), 'name'],
      [recipient({ organisation: { form: 'as', number: '988077918' } }), 'organisation.number'],
      [recipient({ settings: { discount: 1000 } }), 'settings.discount'],
      [recipient({ contact: { address: { zip: '0150', city: 'OSLO', country: 'NARNIA' } } }), 'contact.address.country'],
    ] as const) {
      const r = await s.json(`/recipients/${n}`, { method: 'PUT', body });
      expect(r.status, field).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await s.json(`/recipients/${n}`)).body).toEqual(before);
  });
  test("another recipient's customer number -> 409; keeping its own is fine", async () => {
    const n = numbers['ROR-77'];
    const taken = await s.json(`/recipients/${n}`, { method: 'PUT', body: recipient({ customerNumber: 'FISK-1' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toContainEqual({ field: 'customerNumber', code: 'CUSTOMER_NUMBER_TAKEN', message: expect.any(String), params: { value: 'FISK-1' } });
    const own = await s.json(`/recipients/${n}`, { method: 'PUT', body: recipient({ name: 'Åsen Rør AS', customerNumber: 'ROR-77', labels: [labelA] }) });
    expect(own.status).toBe(200);
  });
  test('unknown number -> 404', async () => {
    expect((await s.json('/recipients/999999', { method: 'PUT', body: recipient() })).status).toBe(404);
  });
  test('an array body -> 400', async () => {
    expect((await s.json(`/recipients/${numbers['TK']}`, { method: 'PUT', body: [recipient()] })).status).toBe(400);
  });
});

describe('DELETE /recipients/{number}', () => {
  test('a recipient without documents is deleted: 204, then 404, gone from the list', async () => {
    const c = await s.json('/recipients/', { body: recipient({ name: 'Kortvarig AS', customerNumber: 'GONE' }) });
    const n = c.body.number;
    const d = await s.api(`/recipients/${n}`, { method: 'DELETE' });
    expect(d.status).toBe(204);
    expect(await d.text()).toBe('');
    expect((await s.json(`/recipients/${n}`)).status).toBe(404);
    expect(names((await s.json('/recipients/?q=kortvarig')).body)).toEqual([]);
    expect((await s.api(`/recipients/${n}`, { method: 'DELETE' })).status).toBe(404);
    // the customer number is free again
    expect((await s.json('/recipients/', { body: recipient({ customerNumber: 'GONE' }) })).status).toBe(201);
  });
  test('unknown number -> 404', async () => {
    expect((await s.api('/recipients/999999', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('labels and custom fields', () => {
  test('labels: create, list with member counts, rename, 409 on a taken name, delete', async () => {
    const c = await s.json('/labels/', { body: { name: 'Nye' } });
    expect(c.status).toBe(201);
    expect(c.res.headers.get('location')).toBe(`${s.base}/labels/${c.body.number}`);
    const dup = await s.json('/labels/', { body: { name: 'Nye' } });
    expect(dup.status).toBe(409);
    expect(dup.body.fields).toContainEqual({ field: 'name', code: 'TAKEN', message: 'is taken' });
    const list = await s.json('/labels/');
    expect(list.body).toContainEqual({ number: labelA, name: 'Storkunder', recipients: 2 });
    expect(list.body).toContainEqual({ number: c.body.number, name: 'Nye', recipients: 0 });
    expect((await s.json(`/labels/${c.body.number}`, { method: 'PUT', body: { name: 'Storkunder' } })).status).toBe(409);
    const ren = await s.json(`/labels/${c.body.number}`, { method: 'PUT', body: { name: 'Nyere' } });
    expect(ren.status).toBe(200);
    expect(ren.body).toEqual({ number: c.body.number, name: 'Nyere' });
    expect((await s.api(`/labels/${c.body.number}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.api(`/labels/${c.body.number}`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.json('/labels/9999', { method: 'PUT', body: { name: 'X' } })).status).toBe(404);
    expect((await s.json('/labels/', { body: { name: '' } })).status).toBe(400);
    const blank = await s.json('/labels/', { body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual([{ field: 'name', code: 'EMPTY', message: 'must not be empty' }]);
    expect((await s.json(`/labels/${labelA}`, { method: 'PUT', body: { name: ' ' } })).status).toBe(400);
    expect((await s.json('/labels/')).body.map((l: { name: string }) => l.name)).not.toContain('');
  });

  test('a recipient with an unknown label -> 400 naming labels[i]', async () => {
    const r = await s.json('/recipients/', { body: recipient({ labels: [labelA, 9999] }) });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain('labels[1]');
  });

  test('deleting a label keeps its recipients', async () => {
    const l = await s.json('/labels/', { body: { name: 'Midlertidig' } });
    const c = await s.json('/recipients/', { body: recipient({ name: 'Merket AS', labels: [l.body.number] }) });
    expect(c.body.labels).toEqual([{ number: l.body.number, name: 'Midlertidig' }]);
    expect((await s.api(`/labels/${l.body.number}`, { method: 'DELETE' })).status).toBe(204);
    const after = await s.json(`/recipients/${c.body.number}`);
    expect(after.status).toBe(200);
    expect(after.body.labels).toEqual([]);
  });

  test('custom fields: create, list, update, delete; SELECT needs options', async () => {
    const c = await s.json('/custom-fields/', { body: { name: 'Region', type: 'SELECT', options: ['Nord', 'Sør'], required: false } });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ number: expect.any(Number), name: 'Region', type: 'SELECT', options: ['Nord', 'Sør'], required: false });
    expect((await s.json('/custom-fields/')).body).toContainEqual(c.body);
    const noOptions = await s.json('/custom-fields/', { body: { name: 'Tom', type: 'SELECT' } });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.fields.map((f: { field: string }) => f.field)).toContain('options');
    expect((await s.json('/custom-fields/', { body: { name: 'Feil', type: 'COLOR' } })).status).toBe(400);
    const blank = await s.json('/custom-fields/', { body: { name: '  ', type: 'TEXT' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toContainEqual({ field: 'name', code: 'EMPTY', message: 'must not be empty' });
    const u = await s.json(`/custom-fields/${c.body.number}`, { method: 'PUT', body: { name: 'Region', type: 'SELECT', options: ['Nord', 'Sør', 'Vest'] } });
    expect(u.status).toBe(200);
    expect(u.body.options).toEqual(['Nord', 'Sør', 'Vest']);
    const rec = await s.json('/recipients/', { body: recipient({ customFields: [{ number: c.body.number, value: 'Vest' }] }) });
    expect(rec.status).toBe(201);
    expect((await s.api(`/custom-fields/${c.body.number}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(`/recipients/${rec.body.number}`)).body.customFields).toEqual([]);
    expect((await s.api(`/custom-fields/${c.body.number}`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.json('/custom-fields/9999', { method: 'PUT', body: { name: 'X', type: 'TEXT' } })).status).toBe(404);
  });
});

test('the raw row of GET /recipients/{n} is mapped by position: each value lands on the column VIEW_COLUMNS names for it', () => {
  // SQLite's raw rows are values in the SELECT's column order; viewRowOf names them by hand, so a column added, removed
  // or moved in one list and not the other would put a value under the wrong name.
  const row = viewRowOf([...VIEW_COLUMNS]);
  expect(Object.keys(row).sort()).toEqual([...VIEW_COLUMNS].sort());
  for (const [k, v] of Object.entries(row)) expect(v).toBe(k);
});
