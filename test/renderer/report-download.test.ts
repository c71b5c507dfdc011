/**
 * Rapporter's download picks its way by where it runs: inside Electron (a `window.api` from the preload) the file goes
 * through `api.save`, which the main process writes to the chosen path chunk by chunk (main/ipc-files.ts), and nothing
 * is fetched or collected in the window; in a browser it is a streamed fetch handed to the browser as a download.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../renderer/src/api/client';
import { download, type ReportInfo } from '../../renderer/src/features/reports/reports-api';

const report: ReportInfo = {
  resource: 'invoices',
  group: 'sales',
  title: 'Fakturaer',
  formats: ['CSV', 'XLS'],
  params: ['from', 'to'],
  required: [],
  fixedColumns: false,
  columns: [],
};
const values = { from: '2026-01-01', to: '2026-12-31', number: null };
const g = globalThis as unknown as { window?: unknown; document?: unknown; fetch: typeof fetch };
const realFetch = g.fetch;

afterEach(() => {
  delete g.window;
  delete g.document;
  g.fetch = realFetch;
});

/** A fake preload: records what the window asks of it. */
function desktop(answer: unknown) {
  const asked: { fn: string; name: string; input: unknown }[] = [];
  const api = {
    call: async (name: string, input: unknown) => (asked.push({ fn: 'call', name, input }), { ok: true, value: {} }),
    save: async (name: string, input: unknown) => (asked.push({ fn: 'save', name, input }), answer),
  };
  g.window = { api, location: { origin: 'http://127.0.0.1:1' } };
  g.fetch = vi.fn(async () => {
    throw new Error('no fetch inside Electron');
  });
  return asked;
}

describe('a report download inside Electron', () => {
  it('goes through api.save with the operation and its query (progress token included), nothing fetched', async () => {
    const asked = desktop({ ok: true, value: { saved: '/home/ola/fakturaer.csv', filename: 'fakturaer.csv', bytes: 1234 } });
    const file = await download(report, values, ['number', 'total'], 'CSV', 'nb', 'token-12345678', new AbortController().signal, () => {});
    expect(file).toBe('fakturaer.csv');
    expect(asked).toEqual([
      { fn: 'save', name: 'reports.invoices', input: { params: undefined, query: { format: 'CSV', columns: 'number,total', lang: 'nb', progress: 'token-12345678', from: '2026-01-01', to: '2026-12-31' } } },
    ]);
    expect(g.fetch).not.toHaveBeenCalled();
  });

  it('answers null when the person closes the save dialog', async () => {
    desktop({ ok: true, value: { saved: null } });
    expect(await download(report, values, ['number'], 'XLS', 'nb', 'token-12345678', new AbortController().signal, () => {})).toBeNull();
  });

  it('throws the service error (a cancelled export: CANCELLED)', async () => {
    desktop({ ok: false, error: { status: 409, code: 'CANCELLED', message: 'The export was cancelled', fields: [] } });
    const err = await download(report, values, ['number'], 'CSV', 'nb', 'token-12345678', new AbortController().signal, () => {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CANCELLED' });
  });
});

describe('a report download in a browser', () => {
  it('fetches GET /reports/… as a stream, counts the bytes and hands the browser the file', async () => {
    const clicked: { download: string; href: string }[] = [];
    g.window = { location: { origin: 'http://127.0.0.1:7070' } };
    g.document = { createElement: () => ({ href: '', download: '', click() { clicked.push({ download: this.download, href: this.href }); } }) };
    const urls: string[] = [];
    g.fetch = vi.fn(async (url: string | URL) => {
      urls.push(String(url));
      return new Response(new Blob(['a;b\r\n', '1;2\r\n']).stream(), { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="fakturaer.csv"' } });
    }) as typeof fetch;
    const bytes: number[] = [];
    const file = await download(report, values, ['number'], 'CSV', 'nb', 'token-12345678', new AbortController().signal, (n) => bytes.push(n));
    expect(file).toBe('fakturaer.csv');
    expect(urls).toEqual(['http://127.0.0.1:7070/reports/invoices?format=CSV&columns=number&lang=nb&progress=token-12345678&from=2026-01-01&to=2026-12-31']);
    expect(bytes.at(-1)).toBe(10);
    expect(clicked).toEqual([{ download: 'fakturaer.csv', href: expect.stringMatching(/^blob:/) }]);
  });
});
