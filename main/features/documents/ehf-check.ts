/**
 * Every EHF Kvitt writes, sends or zips is checked first against the official rules (docs/ehf-validation.md): in the
 * worker pool from the API's thread (main/app.ts hands it there), in place where the caller already is a worker (the
 * EHF zip of the reports). A
 * fatal rule refuses the file with the rule's id and text (EHF_RULE_FAILED); warnings pass.
 */
import { OpError } from '../../ops/errors.js';
import { errorMessage } from '../../ops/error-codes.js';
import { validateEhf, type EhfReport } from '../../render/ehf/rules/validate-ehf.js';

export type { EhfReport } from '../../render/ehf/rules/validate-ehf.js';
export { ehfValidationStatus } from '../../render/ehf/rules/rules-dir.js';

type Checker = (xml: string) => Promise<EhfReport>;
/** In this thread until the app hands the check to its worker pool (main/app.ts; a worker itself checks in place). */
let checker: Checker = validateEhf;

/** Where the check runs: main/app.ts gives the worker pool's task `ehf.validate` (keeps documents free of the pool). */
export function runEhfChecksWith(run: Checker): void {
  checker = run;
}

/** The official check of one EHF document (UBL 2.1 schema, EN 16931, Peppol BIS 3 with NO-R-*). */
export function checkEhf(xml: string): Promise<EhfReport> {
  return checker(xml);
}

/** The parameters of EHF_RULE_FAILED: the first fatal rule, its text, how many failed and their ids. */
export function ehfRuleParams(report: EhfReport): { rule: string; text: string; failed: number; rules: string } {
  const fatal = report.problems.filter((p) => p.flag === 'fatal');
  const first = fatal[0] ?? { id: '?', text: 'unknown' };
  return { rule: first.id, text: first.text, failed: fatal.length, rules: [...new Set(fatal.map((p) => p.id))].join(', ') };
}

/** 422 EHF_RULE_FAILED for a document whose EHF broke a fatal rule. */
export function ehfRuleError(report: EhfReport): OpError {
  const params = ehfRuleParams(report);
  return new OpError('EHF_RULE_FAILED', errorMessage('EHF_RULE_FAILED', params), [], params);
}

/** Checks an EHF document and throws EHF_RULE_FAILED when a fatal rule fails. */
export async function assertEhfValid(xml: string): Promise<EhfReport> {
  const report = await checkEhf(xml);
  if (!report.ok) throw ehfRuleError(report);
  return report;
}
