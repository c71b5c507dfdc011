/**
 * Aged balance (aldersfordelt saldoliste) at the end of `to`: each customer's open items split by days past due into
 * "not due", the asked `intervals` (e.g. 30,60,90 gives 1–30, 31–60, 61–90 and over 90) and a total. Buckets are
 * due-date ranges computed here, so the SQL only compares dates.
 */
import { sql, type RawBuilder } from 'kysely';
import type { TableColumn } from '../../render/report/report-table.js';
import { chunked } from './chunks.js';
import { addDays } from './dates.js';
import { openInvoicesAt } from './ledger.sql.js';
import { columnsAsAsked } from './report-generate.js';
import { defineReport, type Lang } from './report.types.js';

interface Bucket {
  key: string;
  label: Record<Lang, string>;
  /** due_date range, inclusive; null = open-ended. */
  from: string | null;
  to: string | null;
}

function buckets(to: string, intervals: number[]): Bucket[] {
  const out: Bucket[] = [];
  let lo = 1;
  for (const hi of intervals) {
    out.push({ key: `days${lo}to${hi}`, label: { nb: `${lo}–${hi} dager`, en: `${lo}–${hi} days` }, from: addDays(to, -hi), to: addDays(to, -lo) });
    lo = hi + 1;
  }
  const last = lo - 1;
  out.push({ key: `over${last}`, label: { nb: `Over ${last} dager`, en: `Over ${last} days` }, from: null, to: addDays(to, -(last + 1)) });
  return out;
}

const sumWhere = (cond: RawBuilder<unknown>) => sql<number>`sum(case when ${cond} then oi.open_nok else 0 end)`;

export const agedReport = defineReport({
  resource: 'recipients/balance/aged',
  group: 'ledger',
  title: { nb: 'Aldersfordelt saldo', en: 'Aged balance' },
  filename: 'aldersfordelt-saldo',
  formats: ['XLS', 'CSV', 'JSON'],
  params: ['to', 'intervals'],
  required: ['to'],
  columns: [
    { key: 'recipientNumber', nb: 'Mottakernr.', en: 'Recipient no.', type: 'number' },
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text', preselected: true },
    { key: 'name', nb: 'Kunde', en: 'Customer', type: 'text', preselected: true },
    { key: 'notDue', nb: 'Ikke forfalt', en: 'Not due', type: 'money', preselected: true },
    { key: 'intervals', nb: 'Dager over forfall (intervaller)', en: 'Days past due (intervals)', type: 'money', preselected: true },
    { key: 'balance', nb: 'Saldo', en: 'Balance', type: 'money', preselected: true },
  ],
  async tableColumns(_ctx, req) {
    const list = buckets(req.params.to!, req.params.intervals ?? []);
    return columnsAsAsked(this, req).flatMap((c): TableColumn[] =>
      c.key === 'intervals' ? list.map((b) => ({ key: b.key, label: b.label[req.lang], type: 'money' })) : [c],
    );
  },
  rows(ctx, p) {
    const to = p.to!;
    const list = buckets(to, p.intervals ?? []);
    return chunked(
      (limit, offset) => {
        let q = ctx.db
          .selectFrom(openInvoicesAt(ctx.db, to).selectAll('o').as('oi'))
          .innerJoin('recipients as r', 'r.number', 'oi.recipient_number')
          .select(['r.number', 'r.customer_number', 'r.name', 'r.sort_name'])
          .select([sql<number>`sum(oi.open_nok)`.as('balance'), sumWhere(sql`(oi.due_date is null or oi.due_date >= ${to})`).as('notDue')]);
        for (const b of list) {
          const cond = b.from === null ? sql`oi.due_date <= ${b.to}` : sql`oi.due_date >= ${b.from} and oi.due_date <= ${b.to}`;
          q = q.select(sumWhere(cond).as(b.key));
        }
        return q
          .groupBy(['r.number', 'r.customer_number', 'r.name', 'r.sort_name'])
          .having(sql`sum(oi.open_nok)`, '!=', 0)
          .orderBy('r.sort_name')
          .orderBy('r.number')
          .limit(limit)
          .offset(offset)
          .execute();
      },
      (rows) =>
        rows.map((r) => {
          const row: Record<string, string | number | null> = {
            recipientNumber: r.number,
            customerNumber: r.customer_number,
            name: r.name,
            notDue: Number(r.notDue),
            balance: Number(r.balance),
          };
          for (const b of list) row[b.key] = Number((r as Record<string, unknown>)[b.key]);
          return row;
        }),
    );
  },
});
