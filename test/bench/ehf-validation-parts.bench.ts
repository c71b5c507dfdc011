/**
 * Where the time of one EHF check goes (docs/ehf-validation.md), part by part, side by side in one run: parsing, the UBL
 * schema (xmllint-wasm in its schema thread, schema compiled once), CEN-EN16931-UBL and PEPPOL-EN16931-UBL (saxon-js)
 * each as one transformation per document in this thread (also on an empty Invoice: what a transformation costs before
 * it looks at a document) and each in its rule thread (one transformation for many documents, rule-thread.ts), both rule
 * threads at once, and the whole check as Kvitt runs it (`validateEhf`: schema and rule threads side by side).
 * CPU is the process's (user + system, every thread: the schema thread's work is counted), per document, with its
 * share of the sum of the parts; wall time beside it. Documents from the corpus of test/render/ehf-corpus.ts, and
 * beside them, each round, what users send most: a 5-line invoice (test/render/fixtures.ts invoiceNok: 25/15 %, a
 * discount, a zero-rated and an exempt line).
 * Bounded: BENCH_EHF_DOCS documents (default 40) after 5 warm-up ones, at most BENCH_EHF_SECONDS (default 120).
 * Take `flock /tmp/kvitt-bench.lock` when running it: `node --import tsx test/bench/ehf-validation-parts.bench.ts`.
 */
import { loadavg } from 'node:os';
import { failedAsserts, parseXml } from '../../main/render/ehf/rules/rule-check.js';
import { rulesDir } from '../../main/render/ehf/rules/rules-dir.js';
import { loopFailedAsserts, stopRuleThreads } from '../../main/render/ehf/rules/rule-thread.js';
import { schemaProblems, stopSchemaThreads } from '../../main/render/ehf/rules/schema-check.js';
import { validateEhf } from '../../main/render/ehf/rules/validate-ehf.js';
import { renderEhf } from '../../main/render/ehf/ehf-writer.js';
import { ehfCorpus } from '../render/ehf-corpus.js';
import { invoiceNok } from '../render/fixtures.js';
import { fmt, median } from './lib.js';

const DOCS = Number(process.env.BENCH_EHF_DOCS ?? 40);
const WARM = 5;
const MAX_SECONDS = Number(process.env.BENCH_EHF_SECONDS ?? 120);
const rules = rulesDir();
if (!rules) throw new Error('no EHF rules built: run npm run build:ehf-rules');
const [cen, peppol] = rules.manifest.ruleSets;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

const docs = ehfCorpus().filter((d) => !d.broken);
const EMPTY = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>';
const emptyDoc = parseXml(EMPTY);

const FIVE_LINES = renderEhf(invoiceNok);

const PARTS = ['parse', 'schema', 'CEN', 'PEPPOL', 'CEN, empty Invoice', 'PEPPOL, empty Invoice', 'CEN, rule thread', 'PEPPOL, rule thread', 'both rule threads at once', 'whole check (validateEhf)', '5 lines: CEN, rule thread', '5 lines: PEPPOL, rule thread', '5 lines: whole check'] as const;
type Part = (typeof PARTS)[number];
const cpu = Object.fromEntries(PARTS.map((p) => [p, [] as number[]])) as Record<Part, number[]>;
const wall: Record<Part, number[]> = structuredClone(cpu);

async function timed<T>(part: Part | null, f: () => T | Promise<T>): Promise<T> {
  const c = process.cpuUsage();
  const t = performance.now();
  const out = await f();
  const d = process.cpuUsage(c);
  if (part) {
    cpu[part].push((d.user + d.system) / 1000);
    wall[part].push(performance.now() - t);
  }
  return out;
}

console.log(`load before: ${load()}`);
const started = performance.now();
let failing = 0;
for (let i = 0; i < DOCS + WARM && performance.now() - started < MAX_SECONDS * 1000; i++) {
  const d = docs[i % docs.length];
  const root = d.xml.includes('<CreditNote') ? 'CreditNote' : 'Invoice';
  const measure = i >= WARM;
  const doc = await timed(measure ? 'parse' : null, () => parseXml(d.xml));
  await timed(measure ? 'schema' : null, () => schemaProblems(d.xml, rules.dir, rules.manifest.schemas[root], rules.manifest.schemas.files));
  await timed(measure ? 'CEN' : null, () => failedAsserts(doc, rules.dir, cen));
  await timed(measure ? 'PEPPOL' : null, () => failedAsserts(doc, rules.dir, peppol));
  await timed(measure ? 'CEN, empty Invoice' : null, () => failedAsserts(emptyDoc, rules.dir, cen));
  await timed(measure ? 'PEPPOL, empty Invoice' : null, () => failedAsserts(emptyDoc, rules.dir, peppol));
  await timed(measure ? 'CEN, rule thread' : null, () => loopFailedAsserts(d.xml, rules.dir, cen));
  await timed(measure ? 'PEPPOL, rule thread' : null, () => loopFailedAsserts(d.xml, rules.dir, peppol));
  await timed(measure ? 'both rule threads at once' : null, () => Promise.all([loopFailedAsserts(d.xml, rules.dir, cen), loopFailedAsserts(d.xml, rules.dir, peppol)]));
  const r = await timed(measure ? 'whole check (validateEhf)' : null, () => validateEhf(d.xml));
  if (!r.checked) throw new Error('the check did not run');
  if (measure && !r.ok) failing++; // some generated documents for foreign buyers break a rule on purpose (ehf-corpus.ts)
  await timed(measure ? '5 lines: CEN, rule thread' : null, () => loopFailedAsserts(FIVE_LINES, rules.dir, cen));
  await timed(measure ? '5 lines: PEPPOL, rule thread' : null, () => loopFailedAsserts(FIVE_LINES, rules.dir, peppol));
  const five = await timed(measure ? '5 lines: whole check' : null, () => validateEhf(FIVE_LINES));
  if (!five.ok) throw new Error(`the 5-line invoice fails: ${five.problems.map((p) => p.id).join(', ')}`);
}
const n = cpu.parse.length;
const sum = median(cpu.parse) + median(cpu.schema) + median(cpu['CEN, rule thread']) + median(cpu['PEPPOL, rule thread']);
console.log(`documents: ${n} (${failing} with a fatal rule); CPU (every thread of the process) and wall time per document, medians`);
for (const part of Object.keys(cpu) as Part[]) {
  const share = ['parse', 'schema', 'CEN, rule thread', 'PEPPOL, rule thread'].includes(part) ? `${fmt((100 * median(cpu[part])) / sum, 0)} % of the parts` : '';
  console.log(`${part.padEnd(30)} CPU ${fmt(median(cpu[part])).padStart(7)} ms   wall ${fmt(median(wall[part])).padStart(7)} ms   ${share}`);
}
console.log(`sum of the parts: CPU ${fmt(sum)} ms; load after: ${load()}`);
stopSchemaThreads();
stopRuleThreads();
