/**
 * The direct PDF file writer alone (main/render/pdf/direct/pdf-file.ts): CPU time to write the fixture invoice's display
 * list as PDF bytes, once warm, and the content streams' zlib level as a size/time trade-off.
 *
 * The display list: the direct commercial layout's (main/render/pdf/direct/commercial-layout.ts) for the richest
 * fixture invoice (5 lines, 3 VAT rates, discount, logo, giro), made once; only the writing is measured. Bounded:
 * BENCH_WRITER_N documents per measurement (default 2,000). Take `flock /tmp/kvitt-bench.lock` when running it.
 */
import { loadavg } from 'node:os';
import { layoutCommercialDocument } from '../../main/render/pdf/direct/commercial-layout.js';
import type { DisplayDocument, DrawItem } from '../../main/render/pdf/direct/display-list.js';
import { writePdf } from '../../main/render/pdf/direct/pdf-file.js';
import { invoiceNok } from '../render/fixtures.js';
import { fmt, selfCpuMs } from './lib.js';

const N = Number(process.env.BENCH_WRITER_N ?? 2000);
const DATE = new Date('2026-01-15T12:00:00Z');

function fixtureDisplayList(): { doc: DisplayDocument; from: string } {
  return { doc: layoutCommercialDocument(invoiceNok), from: 'layoutCommercialDocument(invoiceNok)' };
}

const { doc, from } = fixtureDisplayList();
const count = (t: DrawItem['t']) => doc.pages.reduce((n, p) => n + p.items.filter((i) => i.t === t).length, 0);
console.log(`display list from ${from}: ${doc.pages.length} page(s), ${count('text')} texts, ${count('rect')} rects, ${count('line')} lines, ${count('image')} images`);
console.log(`load average before: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);

function measure(level: number): { cpuMs: number; bytes: number } {
  for (let i = 0; i < 300; i++) writePdf(doc, { creationDate: DATE, compressLevel: level }); // warm
  let bytes = 0;
  const c0 = selfCpuMs();
  for (let i = 0; i < N; i++) bytes = writePdf(doc, { creationDate: DATE, compressLevel: level }).length;
  return { cpuMs: (selfCpuMs() - c0) / N, bytes };
}

const results: Record<number, { cpuMs: number; bytes: number }> = {};
for (const level of [1, 0, 3, 6, 9, 1]) results[level] = measure(level); // level 1 (the default) measured again last
for (const level of [0, 1, 3, 6, 9]) {
  const r = results[level]!;
  console.log(`zlib level ${level}: ${fmt(r.cpuMs * 1000, 0)} µs CPU per document, ${fmt(r.bytes / 1024)} kB${level === 1 ? ' (default)' : ''}`);
}
console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
