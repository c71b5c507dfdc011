/**
 * A load test of simulated GUI users on one Kvitt server: each user loops over a GUI-like mix (invoice list pages, the
 * customer list, a customer, an invoice, now and then a draft created and issued, and a payment on an invoice the user
 * issued) for a bounded time and count. Latency percentiles over all requests and per kind; any status >= 400 counts as
 * an error.
 */
import type { Server } from '../office.bench.js';

export interface LoadResult {
  seconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  p50: number;
  p95: number;
  max: number;
  byKind: Record<string, { count: number; p50: number; p95: number }>;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const last = (location: unknown) => Number(String(location ?? '').split('/').pop());

export async function runLoad(s: Server, o: { users: number; seconds: number; maxPerUser: number }): Promise<LoadResult> {
  const firstPage = JSON.parse((await s.req('GET', '/invoices/?perPage=200')).body) as { number: number }[];
  const invoiceNumbers = firstPage.map((i) => i.number);
  const recipients = (JSON.parse((await s.req('GET', '/recipients/?perPage=200')).body) as { number: number }[]).map((r) => r.number);
  const times: Record<string, number[]> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + o.seconds * 1000;
  const timed = async (kind: string, method: string, path: string, body?: unknown) => {
    const t = performance.now();
    const r = await s.req(method, path, body);
    (times[kind] ??= []).push(performance.now() - t);
    if (r.status >= 400) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${method} ${path} ${r.status} ${r.body.slice(0, 160)}`);
    }
    return r;
  };
  const user = async (u: number) => {
    let open: number | null = null;
    const pick = <T>(list: T[], i: number) => list[(i * 7919 + u * 104729) % list.length]!;
    for (let i = 0; i < o.maxPerUser && performance.now() < until; i++) {
      const step = i % 10;
      if (step < 4) await timed('invoice list page', 'GET', `/invoices/?perPage=50&page=${1 + ((i + u) % 20)}`);
      else if (step === 4) await timed('customer list', 'GET', '/recipients/?perPage=50');
      else if (step < 7) await timed('customer', 'GET', `/recipients/${pick(recipients, i)}`);
      else if (step === 7) await timed('invoice', 'GET', `/invoices/${pick(invoiceNumbers, i)}`);
      else if (step === 8) {
        const draft = await timed('draft create', 'POST', '/invoices/drafts/', {
          recipient: { number: pick(recipients, i) },
          items: [{ description: `Konsulenttime (bruker ${u})`, quantity: 2, unitPrice: 950, taxRate: 25 }],
        });
        const issued = await timed('draft issue', 'POST', `/invoices/drafts/${last(draft.headers.location)}/issue`);
        open = last(issued.headers.location) || null;
      } else if (open) await timed('payment', 'POST', `/invoices/${open}/payments`, { date: '2026-03-15', amount: 100 });
    }
  };
  await Promise.all(Array.from({ length: o.users }, (_, u) => user(u)));
  const all = Object.values(times).flat().sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    Object.entries(times).map(([k, v]) => {
      const sorted = [...v].sort((a, b) => a - b);
      return [k, { count: v.length, p50: pct(sorted, 50), p95: pct(sorted, 95) }];
    }),
  );
  return { seconds: (performance.now() - started) / 1000, requests: all.length, errors, errorSamples, p50: pct(all, 50), p95: pct(all, 95), max: all[all.length - 1] ?? 0, byKind };
}
