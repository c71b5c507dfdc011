/**
 * The official EHF check per document (docs/ehf-validation.md): warm, in the worker pool, as Kvitt runs it before it
 * writes, sends or zips an EHF. Documents from the corpus of test/render/ehf-corpus.ts (varied invoices and credit
 * notes, 1 to 40 lines). Reported: the time inside the worker (schema + both rule sets, `report.ms`) and the round trip
 * from the API's thread (runTask), median and 90th percentile, with the CPU time of this process and the machine's load.
 * Bounded: BENCH_EHF_DOCS documents (default 100) after BENCH_EHF_WARM (default 10) warm-up ones, at most
 * BENCH_EHF_SECONDS (default 120) of measuring. Take `flock /tmp/kvitt-bench.lock` when running it.
 */
import { loadavg } from 'node:os';
import { stopTaskPool, runTask } from '../../main/workers/pool.js';
import '../../main/task-table.js'; // the tasks, registered for this thread too
import { ehfCorpus } from '../render/ehf-corpus.js';
import { fmt, median } from './lib.js';

const DOCS = Number(process.env.BENCH_EHF_DOCS ?? 100);
const WARM = Number(process.env.BENCH_EHF_WARM ?? 10);
const MAX_SECONDS = Number(process.env.BENCH_EHF_SECONDS ?? 120);
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

const docs = ehfCorpus().filter((d) => !d.broken);
const started = performance.now();
const first = await runTask('ehf.validate', docs[0].xml);
if (!first.checked) throw new Error('no EHF rules built: run npm run build:ehf-rules');
console.log(`first document (worker start, rules loaded): ${fmt(performance.now() - started)} ms`);
for (let i = 1; i <= WARM; i++) await runTask('ehf.validate', docs[i % docs.length].xml);

const inWorker: number[] = [];
const roundTrip: number[] = [];
const lines: number[] = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
console.log(`load before: ${load()}`);
for (let i = 0; i < DOCS && performance.now() - t0 < MAX_SECONDS * 1000; i++) {
  const d = docs[(WARM + 1 + i) % docs.length];
  const t = performance.now();
  const r = await runTask('ehf.validate', d.xml);
  roundTrip.push(performance.now() - t);
  inWorker.push(r.ms);
  lines.push((d.xml.match(/<cac:(Invoice|CreditNote)Line>/g) ?? []).length);
}
const cpu = process.cpuUsage(cpu0);
console.log(`documents: ${inWorker.length} (lines per document: median ${median(lines)}, max ${Math.max(...lines)})`);
console.log(`in the worker: median ${fmt(median(inWorker))} ms, p90 ${fmt(p90(inWorker))} ms`);
console.log(`round trip from the API thread: median ${fmt(median(roundTrip))} ms, p90 ${fmt(p90(roundTrip))} ms`);
console.log(`API thread CPU: ${fmt((cpu.user + cpu.system) / 1000 / inWorker.length)} ms per document; load after: ${load()}`);
await stopTaskPool();
