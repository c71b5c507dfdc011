/**
 * Which invoices are ready for a dunning, and the automatic run that dunns them.
 *
 * A candidate is a due invoice (stateWhere 'due', the one definition of the states) whose deadline in force has passed:
 * the invoice's due date, or the latest deadline of its dunnings. The run asks the same with "at least N days ago"
 * (Settings → Purring), leaves out recipients with settings.autoDunningsEnabled false and invoices that already had
 * the set number of notices, and works in batches of 500 invoices, one transaction each, with a fixed number of
 * queries per batch. It never dunns twice for the same deadline: a new notice moves the deadline in force, and a
 * unique index on (invoice, deadline followed) for automatic notices guards it in the database too.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { PartySnapshot } from '../../render/document-view.js';
import { addDays, daysBetween, MissingRateError, type RatePeriod } from '../../domain/late-interest.js';
import { fromScaled, oreToKr } from '../../domain/money.js';
import { OpError } from '../../ops/errors.js';
import { stateWhere } from '../invoices/index.js';
import type { DeliveryOptions } from '../sending/index.js';
import { getSettings } from '../settings/index.js';
import type { Settings } from '../settings/index.js';
import { planDunning, type ClaimRow, type PriorDunning } from './claim.js';
import { CLAIM_COLUMNS, claimsQuery, DUNNING_LOCK, issueDunnings, MIN_NOTICE_DEADLINE_DAYS, priorOf, sendDunning, type NewDunning } from './dunnings.service.js';
import { loadRates } from './interest-rates.service.js';
import { balanceHistories, type BalanceHistory } from './interest-basis.service.js';
import { rateWarning } from './interest.js';
import { inTx } from '../../ops/transaction.js';
import { lockNamed } from '../../ops/leases.js';
import type { DunningCandidateView } from './dunnings.output.js';
import { feeRefusedText } from './fee-refusal.js';

const BATCH = 500;

interface CandidateFilter {
  /** The deadline in force passed at least this many days ago (1 = any due invoice whose deadline has passed). */
  minDays: number;
  recipientNumber?: number;
  /** The automatic run: only recipients that allow it, and invoices with fewer than this many notices. */
  automaticMaxNotices?: number;
}

export function candidatesQuery(db: Kysely<Database>, today: string, f: CandidateFilter) {
  const cutoff = addDays(today, -f.minDays);
  let q = claimsQuery(db)
    .where((eb) => stateWhere(eb, 'due', today))
    .where('d.due_date', '<=', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('dunnings as x').select('x.number').whereRef('x.document_id', '=', 'd.id').where('x.due_date', '>', cutoff))),
    );
  if (f.recipientNumber !== undefined) q = q.where('d.recipient_number', '=', f.recipientNumber);
  if (f.automaticMaxNotices !== undefined) {
    const max = f.automaticMaxNotices;
    q = q
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('recipients as r').select('r.number').whereRef('r.number', '=', 'd.recipient_number').where('r.auto_dunnings_enabled', '=', 0))),
      )
      .where((eb) => eb(eb.selectFrom('dunnings as y').select((e) => e.fn.countAll<number>().as('n')).whereRef('y.document_id', '=', 'd.id'), '<', max));
  }
  return q;
}

const candidateRows = (db: Kysely<Database>, today: string, f: CandidateFilter) =>
  candidatesQuery(db, today, f).select([...CLAIM_COLUMNS, 'd.issue_date', 'd.total', 'd.recipient_snapshot']);
type CandidateRow = ClaimRow & { issue_date: string | null; total: number; recipient_snapshot: string };

/** A candidate as the API answers it (the op's output schema, dunnings.output.ts). */
export type CandidateView = DunningCandidateView;

