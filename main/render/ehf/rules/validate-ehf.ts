/**
 * An EHF document checked as ../shared/peppol/validate-ehf (Java) checks it, in JavaScript: the root must be Invoice or
 * CreditNote, then the UBL 2.1 schema (xmllint-wasm) and both rule sets (saxon-js), each problem with its flag. A
 * document with no fatal problem passes; warnings are reported and do not fail it. Runs in the calling thread: callers
 * go through `checkEhf` (ehf-check.ts), which sends it to the worker pool.
 */
import { rulesDir } from './rules-dir.js';
import { failedAsserts, loadRules, parseXml, rootName } from './rule-check.js';
import { loopFailedAsserts, startRuleThreads } from './rule-thread.js';
import { schemaProblems } from './schema-check.js';

export interface EhfProblem {
  /** 'fatal' fails the document; 'warning' (and any other flag the rules use) does not. */
  flag: string;
  /** The rule's id (BR-CO-15, PEPPOL-COMMON-R041, NO-R-001 …), or XSD / XML for the schema and the parser. */
  id: string;
  text: string;
  /** XML, XSD, CEN-EN16931-UBL or PEPPOL-EN16931-UBL. */
  source: string;
}

export interface EhfReport {
  /** False when no built rules are present: nothing was checked. */
  checked: boolean;
  ok: boolean;
  problems: EhfProblem[];
  /** The time the check took (ms), in the thread that ran it. */
  ms: number;
}

/** At most this many schema complaints (validate-ehf keeps the first 20). */
const MAX_SCHEMA_PROBLEMS = 20;

export async function validateEhf(xml: string): Promise<EhfReport> {
  const started = performance.now();
  const rules = rulesDir();
  if (!rules) return { checked: false, ok: true, problems: [], ms: 0 };
  const problems: EhfProblem[] = [];
  const done = (): EhfReport => ({ checked: true, ok: !problems.some((p) => p.flag === 'fatal'), problems, ms: performance.now() - started });
  let doc: unknown = null;
  let root = '';
  try {
    doc = parseXml(xml);
    root = rootName(doc);
  } catch {
    root = '';
  }
  const schema = root === 'Invoice' || root === 'CreditNote' ? rules.manifest.schemas[root] : null;
  if (!schema) {
    problems.push({ flag: 'fatal', id: 'XML', text: `root element is '${root || 'unreadable'}', not Invoice or CreditNote`, source: 'XML' });
    return done();
  }
  // The schema thread checks the schema while the rule sets run (in their threads, or here).
  const schemaDone = schemaProblems(xml, rules.dir, schema, rules.manifest.schemas.files).then(
    (lines) => lines,
    (e: Error) => [`the schema check could not run: ${e.message}`],
  );
  // Rule sets compiled as a loop run in their threads, side by side (rule-thread.ts); others here, one transform each.
  const loops = new Set(rules.manifest.loops ?? []);
  const ruleSets = await Promise.all(
    rules.manifest.ruleSets.map(async (sef): Promise<EhfProblem[]> => {
      const source = sef.replace(/\.sef\.json$/, '');
      try {
        const found = loops.has(sef) ? await loopFailedAsserts(xml, rules.dir, sef) : failedAsserts(doc, rules.dir, sef);
        return found.map((f) => ({ ...f, source }));
      } catch (e) {
        return [{ flag: 'fatal', id: 'RUNNER', text: `${source} could not run: ${(e as Error).message}`, source }];
      }
    }),
  );
  const ruleProblems = ruleSets.flat();
  for (const text of (await schemaDone).slice(0, MAX_SCHEMA_PROBLEMS)) problems.push({ flag: 'fatal', id: 'XSD', text, source: 'XSD' });
  problems.push(...ruleProblems);
  return done();
}

/** Loads the engines and rules (a worker does it when it starts, so the first EHF is not slower). */
export function warmEhfRules(): boolean {
  const rules = rulesDir();
  if (!rules) return false;
  const loops = rules.manifest.loops ?? [];
  startRuleThreads(rules.dir, loops);
  loadRules(rules.dir, rules.manifest.ruleSets.filter((r) => !loops.includes(r)));
  return true;
}

/** One line per problem, as validate-ehf prints them: `fatal BR-CO-15: text`. */
export function problemLines(report: EhfReport): string[] {
  return report.problems.map((p) => `${p.flag} ${p.id}: ${p.text}`);
}
