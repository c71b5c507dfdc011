/**
 * The sales ledger figures of spec 4.3: the revenue graph by calendar month, the summary counts and the ledger balance.
 * Each is one or a few SQL aggregates (GROUP BY month on ISO date text); JavaScript only lays the months out.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { stateWhere, balanceNok, CASH_LEDGER_KINDS, cashNokOf, creditedInFull } from '../invoices/index.js';
import { monthOf, nokOf } from './overview.sql.js';

const MONTHS = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];

/** Every calendar month from `from` to `to` as 'YYYY-MM'. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (key > end) return out;
    out.push(key);
    m += 1;
    if (m === 13) [y, m] = [y + 1, 1];
  }
}

/** Norwegian month names; with the year on every label when the range covers more than one year ("desember 2025"). */
export function monthLabels(months: string[]): string[] {
  const crosses = months.length > 0 && months[0].slice(0, 4) !== months[months.length - 1].slice(0, 4);
  return months.map((k) => `${MONTHS[Number(k.slice(5, 7)) - 1]}${crosses ? ` ${k.slice(0, 4)}` : ''}`);
}

/**
 * Per month of [from, to]: revenueWithoutVat (invoice nets less credit-note nets, by document date, NOK), paid (payments
 * received less reversals and money paid back, NOK as received; claim.sql.ts cashNok) and lost (written off less reversed, NOK at the invoice's rate).
 */
export async function revenueGraph(ctx: AppContext, range: { from: string; to: string }) {
  const db = ctx.db;
  const docMonth = monthOf(sql.ref('d.issue_date'));
  const entryMonth = monthOf(sql.ref('l.date'));
  const [revenue, paid, lost] = await Promise.all([
    db
      .selectFrom('documents as d')
      .select([
        docMonth.as('month'),
        sql<number>`sum(case when d.kind = 'invoice' then d.total_nok - d.tax_nok else d.tax_nok - d.total_nok end)`.as('amount'),
      ])
      .where('d.kind', 'in', ['invoice', 'credit-note'])
      .where('d.number', 'is not', null)
      .where('d.issue_date', '>=', range.from)
      .where('d.issue_date', '<=', range.to)
      .groupBy(docMonth)
      .execute(),
    db
      .selectFrom('ledger_entries as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .select([entryMonth.as('month'), sql<number>`sum(${cashNokOf('l')})`.as('amount')])
      .where('l.kind', 'in', CASH_LEDGER_KINDS)
      .where('l.date', '>=', range.from)
      .where('l.date', '<=', range.to)
      .groupBy(entryMonth)
      .execute(),
    db
      .selectFrom('ledger_entries as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .select([entryMonth.as('month'), sql<number>`sum(${nokOf(sql.ref('l.amount'))})`.as('amount')])
      .where('l.kind', 'in', ['loss', 'loss-reversal'])
      .where('l.date', '>=', range.from)
      .where('l.date', '<=', range.to)
      .groupBy(entryMonth)
      .execute(),
  ]);
  const months = monthsBetween(range.from, range.to);
  const series = (rows: { month: string; amount: number }[]) => {
    const by = new Map(rows.map((r) => [r.month, Number(r.amount)]));
    return months.map((m) => oreToKr(by.get(m) ?? 0));
  };
  return { labels: monthLabels(months), revenueWithoutVat: series(revenue), paid: series(paid), lost: series(lost) };
}

/** Invoices dated in [from, to] by state at today (the lists' own conditions), and the credit notes dated in it. */
export async function invoiceSummary(ctx: AppContext, range: { from: string; to: string }) {
  const today = ctx.clock.today();
  const count = (n: unknown) => Number(n ?? 0);
  const [inv, credits] = await Promise.all([
    ctx.db
      .selectFrom('documents as d')
      .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
      .where('d.kind', '=', 'invoice')
      .where('d.number', 'is not', null)
      .where('d.issue_date', '>=', range.from)
      .where('d.issue_date', '<=', range.to)
      .select((eb) => {
        const countWhen = (state: 'not-due' | 'due' | 'paid') => eb.fn.sum<number>(eb.case().when(stateWhere(eb, state, today)).then(1).else(0).end());
        const credited = eb.fn.sum<number>(eb.case().when(eb.and([stateWhere(eb, 'paid', today), creditedInFull])).then(1).else(0).end());
        return [countWhen('not-due').as('notDue'), countWhen('due').as('due'), countWhen('paid').as('paidOrCredited'), credited.as('credited')];
      })
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('documents as d')
      .where('d.kind', '=', 'credit-note')
      .where('d.number', 'is not', null)
      .where('d.issue_date', '>=', range.from)
      .where('d.issue_date', '<=', range.to)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { notDue: count(inv.notDue), due: count(inv.due), paid: count(inv.paidOrCredited) - count(inv.credited), credited: count(inv.credited), creditNotes: count(credits.n) };
}

/** The sum of every issued invoice's balance at today (net: what customers have to get back counts against it), in NOK. */
export async function ledgerBalance(ctx: AppContext) {
  const r = await ctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'is not', null)
    .select(sql<number>`coalesce(sum(${balanceNok}), 0)`.as('balance'))
    .executeTakeFirstOrThrow();
  return { balance: oreToKr(Number(r.balance)) };
}
