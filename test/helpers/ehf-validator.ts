/**
 * The official EHF check in the test process (the same code Kvitt runs in its workers: main/render/ehf/rules), for
 * tests that check the EHF files Kvitt writes. About a second for the first file (loading the rules), then tens of
 * milliseconds a file: use this instead of starting ../shared/peppol/validate-ehf (Java, seconds a file) for each
 * file. test/render/ehf-corpus.test.ts keeps the comparison with the Java validator.
 *
 * The rules are built by the test setup (test/helpers/ehf-rules-setup.ts). Without them (no ../shared/peppol) a test
 * that needs them fails under CI and is skipped elsewhere: use `ehfRulesPresent` with `test.skipIf`.
 */
import { expect } from 'vitest';
import { rulesDir } from '../../main/render/ehf/rules/rules-dir.js';
import { problemLines, validateEhf, type EhfReport } from '../../main/render/ehf/rules/validate-ehf.js';

export type { EhfProblem, EhfReport } from '../../main/render/ehf/rules/validate-ehf.js';
export { problemLines };

/** Whether the built rules are there; under CI their absence is an error, never a skip. */
export function ehfRulesPresent(): boolean {
  const present = rulesDir() !== null;
  if (!present && process.env.CI) throw new Error('EHF rules are not built (../shared/peppol missing?): under CI the EHF checks must run');
  return present;
}

/** Validates one EHF document (text or bytes) as validate-ehf does. */
export async function validateEhfXml(xml: string | Uint8Array): Promise<EhfReport> {
  return validateEhf(typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8'));
}

/**
 * Expects the document to pass the official rules (no fatal problem); `warnings` lists the warning rule ids allowed
 * (none by default; 'any' allows every warning). The failure message lists every failed rule.
 */
export async function expectValidEhf(xml: string | Uint8Array, warnings: string[] | 'any' = []): Promise<EhfReport> {
  const report = await validateEhfXml(xml);
  expect(report.checked, 'the EHF rules are not built').toBe(true);
  const lines = problemLines(report).join('\n');
  expect(report.ok, lines).toBe(true);
  if (warnings !== 'any') expect(report.problems.filter((p) => !warnings.includes(p.id)), lines).toEqual([]);
  return report;
}
