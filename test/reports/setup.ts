import { expect } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

export const TODAY = '2026-03-15';

/** A server over a seeded database (fixed clock): 40 recipients, 400 invoices with payments, credit notes and losses. */
export async function startSeededServer(opts: { invoices?: number; recipients?: number } = {}): Promise<TestServer> {
  const s = await startTestServer({ today: TODAY });
  await seedAll(s.app.ctx, { seed: 7, recipients: opts.recipients ?? 40, invoices: opts.invoices ?? 400, extras: true });
  s.clock.set(TODAY);
  return s;
}

export async function columnsOf(s: TestServer, resource: string): Promise<string[]> {
  const r = await s.json(`/reports/${resource}/availableColumns`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { key: string }[]).map((c) => c.key);
}

/** GET a report as JSON (2.12) with every column unless `columns` is given. */
export async function reportJson(s: TestServer, resource: string, query: Record<string, string> = {}, columns?: string[]) {
  const cols = columns ?? (await columnsOf(s, resource));
  const qs = new URLSearchParams({ format: 'JSON', columns: cols.join(','), ...query });
  const r = await s.json(`/reports/${resource}?${qs}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { headers: Record<string, string>; items: Record<string, any>[]; summary: Record<string, number>; rowCount: number };
}

export async function reportFile(s: TestServer, resource: string, format: string, query: Record<string, string> = {}, columns?: string[]) {
  const cols = columns ?? (await columnsOf(s, resource.replace(/\?.*/, '')).catch(() => []));
  const qs = new URLSearchParams({ format, columns: cols.join(','), ...query });
  const res = await s.api(`/reports/${resource}?${qs}`);
  const data = Buffer.from(await res.arrayBuffer());
  expect(res.status, data.toString('utf8').slice(0, 500)).toBe(200);
  return { res, data };
}

/** Sum of kroner values as øre (exact). */
export const ore = (values: number[]) => values.reduce((a, v) => a + Math.round(v * 100), 0);
