/**
 * The 2.12 JSON report: `headers` (key -> label), `items` (rows keyed by column key; money in kroner with 2 decimals,
 * dates `YYYY-MM-DD`), `summary` (totals of the money columns), written piece by piece as rows arrive. Kvitt adds
 * `rowCount` (all rows of the report) so a client that asked for a preview with `maxRows` knows how many there are, and
 * `moneyColumns` (the keys of the money columns, summed or not: a running balance) so a preview formats them as amounts.
 */
import { kr, MoneyTotals, type ReportRow, type ReportTable } from './report-table.js';

function item(table: ReportTable, row: ReportRow): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const c of table.columns) {
    const v = row[c.key] ?? null;
    o[c.key] = c.type === 'money' && typeof v === 'number' ? kr(v) : v;
  }
  return o;
}

export async function* writeJson(table: ReportTable, maxRows = Infinity): AsyncGenerator<Buffer> {
  const totals = new MoneyTotals(table.columns);
  const headers = Object.fromEntries(table.columns.map((c) => [c.key, c.label]));
  yield Buffer.from(`{"headers":${JSON.stringify(headers)},"items":[`, 'utf8');
  let n = 0;
  for await (const chunk of table.rows()) {
    const parts: string[] = [];
    for (const row of chunk) {
      totals.add(row);
      if (n < maxRows) parts.push((n ? ',' : '') + JSON.stringify(item(table, row)));
      n++;
    }
    if (parts.length) yield Buffer.from(parts.join(''), 'utf8');
  }
  const summary = Object.fromEntries(totals.entries().map(([k, v]) => [k, kr(v)]));
  const money = table.columns.filter((c) => c.type === 'money').map((c) => c.key);
  yield Buffer.from(`],"summary":${JSON.stringify(summary)},"rowCount":${n},"moneyColumns":${JSON.stringify(money)}}`, 'utf8');
}
