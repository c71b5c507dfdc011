/**
 * Memory of a process checking EHF through the worker pool (docs/ehf-validation.md): with one pair of rule threads for
 * the process (the main thread's, each worker reaching it through its port: main/render/ehf/rules/rule-hub.ts), and,
 * with BENCH_EHF_SHARED=0, as before it, each pool worker starting its own pair. BENCH_EHF_WORKERS workers (default: the
 * pool's normal size here), each sent documents until it has checked some; then the process's resident memory (every
 * thread) is read a few times, a second apart. Bounded: 12 documents per worker, at most 180 s.
 * Take `flock /tmp/kvitt-bench.lock`: `node --import tsx test/bench/ehf-rule-threads-memory.bench.ts`.
 */
import { loadavg } from 'node:os';
import '../../main/app.js'; // the composition root: tasks, and the port to the rule threads each worker gets
import { ruleThreadsRunning, stopRuleThreads } from '../../main/render/ehf/rules/rule-thread.js';
import { registerWorkerPorts, runTask, stopTaskPool, taskWorkers } from '../../main/workers/pool.js';
import { ehfCorpus } from '../render/ehf-corpus.js';
import { fmt } from './lib.js';

const shared = process.env.BENCH_EHF_SHARED !== '0';
if (process.env.BENCH_EHF_WORKERS) process.env.KVITT_WORKERS = process.env.BENCH_EHF_WORKERS;
if (!shared) registerWorkerPorts(() => ({})); // as before: no port, so each worker starts its own rule threads
const mb = () => process.memoryUsage().rss / 2 ** 20;
const docs = ehfCorpus(60).filter((d) => !d.broken);
const started = performance.now();

console.log(`load ${loadavg().map((x) => x.toFixed(1)).join(' ')}; RSS at start ${fmt(mb(), 0)} MB; rule threads ${shared ? 'shared (one pair)' : 'one pair per worker'}`);
// Enough documents at once that every worker of the pool gets some (the pool hands each worker two at a time).
const perWorker = 12;
const size = Number(process.env.KVITT_WORKERS || 1);
for (let round = 0; round < perWorker / 2 && performance.now() - started < 180_000; round++) {
  const batch = Array.from({ length: size * 2 }, (_, i) => docs[(round * size * 2 + i) % docs.length].xml);
  const reports = await Promise.all(batch.map((xml) => runTask('ehf.validate', xml)));
  if (reports.some((r) => !r.checked)) throw new Error('no EHF rules built: run npm run build:ehf-rules');
}
const samples: number[] = [];
for (let i = 0; i < 5; i++) {
  global.gc?.();
  samples.push(mb());
  await new Promise((r) => setTimeout(r, 1000));
}
console.log(`workers ${taskWorkers()}, rule threads in the main thread ${ruleThreadsRunning()}; RSS after checking: ${samples.map((s) => fmt(s, 0)).join(' ')} MB (max ${fmt(Math.max(...samples), 0)})`);
await stopTaskPool();
stopRuleThreads();
