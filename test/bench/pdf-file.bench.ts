/**
 * The direct PDF file writer alone (main/render/pdf/direct/pdf-file.ts): CPU time to write the fixture invoice's display
 * list as PDF bytes, once warm, and the content streams' zlib level as a size/time trade-off.
 *
 * The display list: when the direct commercial layout exists (main/render/pdf/direct/commercial-layout.ts) its list for
 * the fixture invoice; until then the same invoice as the pdfmake writer places it, read back line by line with
 * `pdftotext -bbox-layout` (text, position, size), plus its rules and boxes and the logo. Bounded: BENCH_WRITER_N
 * documents per measurement (default 2,000). Take `flock /tmp/kvitt-bench.lock` when running it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DisplayDocument, DrawItem, FontName } from '../../main/render/pdf/direct/display-list.js';
import { writePdf } from '../../main/render/pdf/direct/pdf-file.js';
import { renderDocumentPdf } from '../../main/render/pdf/pdf-writer.js';
import { invoiceNok } from '../render/fixtures.js';
import { fmt, ROOT, selfCpuMs } from './lib.js';

const N = Number(process.env.BENCH_WRITER_N ?? 2000);
const DATE = new Date('2026-01-15T12:00:00Z');

async function fixtureDisplayList(): Promise<{ doc: DisplayDocument; from: string }> {
  const layoutFile = join(ROOT, 'main/render/pdf/direct/commercial-layout.ts');
  if (existsSync(layoutFile)) {
    const mod: Record<string, unknown> = await import(layoutFile);
    for (const fn of Object.values(mod)) {
      if (typeof fn !== 'function') continue;
      try {
        const doc = (fn as (v: unknown) => unknown)(invoiceNok) as DisplayDocument;
        if (doc && Array.isArray(doc.pages) && doc.info) return { doc, from: `commercial-layout.ts (${fn.name})` };
      } catch { /* not the layout function */ }
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-writer-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, await renderDocumentPdf(invoiceNok));
    const html = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' });
    const items: DrawItem[] = [];
    const fonts: FontName[] = ['Helvetica', 'Helvetica-Bold', 'Helvetica', 'Helvetica-Oblique'];
    for (const line of html.matchAll(/<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([\s\S]*?)<\/line>/g)) {
      const words = [...line[4]!.matchAll(/>([^<]*)<\/word>/g)].map((w) => w[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'));
      const h = Number(line[3]) - Number(line[2]);
      items.push({ t: 'text', x: Number(line[1]), y: Number(line[3]) - h * 0.2, text: words.join(' '), font: fonts[items.length % 4]!, size: Math.round(h * 0.85 * 10) / 10, color: items.length % 3 ? '#222222' : '#000000' });
    }
    for (let i = 0; i < 15; i++) items.push({ t: 'line', x1: 40, y1: 300 + i * 14.5, x2: 555.28, y2: 300 + i * 14.5, color: '#cccccc', lineWidth: 0.5 });
    items.push({ t: 'line', x1: 40, y1: 560, x2: 555.28, y2: 560, color: '#000000', lineWidth: 0.75, dash: { length: 3, space: 2 } });
    for (let i = 0; i < 14; i++) items.push({ t: 'rect', x: 40 + (i % 7) * 70, y: 620 + Math.floor(i / 7) * 30, w: 65, h: 24, fill: i % 2 ? '#fff6d5' : undefined, stroke: '#e0a000', lineWidth: 0.5 });
    items.push({ t: 'image', src: invoiceNok.seller.logo!, x: 435, y: 40, w: 120, h: 40 });
    return { doc: { info: { title: 'Faktura 10001', author: invoiceNok.seller.name, subject: 'Faktura', creator: 'Kvitt', producer: 'Kvitt' }, pages: [{ width: 595.28, height: 841.89, items }] }, from: 'pdftotext -bbox-layout of the pdfmake invoice' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { doc, from } = await fixtureDisplayList();
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