function candidateViews(rows: CandidateRow[], prior: Map<number, PriorDunning[]>, histories: Map<number, BalanceHistory>, today: string, s: Settings['dunning'], rates: RatePeriod[], dcn: boolean): CandidateView[] {
  return rows.map((c) => {
    const earlier = prior.get(c.id) ?? [];
    const last = earlier[earlier.length - 1];
    const dueDate = addDays(today, dcn ? Math.max(s.deadlineDays, MIN_NOTICE_DEADLINE_DAYS) : s.deadlineDays);
    const options = { debtCollectionNotice: dcn, dunningFee: true, dueDate };
    let plan;
    let interestProblem: string | null = null;
    try {
      plan = planDunning(c, earlier, { ...options, interest: true }, today, s, rates, histories.get(c.id)!);
    } catch (e) {
      if (!(e instanceof MissingRateError)) throw e;
      interestProblem = `no late-interest rate covers ${e.date}`;
      plan = planDunning(c, earlier, { ...options, interest: false }, today, s, rates, histories.get(c.id)!);
    }
    const snapshot = JSON.parse(c.recipient_snapshot) as PartySnapshot;
    return {
      invoiceNumber: c.number,
      recipient: { number: c.recipient_number, name: snapshot.name, email: snapshot.email ?? null },
      currency: c.currency,
      invoiceDate: c.issue_date!, // a due invoice is issued, so it has its date
      dueDate: c.due_date!,
      daysOverdue: daysBetween(c.due_date!, today),
      invoiceTotal: oreToKr(c.total),
      balance: oreToKr(c.balance),
      dunnings: earlier.length,
      lastDunning: last
        ? { number: last.number, dunningNumber: last.dunning_number, dunningDate: last.dunning_date, dueDate: last.due_date, debtCollectionNotice: last.debt_collection_notice === 1 }
        : null,
      dunningFee: oreToKr(plan.fee),
      feeRefusedReason: feeRefusedText(plan.feeRefused),
      feeRefused: plan.feeRefused,
      interest: interestProblem ? null : oreToKr(plan.interest.interest),
      interestRate: plan.interest.rate === null ? null : fromScaled(plan.interest.rate, 2),
      interestProblem,
      interestWarning: !interestProblem && plan.interest.days > 0 ? (rateWarning(rates, today)?.message ?? null) : null,
      total: oreToKr(c.balance + plan.fee + plan.interest.interest),
    };
  });
}

async function pricing(ctx: AppContext) {
  const [settings, rates] = await Promise.all([getSettings(ctx), loadRates(ctx.db)]);
  return { s: settings.dunning, rates };
}

