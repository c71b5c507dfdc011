#!/usr/bin/env node
/**
 * Where a test pass's time goes, file by file, from vitest's JSON report (docs/testing.md, "Where the time goes"):
 *
 *   npx vitest run --config vitest.config.ts --reporter=json --outputFile=/tmp/unit.json
 *   node scripts/test-times.mjs /tmp/unit.json [how many, default 25]
 *
 * Prints the pass's total of file durations, the slowest files with their share of it, and the slowest single tests.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/test-times.mjs REPORT.json [N]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = report.testResults.map((r) => ({
  name: relative(process.cwd(), r.name),
  s: (r.endTime - r.startTime) / 1000,
  tests: r.assertionResults.length,
  failed: r.assertionResults.filter((a) => a.status === 'failed').length,
}));
const total = files.reduce((a, f) => a + f.s, 0);
console.log(`${files.length} files, ${report.numTotalTests} tests (${report.numPassedTests} passed, ${report.numFailedTests} failed), ${total.toFixed(0)} s of file time`);
for (const f of files.sort((a, b) => b.s - a.s).slice(0, Number(top))) {
  console.log(`${f.s.toFixed(1).padStart(8)} s ${((100 * f.s) / total).toFixed(1).padStart(5)} %  ${f.name} (${f.tests} tests${f.failed ? `, ${f.failed} FAILED` : ''})`);
}
const tests = report.testResults.flatMap((r) => r.assertionResults.map((a) => ({ name: `${relative(process.cwd(), r.name)} › ${a.fullName}`, s: (a.duration ?? 0) / 1000 })));
console.log('slowest tests:');
for (const t of tests.sort((a, b) => b.s - a.s).slice(0, 10)) console.log(`${t.s.toFixed(1).padStart(8)} s  ${t.name.slice(0, 150)}`);
