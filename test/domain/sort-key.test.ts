import { afterAll, beforeAll, expect, test } from 'vitest';
import { norwegianSortKey } from '../../main/domain/sort-key.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

const NAMES = ['Åse Berg', 'Zeta Data AS', 'Øyvind Lie', 'anders hansen', 'Ærlig Bygg AS', 'Émile Moreau', 'Bakke AS'];
const NORWEGIAN_ORDER = ['anders hansen', 'Bakke AS', 'Émile Moreau', 'Zeta Data AS', 'Ærlig Bygg AS', 'Øyvind Lie', 'Åse Berg'];

test('the sort key orders names as a Norwegian reader expects', () => {
  const sorted = [...NAMES].sort((a, b) => (norwegianSortKey(a) < norwegianSortKey(b) ? -1 : 1));
  expect(sorted).toEqual(NORWEGIAN_ORDER);
});

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

test('the recipient list is in Norwegian alphabetical order, paged and streamed alike', async () => {
  expect((await s.json('/recipients/', { body: NAMES.map((name) => recipient({ name })) })).status).toBe(201);
  const all = await s.json('/recipients/');
  expect(all.body.map((r: { name: string }) => r.name)).toEqual(NORWEGIAN_ORDER);
  const names: string[] = [];
  for (let page = 1; page <= 3; page++) names.push(...(await s.json(`/recipients/?perPage=3&page=${page}`)).body.map((r: { name: string }) => r.name));
  expect(names).toEqual(NORWEGIAN_ORDER);
});
