/**
 * Issuing dunnings. One path for a single POST /dunnings/ and for a batch of the automatic run: numbers taken from the
 * global 'dunning' series in the issuing transaction, rows inserted in chunks, the fees and interest added to the
 * invoices' claims by one set-based UPDATE, audit entries in one insert. A failed call writes nothing.
 */
import { takeSeriesNumbers } from '../documents/core.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { addDays, daysBetween, MissingRateError, type RatePeriod } from '../../domain/late-interest.js';
import { conflict, fieldError, FieldErrors, validationError } from '../../ops/errors.js';
import { lockNamed } from '../../ops/leases.js';
import { queueDocumentShipments, type DeliveryOptions, type ShipmentView } from '../sending/index.js';
import { getSettings } from '../settings/index.js';
import type { Settings } from '../settings/index.js';
import { claimProblem, dunningRow, planDunning, type ClaimRow, type Plan, type PlanOptions, type PriorDunning } from './claim.js';
import type { DunningInput } from './dunnings.schema.js';
import { loadRates } from './interest-rates.service.js';
import { balanceHistories, type BalanceHistory } from './interest-basis.service.js';
import { rateWarning } from './interest.js';
import { keepInvoiceMailAddress } from './mail-address.js';
import { inTx } from '../../ops/transaction.js';
import type { FeeRefused } from './fee-refusal.js';

const SERIES = 'dunning';
const CHUNK = 500;
const INSERT_CHUNK = 100; // rows per INSERT (22 columns; well under SQLite's parameter limit)
export const MIN_NOTICE_DEADLINE_DAYS = 14;
/** The lock every dunning decision takes first (main/ops/leases.ts lockNamed). */
export const DUNNING_LOCK = 'dunnings';

/** Issued invoices with the figures of their claim. The query joins `documents as d` and `invoice_balances as b`. */
export function claimsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'is not', null);
}

export const CLAIM_COLUMNS = ['d.id', 'd.number', 'd.recipient_number', 'd.due_date', 'd.currency', 'b.balance', 'b.paid_total', 'b.fees_total', 'b.interest_total', 'b.lost'] as const;

/** The earlier dunnings of each invoice, oldest first: one query per 500 invoices. */
export async function priorOf(db: Kysely<Database>, documentIds: number[]): Promise<Map<number, PriorDunning[]>> {
  const out = new Map<number, PriorDunning[]>();
  for (let i = 0; i < documentIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('dunnings')
      .select(['document_id', 'number', 'dunning_number', 'dunning_date', 'due_date', 'debt_collection_notice', 'fee', 'interest_to'])
      .where('document_id', 'in', documentIds.slice(i, i + CHUNK))
      .orderBy('document_id')
      .orderBy('dunning_number')
      .execute();
    for (const r of rows) {
      const list = out.get(r.document_id);
      if (list) list.push(r);
      else out.set(r.document_id, [r]);
    }
  }
  return out;
}

/** Takes `n` consecutive numbers of the dunning series in the caller's transaction (row-locked); returns the first. */
const takeNumbers = (trx: Kysely<Database>, n: number) => takeSeriesNumbers(trx, SERIES, 1, n);

export interface NewDunning {
  claim: ClaimRow;
  priorCount: number;
  plan: Plan;
  options: PlanOptions & { dunningText: string | null; automatic: boolean; interestNote?: boolean };
}

/** Inserts the dunnings, adds their fees and interest to the claims and audits them, in one transaction. Returns their numbers. */
export async function issueDunnings(ctx: AppContext, items: NewDunning[]): Promise<number[]> {
  return inTx(ctx, (tctx) => issueDunningsInTx(tctx, items));
}

