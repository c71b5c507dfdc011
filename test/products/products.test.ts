import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const product = (over: Record<string, unknown> = {}) => ({ code: 'KONS', description: 'Konsulenttime', unitPrice: 1250.5, taxRate: 25, unit: 'timer', ...over });

describe('products', () => {
  test('POST one: 201 + absolute Location, body is the product with the price in kroner', async () => {
    const r = await s.json('/products/', { body: product() });
    expect(r.status).toBe(201);
    const loc = r.res.headers.get('location')!;
    expect(loc).toMatch(new RegExp(`^${s.base}/products/\\d+$`));
    expect(r.body).toMatchObject({ code: 'KONS', description: 'Konsulenttime', unitPrice: 1250.5, taxRate: 25, vatCategory: 'S', unit: 'timer', exemptionReason: null });
    const g = await s.json(new URL(loc).pathname);
    expect(g.status).toBe(200);
    expect(g.body).toEqual(r.body);
  });

  test('POST an array: 201 with absolute links; all or nothing', async () => {
    const r = await s.json('/products', { body: [product({ code: 'B1' }), product({ code: 'B2', taxRate: 15 })] });
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(2);
    for (const link of r.body) expect(link).toMatch(new RegExp(`^${s.base}/products/\\d+$`));
    const bad = await s.json('/products/', { body: [product({ code: 'B3' }), product({ code: 'TOO-LONG-CODE', description: 'x'.repeat(76), taxRate: 10 })] });
    expect(bad.status).toBe(400);
    const fields = bad.body.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['[1].code', '[1].description', '[1].taxRate']));
    expect((await s.json('/products/?q=B3')).body).toEqual([]);
  });

  test('a taken code is 409, also within a batch and on PUT', async () => {
    const dup = await s.json('/products/', { body: product() });
    expect(dup.status).toBe(409);
    expect(dup.body.fields[0].field).toBe('code');
    const batch = await s.json('/products/', { body: [product({ code: 'C1' }), product({ code: 'C1' })] });
    expect(batch.status).toBe(409);
    expect((await s.json('/products/?q=C1')).body).toEqual([]);
    const other = await s.json('/products/', { body: product({ code: 'C2' }) });
    const put = await s.json(new URL(other.res.headers.get('location')!).pathname, { method: 'PUT', body: product({ code: 'KONS' }) });
    expect(put.status).toBe(409);
  });

  test('VAT rules: 0 % needs Z or E, E needs a reason, S needs a rate; price with 2 decimals', async () => {
    const r = await s.json('/products/', {
      body: [
        product({ code: 'Z1', taxRate: 0, vatCategory: 'S' }),
        product({ code: 'E1', taxRate: 0, vatCategory: 'E' }),
        product({ code: 'E2', taxRate: 25, vatCategory: 'E', exemptionReason: 'x' }),
        product({ code: 'P1', unitPrice: 1.001 }),
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['[0].vatCategory', '[1].exemptionReason', '[2].vatCategory', '[3].unitPrice']);
    const ok = await s.json('/products/', { body: [product({ code: 'Z2', taxRate: 0 }), product({ code: 'E3', taxRate: 0, vatCategory: 'E', exemptionReason: 'Unntatt, mval. § 3-11' })] });
    expect(ok.status).toBe(201);
    const z = await s.json(new URL(ok.body[0]).pathname);
    expect(z.body.vatCategory).toBe('Z');
  });

  test('GET list is sorted by code, searchable and paged with a Link header', async () => {
    const all = await s.json('/products/');
    expect(all.status).toBe(200);
    const codes = all.body.map((p: { code: string }) => p.code);
    expect(codes).toEqual([...codes].sort());
    const page = await s.json('/products/?perPage=2&page=2');
    expect(page.body).toHaveLength(2);
    expect(page.body[0].code).toBe(codes[2]);
    expect(page.res.headers.get('link')).toContain('rel="next"');
    expect((await s.json('/products/?q=konsulent')).body.length).toBe(codes.length); // all have that description
    expect((await s.json('/products/?q=z2')).body.map((p: { code: string }) => p.code)).toEqual(['Z2']);
  });

  test('PUT replaces, DELETE removes; unknown numbers are 404', async () => {
    const r = await s.json('/products/', { body: product({ code: 'D1' }) });
    const path = new URL(r.res.headers.get('location')!).pathname;
    const put = await s.json(path, { method: 'PUT', body: product({ code: 'D1', description: 'Endret', unitPrice: 99, taxRate: 15 }) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ code: 'D1', description: 'Endret', unitPrice: 99, taxRate: 15 });
    expect((await s.api(path, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(path)).status).toBe(404);
    expect((await s.json('/products/999999')).status).toBe(404);
    expect((await s.json('/products/999999', { method: 'PUT', body: product({ code: 'X' }) })).status).toBe(404);
  });
});
