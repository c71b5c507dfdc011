/**
 * PDF rendering (issues 10, 29): Kvitt against a warm headless Chromium printing the same invoice from HTML (the
 * technique other invoicing apps use), one document at a time on each side, alternating rounds, in one run, two ways:
 *  - in process: Kvitt's PDF writer alone on the richest fixture invoice (what the outbox's worker does);
 *  - over HTTP, as the user gets it: GET /invoices/{n}/pdf from the Kvitt server in its own process (keep-alive,
 *    one request at a time; a database of 30 seeded invoices), against Chromium printing the HTML of that very invoice
 *    (its DocumentView built by Kvitt's own code before the server starts). Server CPU per PDF beside, and the CPU of
 *    Chromium's processes per PDF (from /proc, every process below this one but Kvitt's server): on a loaded machine
 *    the wall times mostly measure waiting for a core, the CPU ratio what each way costs.
 * The invoice is the richest test fixture (5 lines, 3 VAT rates, discount, logo, giro); Chromium prints
 * test/bench/invoice-html.ts's HTML copy of it with playwright-core (`/usr/bin/chromium --no-sandbox --disable-gpu
 * --no-first-run`, fresh profile, one page reused: setContent + pdf). Kvitt renders in this process, as the worker does.
 * Bounded: BENCH_PDF_ROUNDS rounds (default 10) of BENCH_PDF_PER_ROUND documents (default 20) each side, and at most
 * BENCH_PDF_SECONDS (default 120) of measuring. Take `flock /tmp/kvitt-bench.lock` when running it. BENCH_PROFILE=<folder>:
 * a CPU profile of the Kvitt server, written when it stops.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Agent, request } from 'node:http';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildView } from '../../main/features/documents/document-view.builder.js';
import { invoiceWithBalance } from '../../main/features/invoices/invoices.service.js';
import { renderDocumentPdf } from '../../main/render/pdf/pdf-writer.js';
import { seedAll } from '../../main/seed/seed.js';
import { invoiceNok } from '../render/fixtures.js';
import { invoiceHtml } from './invoice-html.js';
import { fmt, KEY, median, selfCpuMs, startChild } from './lib.js';

const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.BENCH_PDF_PER_ROUND ?? 20);
const MAX_SECONDS = Number(process.env.BENCH_PDF_SECONDS ?? 120);
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

/** CPU (user + system, ms, 10 ms ticks) of every process below this one except `except` (Linux /proc): Chromium's. */
function childrenCpuMs(except: number[] = []): number {
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const st = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10 });
    } catch {
      /* gone meanwhile */
    }
  }
  const below = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid, hops = 0; p && hops < 20; p = stats.get(p)?.ppid, hops++) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, st] of stats) if (!except.includes(pid) && below(pid)) total += st.ms;
  return total;
}

const userDataDir = mkdtempSync(join(tmpdir(), 'kvitt-bench-chromium-'));

// The served invoice: 30 invoices seeded through the services; the one with the most lines is fetched over HTTP.
const dbFile = join(userDataDir, 'kvitt.sqlite');
const seeded = await openApp({ dbFile, apiKey: KEY, clock: fixedClock('2026-03-15') });
await seedAll(seeded.ctx, { seed: 42, recipients: 20, invoices: 30, linesPerInvoice: 5, extras: false });
const served = (await seeded.ctx.db
  .selectFrom('documents as d')
  .innerJoin('document_lines as l', 'l.document_id', 'd.id')
  .where('d.kind', '=', 'invoice')
  .where('d.number', 'is not', null)
  .select(['d.number', (eb) => eb.fn.countAll<number>().as('n')])
  .groupBy('d.number')
  .orderBy('n', 'desc')
  .orderBy('d.number')
  .executeTakeFirstOrThrow()).number!;
const servedView = await buildView(seeded.ctx, await invoiceWithBalance(seeded.ctx, served));
await seeded.close();
const server = await startChild('kvitt', dbFile, process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/** One PDF over HTTP, kept as the bytes it is (as a client saving or showing it does; not decoded as text). */
const httpPdf = () =>
  new Promise<Buffer>((res, rej) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: `/invoices/${served}/pdf`, headers: { authorization: `Bearer ${KEY}` }, agent }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => {
        const pdf = Buffer.concat(chunks);
        if (r.statusCode !== 200 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') rej(new Error(`GET /invoices/${served}/pdf: ${r.statusCode}`));
        else res(pdf);
      });
    });
    req.on('error', rej);
    req.end();
  });
const servedHtml = invoiceHtml(servedView);
const browser = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = browser.pages()[0] ?? (await browser.newPage());
const html = invoiceHtml(invoiceNok);
const chromiumPdf = async (h = html) => {
  await page.setContent(h);
  return page.pdf({ format: 'A4', printBackground: true });
};