async function issueDunningsInTx(ctx: AppContext, items: NewDunning[]): Promise<number[]> {
  const trx = ctx.db;
  if (!items.length) return [];
  const today = ctx.clock.today();
  const at = ctx.clock.timestamp();
  const first = await takeNumbers(trx, items.length);
  const last = first + items.length - 1;
  const rows = items.map((it, i) => ({ ...dunningRow(it.claim, it.priorCount, it.plan, it.options, first + i, today, at), interest_note: it.options.interestNote ? 1 : 0 }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto('dunnings').values(rows.slice(i, i + INSERT_CHUNK)).execute();
  const added = (expr: string) =>
    sql<number>`(select ${sql.raw(expr)} from dunnings x where x.document_id = invoice_balances.document_id and x.number between ${first} and ${last})`;
  await trx
    .updateTable('invoice_balances')
    .set({
      balance: sql`balance + ${added('x.fee + x.interest')}`,
      fees_total: sql`fees_total + ${added('x.fee')}`,
      interest_total: sql`interest_total + ${added('x.interest')}`,
    })
    .where('document_id', 'in', trx.selectFrom('dunnings').select('document_id').where('number', '>=', first).where('number', '<=', last))
    .execute();
  const entries = rows.map((r, i) => ({
    at,
    entity: 'dunning',
    entity_id: String(r.number),
    action: 'create',
    data: JSON.stringify({
      invoiceNumber: items[i].claim.number,
      dunningNumber: r.dunning_number,
      debtCollectionNotice: r.debt_collection_notice === 1,
      fee: r.fee,
      feeRefusedReason: r.fee_refused_reason,
      interest: r.interest,
      dueDate: r.due_date,
      automatic: r.automatic === 1,
      ...(r.interest_note ? { interestNote: true } : {}),
    }),
  }));
  for (let i = 0; i < entries.length; i += INSERT_CHUNK) await trx.insertInto('audit_log').values(entries.slice(i, i + INSERT_CHUNK)).execute();
  return rows.map((r) => r.number);
}

/** planDunning, with a missing rate answered as a 400 naming `interest`. */
export function planOr400(c: ClaimRow, prior: PriorDunning[], o: PlanOptions, today: string, s: Settings['dunning'], rates: RatePeriod[], history: BalanceHistory): Plan {
  try {
    return planDunning(c, prior, o, today, s, rates, history);
  } catch (e) {
    if (!(e instanceof MissingRateError)) throw e;
    throw validationError([fieldError('interest', 'NO_INTEREST_RATE', { date: e.date })]);
  }
}

/**
 * The number of today's notice of this invoice when nothing happened to the claim since it (no payment, credit or loss:
 * the balance is what that notice left), else null. A second such notice says nothing new; it is the same click twice
 * (ten at once end with one notice). A notice after a payment the same day is a new one.
 */
async function sameDayRepeat(trx: Kysely<Database>, c: ClaimRow, prior: PriorDunning[], today: string): Promise<number | null> {
  const last = prior[prior.length - 1];
  if (!last || last.dunning_date !== today) return null;
  const row = await trx.selectFrom('dunnings').select(['invoice_balance', 'fee', 'interest']).where('number', '=', last.number).executeTakeFirstOrThrow();
  return row.invoice_balance + row.fee + row.interest === c.balance ? last.number : null;
}

/** Sends an issued dunning through the outbox (spec 4.4). An inkassovarsel never goes as EHF; a paper address is kept for the invoice's mail. */
export async function sendDunning(ctx: AppContext, number: number, options: DeliveryOptions): Promise<ShipmentView[]> {
  return inTx(ctx, async (tctx) => {
    const shipments = await queueDocumentShipments(tctx, { type: 'dunning', number }, options);
    await keepInvoiceMailAddress(tctx, number, options);
    return shipments;
  });
}

export interface CreatedDunning {
  number: number;
  feeRefused: FeeRefused | null;
  interestWarning: string | null;
  shipments: ShipmentView[] | null;
}

export async function createDunning(ctx: AppContext, input: DunningInput): Promise<CreatedDunning> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    await lockNamed(trx, DUNNING_LOCK);
    const today = ctx.clock.today();
    const settings = (await getSettings(tctx)).dunning;
    const errors = new FieldErrors();
    const claim = await claimsQuery(trx).select(CLAIM_COLUMNS).where('d.number', '=', input.invoiceNumber).executeTakeFirst();
    const problem = claimProblem(claim as ClaimRow | undefined, today, 'invoiceNumber');
    if (problem) errors.list.push(problem);
    const dcn = input.debtCollectionNotice ?? false;
    const dueDate = input.dueDate ?? addDays(today, dcn ? Math.max(settings.deadlineDays, MIN_NOTICE_DEADLINE_DAYS) : settings.deadlineDays);
    if (dueDate <= today) errors.add('dueDate', 'NOT_AFTER_DUNNING_DATE', { date: today });
    else if (dcn && daysBetween(today, dueDate) < MIN_NOTICE_DEADLINE_DAYS) {
      errors.add('dueDate', 'NOTICE_DEADLINE_TOO_SHORT', { days: MIN_NOTICE_DEADLINE_DAYS, earliest: addDays(today, MIN_NOTICE_DEADLINE_DAYS) });
    }
    if (dcn && input.shipment?.ehf) errors.add('shipment.ehf', 'NOTICE_NOT_EHF');
    errors.throwIfAny();
    const c = claim as ClaimRow;
    const prior = (await priorOf(trx, [c.id])).get(c.id) ?? [];
    const repeat = await sameDayRepeat(trx, c, prior, today);
    if (repeat) throw conflict(`Invoice ${c.number} got dunning ${repeat} today and its claim has not changed since`, [fieldError('invoiceNumber', 'DUNNED_TODAY', { number: c.number, dunning: repeat })]);
    const options = { debtCollectionNotice: dcn, dunningFee: input.dunningFee ?? true, interest: input.interest ?? true, dueDate };
    const history = (await balanceHistories(trx, [c.id])).get(c.id)!;
    const rates = await loadRates(trx);
    const plan = planOr400(c, prior, options, today, settings, rates, history);
    const interestWarning = plan.interest.days > 0 ? (rateWarning(rates, today)?.message ?? null) : null;
    const [number] = await issueDunnings(tctx, [
      { claim: c, priorCount: prior.length, plan, options: { ...options, dunningText: input.dunningText?.trim() || null, automatic: false } },
    ]);
    const shipments = input.shipment ? await sendDunning(tctx, number, input.shipment) : null;
    return { number, feeRefused: plan.feeRefused, interestWarning, shipments };
  });
}
