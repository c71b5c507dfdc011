/**
 * PDF rendering itself (issue 10): Kvitt's PDF writer against a warm headless Chromium printing the same invoice from
 * HTML (the technique other invoicing apps use), one document at a time on each side, alternating rounds, in one run.
 * The invoice is the richest test fixture (5 lines, 3 VAT rates, discount, logo, giro); Chromium prints
 * test/bench/invoice-html.ts's HTML copy of it with playwright-core (`/usr/bin/chromium --no-sandbox --disable-gpu
 * --no-first-run`, fresh profile, one page reused: setContent + pdf). Kvitt renders in this process, as the worker does.
 * Bounded: BENCH_PDF_ROUNDS rounds (default 10) of BENCH_PDF_PER_ROUND documents (default 20) each side, and at most
 * BENCH_PDF_SECONDS (default 120) of measuring. Take `flock /tmp/kvitt-bench.lock` when running it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { renderDocumentPdf } from '../../main/render/pdf/pdf-writer.js';
import { invoiceNok } from '../render/fixtures.js';
import { invoiceHtml } from './invoice-html.js';
import { fmt, median, selfCpuMs } from './lib.js';

const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.BENCH_PDF_PER_ROUND ?? 20);
const MAX_SECONDS = Number(process.env.BENCH_PDF_SECONDS ?? 120);
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

const userDataDir = mkdtempSync(join(tmpdir(), 'kvitt-bench-chromium-'));
const browser = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = browser.pages()[0] ?? (await browser.newPage());
const html = invoiceHtml(invoiceNok);
const chromiumPdf = async () => {
  await page.setContent(html);
  return page.pdf({ format: 'A4', printBackground: true });
};

// Both outputs, for a look (pdftoppm -png -r 60).
writeFileSync(join(tmpdir(), 'kvitt-bench-chromium-invoice.pdf'), await chromiumPdf());
writeFileSync(join(tmpdir(), 'kvitt-bench-kvitt-invoice.pdf'), await renderDocumentPdf(invoiceNok));
// Warm-up: both sides past their first-document costs (JIT, caches, Chromium's renderer).
for (let i = 0; i < 10; i++) {
  await chromiumPdf();
  await renderDocumentPdf(invoiceNok);
}

console.log(`load average before: ${load()}`);
let kvittMs = 0;
let chromiumMs = 0;
let kvittCpuMs = 0;
let documents = 0;
const ratios: number[] = [];
const started = performance.now();
for (let r = 0; r < ROUNDS && performance.now() - started < MAX_SECONDS * 1000; r++) {
  const c0 = selfCpuMs();
  let t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await renderDocumentPdf(invoiceNok);
  const k = performance.now() - t;
  kvittCpuMs += selfCpuMs() - c0;
  t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await chromiumPdf();
  const c = performance.now() - t;
  kvittMs += k;
  chromiumMs += c;
  documents += PER_ROUND;
  ratios.push(c / k);
}
await browser.close();
rmSync(userDataDir, { recursive: true, force: true });

const kvittRate = documents / (kvittMs / 1000);
const chromiumRate = documents / (chromiumMs / 1000);
console.log(`load average after: ${load()}`);
console.log(`\n| what (${documents} documents each side, ${ratios.length} alternating rounds) | figure | goal |\n| --- | --- | --- |`);
console.log(`| Kvitt PDF writer, in process, the fixture invoice | ${fmt(kvittRate)} documents/s (${fmt(kvittMs / documents, 2)} ms, CPU ${fmt(kvittCpuMs / documents, 2)} ms each) | |`);
console.log(`| warm headless Chromium, setContent + pdf, same invoice | ${fmt(chromiumRate)} documents/s (${fmt(chromiumMs / documents, 2)} ms each) | |`);
console.log(`| Kvitt / Chromium (round ratios: median ${fmt(median(ratios), 2)}x, min ${fmt(Math.min(...ratios), 2)}x) | ${fmt(kvittRate / chromiumRate, 2)}x | >= 4x |`);