// Both outputs, for a look (pdftoppm -png -r 60).
writeFileSync(join(tmpdir(), 'kvitt-bench-chromium-invoice.pdf'), await chromiumPdf());
writeFileSync(join(tmpdir(), 'kvitt-bench-kvitt-invoice.pdf'), await renderDocumentPdf(invoiceNok));
// Warm-up: both sides past their first-document costs (JIT, caches, Chromium's renderer).
writeFileSync(join(tmpdir(), 'kvitt-bench-chromium-served.pdf'), await chromiumPdf(servedHtml));
for (let i = 0; i < 10; i++) {
  await chromiumPdf();
  await renderDocumentPdf(invoiceNok);
  await chromiumPdf(servedHtml);
  await httpPdf();
}

console.log(`load average before: ${load()}`);
let kvittMs = 0;
let chromiumMs = 0;
let kvittCpuMs = 0;
let documents = 0;
const ratios: number[] = [];
let httpMs = 0;
let httpCpuMs = 0;
let chromiumCpuMs = 0;
let servedChromiumCpuMs = 0;
const chromiumCpu = () => childrenCpuMs([server.proc.pid!]);
let servedChromiumMs = 0;
const httpRatios: number[] = [];
const started = performance.now();
for (let r = 0; r < ROUNDS && performance.now() - started < MAX_SECONDS * 1000; r++) {
  const c0 = selfCpuMs();
  let t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await renderDocumentPdf(invoiceNok);
  const k = performance.now() - t;
  kvittCpuMs += selfCpuMs() - c0;
  let cc = chromiumCpu();
  t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await chromiumPdf();
  const c = performance.now() - t;
  chromiumCpuMs += chromiumCpu() - cc;
  kvittMs += k;
  chromiumMs += c;
  documents += PER_ROUND;
  ratios.push(c / k);
  const s0 = await server.cpuMs();
  t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await httpPdf();
  const h = performance.now() - t;
  httpCpuMs += (await server.cpuMs()) - s0;
  cc = chromiumCpu();
  t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await chromiumPdf(servedHtml);
  const sc = performance.now() - t;
  servedChromiumCpuMs += chromiumCpu() - cc;
  httpMs += h;
  servedChromiumMs += sc;
  httpRatios.push(sc / h);
}
await browser.close();
agent.destroy();
await server.stop();
rmSync(userDataDir, { recursive: true, force: true });

const kvittRate = documents / (kvittMs / 1000);
const chromiumRate = documents / (chromiumMs / 1000);
console.log(`load average after: ${load()}`);
console.log(`\n| what (${documents} documents each side, ${ratios.length} alternating rounds) | figure | goal |\n| --- | --- | --- |`);
console.log(`| Kvitt PDF writer, in process, the fixture invoice | ${fmt(kvittRate)} documents/s (${fmt(kvittMs / documents, 2)} ms, CPU ${fmt(kvittCpuMs / documents, 2)} ms each) | |`);
console.log(`| warm headless Chromium, setContent + pdf, same invoice | ${fmt(chromiumRate)} documents/s (${fmt(chromiumMs / documents, 2)} ms, CPU of its processes ${fmt(chromiumCpuMs / documents, 2)} ms each) | |`);
console.log(`| Kvitt / Chromium, in process (round ratios: median ${fmt(median(ratios), 2)}x, min ${fmt(Math.min(...ratios), 2)}x) | ${fmt(kvittRate / chromiumRate, 2)}x | >= 4x |`);
const httpRate = documents / (httpMs / 1000);
const servedChromiumRate = documents / (servedChromiumMs / 1000);
console.log(`| Kvitt over HTTP, GET /invoices/${served}/pdf (${servedView.lines.length} lines), one at a time | ${fmt(httpRate)} documents/s (${fmt(httpMs / documents, 2)} ms, server CPU ${fmt(httpCpuMs / documents, 2)} ms each) | |`);
console.log(`| warm headless Chromium, the same invoice's HTML | ${fmt(servedChromiumRate)} documents/s (${fmt(servedChromiumMs / documents, 2)} ms, CPU of its processes ${fmt(servedChromiumCpuMs / documents, 2)} ms each) | |`);
console.log(`| Kvitt over HTTP / Chromium (round ratios: median ${fmt(median(httpRatios), 2)}x, min ${fmt(Math.min(...httpRatios), 2)}x) | ${fmt(httpRate / servedChromiumRate, 2)}x | >= 10x |`);
console.log(`| CPU per document, Chromium / Kvitt: in process ${fmt(chromiumCpuMs / kvittCpuMs, 2)}x; over HTTP (Kvitt's server) ${fmt(servedChromiumCpuMs / httpCpuMs, 2)}x | | |`);
