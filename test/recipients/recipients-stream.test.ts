import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recipient, startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

// More recipients than one keyset chunk of the stream (500), many sharing a name, so chunks end inside a run of
// equal sort keys; a third carry a label.
const COUNT = 1234;
let s: TestServer;
let label = 0;

beforeAll(async () => {
  s = await startTestServer();
  label = (await s.json('/labels/', { body: { name: 'Faste' } })).body.number;
  const names = ['Berg AS', 'berg as', 'Ærlig Bakeri', 'Øst Regnskap', 'Åsen Rør', 'Élise Design', 'Alfa'];
  const batch = Array.from({ length: COUNT }, (_, i) =>
    recipient({
      name: names[i % names.length],
      customerNumber: `S${i}`,
      organisation: { form: 'prv' },
      contact: { address: { zip: '0150', city: 'OSLO' }, email: `k${i}@example.no` },
      ...(i % 3 === 0 ? { labels: [label] } : {}),
    }),
  );
  expect((await s.json('/recipients/', { body: batch })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

function parseLink(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (m) out[m[2]] = m[1];
  }
  return out;
}

/** Follows `next` links from the first page and joins the pages' items into one JSON array text. */
async function pagesJoined(path: string, perPage: number): Promise<{ text: string; pages: number }> {
  const parts: string[] = [];
  let url: string | undefined = `${path}${path.includes('?') ? '&' : '?'}perPage=${perPage}`;
  let pages = 0;
  while (url) {
    const res = await s.api(url);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('[') && text.endsWith(']')).toBe(true);
    if (text.length > 2) parts.push(text.slice(1, -1));
    pages++;
    url = parseLink(res.headers.get('link')).next;
  }
  return { text: `[${parts.join(',')}]`, pages };
}

describe('GET /recipients/ without perPage (streamed)', () => {
  test.each([
    ['every recipient', '/recipients/', COUNT],
    ['a search (q)', '/recipients/?q=berg', Array.from({ length: COUNT }, (_, i) => i % 7).filter((k) => k < 2).length],
    ['a label', `/recipients/?labelNumber=LABEL`, Math.ceil(COUNT / 3)],
  ])('%s: byte for byte the pages joined', async (_what, pathTemplate, expected) => {
    const path = pathTemplate.replace('LABEL', String(label));
    const res = await s.api(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('link')).toBeNull();
    const streamed = await res.text();
    const items = JSON.parse(streamed) as Array<{ number: number }>;
    expect(items).toHaveLength(expected);
    expect(new Set(items.map((r) => r.number)).size).toBe(items.length);
    for (const perPage of [1000, 37]) {
      const joined = await pagesJoined(path, perPage);
      expect(joined.pages).toBe(Math.max(1, Math.ceil(expected / perPage)));
      expect(joined.text === streamed, `perPage=${perPage}`).toBe(true);
    }
  });

  test('the stream is in Norwegian order, equal names by number', async () => {
    const items = (await s.json('/recipients/')).body as Array<{ name: string; number: number }>;
    const order = ['Alfa', 'Berg AS', 'Élise Design', 'Ærlig Bakeri', 'Øst Regnskap', 'Åsen Rør'];
    const rank = (n: string) => order.indexOf(n === 'berg as' ? 'Berg AS' : n);
    for (let i = 1; i < items.length; i++) {
      const a = items[i - 1];
      const b = items[i];
      expect(rank(a.name) < rank(b.name) || (rank(a.name) === rank(b.name) && a.number < b.number), `${i}`).toBe(true);
    }
  });
});

describe('the stream and its client', () => {
  test('carries the same security headers as every answer, and is not cut short when the client reads slowly', async () => {
    const res = await s.api('/recipients/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    let text = '';
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (let r = await reader.read(), n = 0; !r.done; r = await reader.read(), n++) {
      text += decoder.decode(r.value, { stream: true });
      if (n < 3) await new Promise((ok) => setTimeout(ok, 50)); // a slow start: the server waits (backpressure)
    }
    expect(JSON.parse(text)).toHaveLength(COUNT);
  });

  test('a client that leaves in the middle: the server goes on answering', async () => {
    const got = await new Promise<number>((resolve, reject) => {
      const req = request(`${s.base}/recipients/`, { headers: { authorization: `Bearer ${TEST_KEY}` } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy(); // gone after the first piece of a list of about a megabyte
          resolve(chunk.length);
        });
      });
      req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
      req.end();
    });
    expect(got).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const again = await s.json('/recipients/?perPage=5');
      expect(again.status).toBe(200);
      expect(again.body).toHaveLength(5);
    }
    expect(JSON.parse(await (await s.api('/recipients/')).text())).toHaveLength(COUNT);
  });
});

describe('Link header of a filtered page', () => {
  test('keeps labelNumber and q, and its pages walk exactly the filtered list', async () => {
    const path = `/recipients/?labelNumber=${label}&q=berg`;
    const all = (await s.json(path)).body as Array<{ number: number }>;
    expect(all.length).toBeGreaterThan(20);
    const r = await s.json(`${path}&perPage=20&page=2`);
    expect(r.status).toBe(200);
    const links = parseLink(r.res.headers.get('link'));
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev']);
    for (const rel of ['first', 'prev', 'next', 'last']) {
      const u = new URL(links[rel], s.base);
      expect(u.pathname, rel).toBe('/recipients/');
      expect(u.searchParams.get('labelNumber'), rel).toBe(String(label));
      expect(u.searchParams.get('q'), rel).toBe('berg');
      expect(u.searchParams.get('perPage'), rel).toBe('20');
    }
    expect(new URL(links.last, s.base).searchParams.get('page')).toBe(String(Math.ceil(all.length / 20)));
    const next = await s.json(links.next);
    expect(next.body.map((x: { number: number }) => x.number)).toEqual(all.slice(40, 60).map((x) => x.number));
  });

  test('keeps labelNumber=-1 (recipients without a label)', async () => {
    const r = await s.json('/recipients/?labelNumber=-1&perPage=100');
    expect(r.body).toHaveLength(100);
    const links = parseLink(r.res.headers.get('link'));
    for (const rel of ['first', 'next', 'last']) expect(new URL(links[rel], s.base).searchParams.get('labelNumber'), rel).toBe('-1');
  });
});
