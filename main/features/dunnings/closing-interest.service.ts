/**
 * The interest an invoice paid in full but late accrued (docs/dunning-and-dates.md): the user claims it on a closing
 * interest note (rentenota: a notice with interest only, its own deadline; the invoice is owed that much again) or waives
 * it (kept in interest_waivers, audited). Either choice is made once per invoice.
 */
import type { AppContext } from '../../context.js';
import { addDays } from '../../domain/late-interest.js';
import { fromScaled, oreToKr } from '../../domain/money.js';
import { MissingRateError, type LateInterest } from '../../domain/late-interest.js';
import { fieldError, OpError, validationError } from '../../ops/errors.js';

/** A day without a rate is a 400 naming `field`. */
function orMissingRate400(f: () => LateInterest, field: string): LateInterest {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof MissingRateError)) throw e;
    throw validationError([fieldError(field, 'NO_INTEREST_RATE', { date: e.date })]);
  }
}
import { audit } from '../audit/index.js';
import { getSettings } from '../settings/index.js';
import type { ClaimRow, Plan } from './claim.js';
import { CLAIM_COLUMNS, claimsQuery, issueDunnings, priorOf, sendDunning } from './dunnings.service.js';
import { balanceHistories } from './interest-basis.service.js';
import { loadRates } from './interest-rates.service.js';
import { interestFor, rateWarning } from './interest.js';
import { inTx } from '../../ops/transaction.js';
import type { ClosingInterestClaimInput, ClosingInterestView, ClosingInterestWaiveInput } from './closing-interest.schema.js';

async function accrued(ctx: AppContext, invoiceNumber: number, field: string) {
  const db = ctx.db;
  const today = ctx.clock.today();
  const c = (await claimsQuery(db).select([...CLAIM_COLUMNS, 'b.settled_date']).where('d.number', '=', invoiceNumber).executeTakeFirst()) as
    | (ClaimRow & { settled_date: string | null })
    | undefined;
  if (!c) throw validationError([fieldError(field, 'NOT_AN_ISSUED_INVOICE')]);
  const prior = (await priorOf(db, [c.id])).get(c.id) ?? [];
  const history = (await balanceHistories(db, [c.id])).get(c.id)!;
  const rates = await loadRates(db);
  const chargedThrough = [c.due_date ?? today, ...prior.map((p) => p.interest_to)].reduce<string>((m, d) => (d !== null && d > m ? d : m), '');
  const paidInFull = c.balance <= 0 && !c.lost;
  const interest = c.due_date && paidInFull ? orMissingRate400(() => interestFor(history, c.due_date!, chargedThrough, today, rates), 'invoiceNumber') : null;
  const waiver = await db.selectFrom('interest_waivers').selectAll().where('document_id', '=', c.id).executeTakeFirst();
  const note = await db.selectFrom('dunnings').select(['number', 'interest']).where('document_id', '=', c.id).where('interest_note', '=', 1).executeTakeFirst();
  return { c, prior, interest, waiver, note, paidInFull, rates, today };
}

export async function getClosingInterest(ctx: AppContext, invoiceNumber: number): Promise<ClosingInterestView> {
  const a = await accrued(ctx, invoiceNumber, 'invoiceNumber');
  const i = a.interest;
  const state = a.note ? 'claimed' : a.waiver ? 'waived' : !a.paidInFull ? 'not-paid' : i && i.interest > 0 ? 'open' : 'none';
  return {
    invoiceNumber,
    state,
    interest: a.note ? oreToKr(a.note.interest) : a.waiver ? oreToKr(a.waiver.amount) : i ? oreToKr(i.interest) : 0,
    period: state === 'open' && i ? { from: i.parts[0].from, to: i.parts[i.parts.length - 1].to } : a.waiver ? { from: a.waiver.interest_from, to: a.waiver.interest_to } : null,
    parts: state === 'open' && i ? i.parts.map((p) => ({ from: p.from, to: p.to, days: p.days, rate: fromScaled(p.rate, 2), principal: oreToKr(p.principal ?? 0), interest: oreToKr(p.interest) })) : [],
    interestNote: a.note ? { number: a.note.number, uri: `/dunnings/${a.note.number}` } : null,
    waivedReason: a.waiver?.reason ?? null,
    interestWarning: state === 'open' && i ? (rateWarning(a.rates, i.parts[i.parts.length - 1].to)?.message ?? null) : null,
  };
}

function mustBeOpen(a: Awaited<ReturnType<typeof accrued>>, invoiceNumber: number) {
  if (a.note) throw new OpError('INTEREST_ALREADY_CLAIMED', `The interest of invoice ${invoiceNumber} was claimed on notice ${a.note.number}`, [], { number: invoiceNumber, note: a.note.number });
  if (a.waiver) throw new OpError('INTEREST_ALREADY_WAIVED', `The interest of invoice ${invoiceNumber} was waived`, [], { number: invoiceNumber });
  if (!a.paidInFull) throw validationError([fieldError('invoiceNumber', 'NOT_PAID_IN_FULL', { number: invoiceNumber })]);
  if (!a.interest || a.interest.interest <= 0) throw validationError([fieldError('invoiceNumber', 'NO_ACCRUED_INTEREST', { number: invoiceNumber })]);
  return a.interest;
}

/** Claims the accrued interest on a closing interest note; returns the note's number. */
export async function claimClosingInterest(ctx: AppContext, input: ClosingInterestClaimInput): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const a = await accrued(tctx, input.invoiceNumber, 'invoiceNumber');
    const interest = mustBeOpen(a, input.invoiceNumber);
    const settings = (await getSettings(tctx)).dunning;
    const dueDate = input.dueDate ?? addDays(a.today, settings.deadlineDays);
    if (dueDate <= a.today) throw validationError([fieldError('dueDate', 'NOT_AFTER_DUNNING_DATE', { date: a.today })]);
    const plan: Plan = {
      fee: 0,
      feeRefused: null,
      interest,
      interestFrom: interest.parts[0].from,
      principal: 0,
      followsDeadline: [a.c.due_date!, ...a.prior.map((p) => p.due_date)].reduce((m, d) => (d > m ? d : m)),
    };
    const options = { debtCollectionNotice: false, dunningFee: false, interest: true, dueDate, dunningText: input.dunningText?.trim() || null, automatic: false, interestNote: true };
    const [number] = await issueDunnings(tctx, [{ claim: a.c, priorCount: a.prior.length, plan, options }]);
    if (input.shipment) await sendDunning(tctx, number, input.shipment);
    return number;
  });
}

/** Waives the accrued interest (kept and audited; the invoice stays paid). */
export async function waiveClosingInterest(ctx: AppContext, input: ClosingInterestWaiveInput): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const a = await accrued(tctx, input.invoiceNumber, 'invoiceNumber');
    const interest = mustBeOpen(a, input.invoiceNumber);
    const reason = input.reason?.trim() || null;
    const row = {
      document_id: a.c.id,
      interest_from: interest.parts[0].from,
      interest_to: interest.parts[interest.parts.length - 1].to,
      amount: interest.interest,
      reason,
      created_at: ctx.clock.timestamp(),
    };
    await tctx.db.insertInto('interest_waivers').values(row).execute();
    await audit(tctx, 'invoice', input.invoiceNumber, 'interest-waived', { amount: interest.interest, from: row.interest_from, to: row.interest_to, reason });
  });
}