export async function listCandidates(ctx: AppContext, f: { recipientNumber?: number; debtCollectionNotice?: boolean }, limit: number, offset: number) {
  const today = ctx.clock.today();
  const filter = { minDays: 1, recipientNumber: f.recipientNumber };
  const [{ s, rates }, rows, count] = await Promise.all([
    pricing(ctx),
    candidateRows(ctx.db, today, filter).orderBy('d.number').limit(limit).offset(offset).execute(),
    candidatesQuery(ctx.db, today, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const [prior, histories] = await Promise.all([priorOf(ctx.db, ids), balanceHistories(ctx.db, ids)]);
  return { items: candidateViews(rows as CandidateRow[], prior, histories, today, s, rates, f.debtCollectionNotice ?? false), total: Number(count.n) };
}

export async function* streamCandidates(ctx: AppContext, f: { recipientNumber?: number; debtCollectionNotice?: boolean }) {
  const today = ctx.clock.today();
  const { s, rates } = await pricing(ctx);
  let after = 0;
  for (;;) {
    const rows = (await candidateRows(ctx.db, today, { minDays: 1, recipientNumber: f.recipientNumber })
      .where('d.number', '>', after)
      .orderBy('d.number')
      .limit(BATCH)
      .execute()) as CandidateRow[];
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    yield* candidateViews(rows, await priorOf(ctx.db, ids), await balanceHistories(ctx.db, ids), today, s, rates, f.debtCollectionNotice ?? false);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].number;
  }
}

export interface RunResult {
  date: string;
  created: number;
  /** The first 1,000 numbers made. */
  numbers: number[];
  withFee: number;
  sent: number;
  skipped: { invoiceNumber: number; reason: string }[];
}

function shipmentFor(pref: Settings['dunning']['autoShipment'], email: string | null): DeliveryOptions | null {
  if (pref === 'NONE') return null;
  if (pref === 'EMAIL' && email) return { email: [{ address: email }] };
  return { paper: {} }; // spec 4.5 rule 4: paper is the default for a dunning
}

/** The automatic run (Settings → Purring): reminders for every invoice that is ready, in batches of 500. */
export async function runDunnings(ctx: AppContext): Promise<RunResult> {
  const today = ctx.clock.today();
  const { s, rates } = await pricing(ctx);
  const result: RunResult = { date: today, created: 0, numbers: [], withFee: 0, sent: 0, skipped: [] };
  const filter = { minDays: s.autoDaysAfterDue, automaticMaxNotices: s.autoMaxNotices };
  const options = { debtCollectionNotice: false, dunningFee: s.autoFee, interest: s.autoInterest, dueDate: addDays(today, s.deadlineDays) };
  let after = 0;
  for (;;) {
    const rows = await inTx(ctx, async (tctx) => {
      const trx = tctx.db;
      // Runs (and manual notices) one at a time across processes: a concurrent run waits here, then finds these invoices
      // dunned and leaves them (never a second notice, never a unique-index error in an answer).
      await lockNamed(trx, DUNNING_LOCK);
      const batch = (await candidatesQuery(trx, today, filter).select(CLAIM_COLUMNS).where('d.number', '>', after).orderBy('d.number').limit(BATCH).execute()) as ClaimRow[];
      if (!batch.length) return batch;
      const prior = await priorOf(trx, batch.map((r) => r.id));
      const histories = await balanceHistories(trx, batch.map((r) => r.id));
      const items: NewDunning[] = [];
      for (const c of batch) {
        const earlier = prior.get(c.id) ?? [];
        try {
          const plan = planDunning(c, earlier, options, today, s, rates, histories.get(c.id)!);
          items.push({ claim: c, priorCount: earlier.length, plan, options: { ...options, dunningText: null, automatic: true } });
        } catch (e) {
          if (!(e instanceof MissingRateError)) throw e;
          result.skipped.push({ invoiceNumber: c.number, reason: `no late-interest rate covers ${e.date}` });
        }
      }
      const numbers = await issueDunnings(tctx, items);
      result.created += numbers.length;
      result.withFee += items.filter((it) => it.plan.fee > 0).length;
      result.numbers.push(...numbers.slice(0, Math.max(0, 1000 - result.numbers.length)));
      if (s.autoShipment !== 'NONE' && numbers.length) {
        const ids = [...new Set(items.map((it) => it.claim.recipient_number))];
        const emails = new Map<number, string | null>();
        for (let i = 0; i < ids.length; i += BATCH) {
          for (const r of await trx.selectFrom('recipients').select(['number', 'email']).where('number', 'in', ids.slice(i, i + BATCH)).execute()) emails.set(r.number, r.email);
        }
        for (let i = 0; i < numbers.length; i++) {
          const o = shipmentFor(s.autoShipment, emails.get(items[i].claim.recipient_number) ?? null);
          if (!o) continue;
          // An e-mail address the outbox refuses (a bad address kept from an import) falls back to paper, never fails the batch.
          const shipped = await sendDunning(tctx, numbers[i], o).catch((e) => {
            if (e instanceof OpError && e.status === 400 && o.email) return sendDunning(tctx, numbers[i], { paper: {} });
            throw e;
          });
          result.sent += shipped.length ? 1 : 0;
        }
      }
      return batch;
    });
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].number;
  }
  return result;
}
