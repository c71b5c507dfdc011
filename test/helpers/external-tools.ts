/**
 * External checkers the tests use (the Peppol EHF validator in ../shared/peppol). On a developer's machine a missing one
 * skips its checks with a warning; under CI (`CI` set, as .ci/run runs) a missing checker fails the test, never skips:
 * a green CI run has always validated.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const VALIDATE_EHF = resolve(process.cwd(), '../shared/peppol/validate-ehf');

const underCi = () => !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

/** True when the checks needing `path` are to be skipped: it is missing and this is not CI (then a warning says so). */
export function skipWithout(path: string, what = path): boolean {
  if (existsSync(path) || underCi()) return false;
  console.warn(`${what} not found at ${path}: its checks are skipped here (under CI they fail)`);
  return true;
}

/** Throws (failing the test) when `path` is missing; call it inside a test that did not skip. */
export function requireTool(path: string, what = path): void {
  if (!existsSync(path)) throw new Error(`${what} is missing at ${path}; under CI a missing checker fails (.ci/run needs it beside the checkout)`);
}
