/**
 * One pair of rule threads per process (main/render/ehf/rules/rule-hub.ts): the worker pool's workers check EHF
 * through the main thread's rule threads instead of starting their own (each pair holds saxon-js and the rule sets,
 * over 200 MB). Over the real pool (two workers, as main/app.ts wires it): every document gets the report the check
 * gives in this thread, broken ones included, and the rule threads that ran them are this thread's: they were running
 * here before this thread checked anything itself.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import '../../main/app.js'; // the composition root: the pool's tasks and the port to the rule threads each worker gets
import { ruleThreadsRunning, stopRuleThreads } from '../../main/render/ehf/rules/rule-thread.js';
import { runTask, stopTaskPool, taskWorkers, workersAvailable } from '../../main/workers/pool.js';
import { ehfRulesPresent, problemLines, validateEhfXml } from '../helpers/ehf-validator.js';
import { ehfCorpus } from './ehf-corpus.js';

const present = ehfRulesPresent();
const saved = process.env.KVITT_WORKERS;
beforeAll(async () => {
  process.env.KVITT_WORKERS = '2';
  // The files of a test worker share its modules (vitest isolate: false): start from no pool workers and no rule
  // threads of this thread, whatever an earlier file left running.
  await stopTaskPool();
  stopRuleThreads();
});
afterAll(async () => {
  await stopTaskPool();
  stopRuleThreads();
  if (saved === undefined) delete process.env.KVITT_WORKERS;
  else process.env.KVITT_WORKERS = saved;
});

describe.skipIf(!present)('EHF rule threads shared by the pool workers', () => {
  test('two workers check documents at once through this thread\'s one pair of rule threads, with the same answers', async () => {
    expect(workersAvailable()).toBe(true);
    expect(ruleThreadsRunning()).toBe(0);
    const corpus = ehfCorpus(40);
    const docs = [
      ...corpus.filter((d) => !d.broken).slice(0, 6),
      ...['broken-wrong-payable-0.xml', 'broken-wrong-endpoint-scheme-0.xml', 'broken-bad-currency-0.xml'].map((n) => corpus.find((d) => d.name === n)!),
    ];
    expect(docs.every(Boolean)).toBe(true);
    const viaPool = await Promise.all(docs.map((d) => runTask('ehf.validate', d.xml)));
    expect(taskWorkers()).toBe(2);
    // both rule sets ran in this thread's rule threads, started by the workers' documents (this thread checked none)
    expect(ruleThreadsRunning()).toBe(2);
    for (const [i, d] of docs.entries()) {
      const here = await validateEhfXml(d.xml);
      expect(viaPool[i].checked, d.name).toBe(true);
      expect(problemLines(viaPool[i]), d.name).toEqual(problemLines(here));
      expect(viaPool[i].ok, d.name).toBe(here.ok);
      if (d.broken) expect(viaPool[i].ok, d.name).toBe(false);
    }
    // the broken ones failed on the rules that ran in the shared threads (CEN and PEPPOL), not only on the schema
    const sources = new Set(viaPool.flatMap((r) => r.problems.map((p) => p.source)));
    expect(sources.has('CEN-EN16931-UBL') && sources.has('PEPPOL-EN16931-UBL'), [...sources].join(', ')).toBe(true);
    expect(ruleThreadsRunning()).toBe(2);
  }, 300_000);
});
