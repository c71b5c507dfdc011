/**
 * The account statement PDF (kontoutskrift, main/render/pdf/statement-pdf.ts): CPU time to render one of ~500 rows
 * (test/render/statement-fixtures.ts's statementBench: the account overview's 9 preselected columns, so landscape,
 * 13 pages), once warm, and its size. Bounded: BENCH_STATEMENT_N PDFs per measurement (default 40), three
 * measurements, the median printed. Take `flock /tmp/kvitt-bench.lock` when running it.
 */
import { loadavg } from 'node:os';
import { renderStatementPdf } from '../../main/render/pdf/statement-pdf.js';
import { statementBench } from '../render/statement-fixtures.js';
import { fmt, median, selfCpuMs } from './lib.js';

const N = Number(process.env.BENCH_STATEMENT_N ?? 40);

console.log(`statement: ${statementBench.rows.length} rows, ${statementBench.columns.length} columns`);
console.log(`load average before: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (let i = 0; i < 5; i++) await renderStatementPdf(statementBench); // warm
const runs: number[] = [];
let bytes = 0;
for (let r = 0; r < 3; r++) {
  const c0 = selfCpuMs();
  for (let i = 0; i < N; i++) bytes = (await renderStatementPdf(statementBench)).length;
  runs.push((selfCpuMs() - c0) / N);
}
console.log(`statement PDF: ${fmt(median(runs), 2)} ms CPU per PDF (runs ${runs.map((x) => fmt(x, 2)).join(', ')}), ${fmt(bytes / 1024)} kB`);
console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
