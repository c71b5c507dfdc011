/**
 * The dated late-interest rates (forsinkelsesrente, domain-norway.md section 5): seeded by migration 0005, edited in
 * Settings → Purring. Issued dunnings keep their own interest, so editing a rate never changes one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { RatePeriod } from '../../domain/late-interest.js';
import { fromScaled, hasAtMostDecimals, toScaled } from '../../domain/money.js';
import { conflict, fieldError, FieldErrors, notFound } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import type { InterestRateInput } from './dunnings.schema.js';
import { inTx } from '../../ops/transaction.js';
import { rateTableEnd } from '../../domain/late-interest.js';
import { rateWarning } from './interest.js';
import type { InterestRateStatusView } from './dunnings.output.js';

/** Whether the rates cover today; when not, the warning the dunning screen shows. */
export async function rateStatus(ctx: AppContext): Promise<InterestRateStatusView> {
  const today = ctx.clock.today();
  const rates = await loadRates(ctx.db);
  const last = rates[rates.length - 1];
  return {
    today,
    latest: last ? { from: last.from, rate: fromScaled(last.rate, 2) } : null,
    knownThrough: rateTableEnd(rates),
    warning: rateWarning(rates, today),
  };
}

export interface InterestRateView {
  from: string;
  rate: number;
  _links: { self: { uri: string } };
}

const view = (r: { from_date: string; rate: number }): InterestRateView => ({
  from: r.from_date,
  rate: fromScaled(r.rate, 2),
  _links: { self: { uri: `/dunnings/interest-rates/${r.from_date}` } },
});

/** All rates, in date order, for the interest computation. */
export async function loadRates(db: Kysely<Database>): Promise<RatePeriod[]> {
  const rows = await db.selectFrom('interest_rates').select(['from_date', 'rate']).orderBy('from_date').execute();
  return rows.map((r) => ({ from: r.from_date, rate: r.rate }));
}

export async function listRates(ctx: AppContext): Promise<InterestRateView[]> {
  const rows = await ctx.db.selectFrom('interest_rates').selectAll().orderBy('from_date', 'desc').execute();
  return rows.map(view);
}

function checked(input: InterestRateInput): { from_date: string; rate: number } {
  const errors = new FieldErrors();
  if (!hasAtMostDecimals(input.rate, 2)) errors.add('rate', 'TOO_MANY_DECIMALS', { max: 2 });
  errors.throwIfAny();
  return { from_date: input.from, rate: toScaled(input.rate, 2) };
}

export async function getRate(ctx: AppContext, from: string): Promise<InterestRateView> {
  const row = await ctx.db.selectFrom('interest_rates').selectAll().where('from_date', '=', from).executeTakeFirst();
  if (!row) throw notFound('interest-rate', { from });
  return view(row);
}

export async function createRate(ctx: AppContext, input: InterestRateInput): Promise<string> {
  const row = checked(input);
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const taken = await trx.selectFrom('interest_rates').select('from_date').where('from_date', '=', row.from_date).executeTakeFirst();
    if (taken) throw conflict(`A rate from ${row.from_date} exists; change it with PUT`, [fieldError('from', 'RATE_EXISTS')]);
    await trx.insertInto('interest_rates').values(row).execute();
    await audit(tctx, 'interest-rate', row.from_date, 'create', { rate: input.rate });
    return row.from_date;
  });
}

/** Replaces the rate from `from` (the body's `from` may move it to another date). */
export async function updateRate(ctx: AppContext, from: string, input: InterestRateInput): Promise<string> {
  const row = checked(input);
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const old = await trx.selectFrom('interest_rates').select('from_date').where('from_date', '=', from).executeTakeFirst();
    if (!old) throw notFound('interest-rate', { from });
    if (row.from_date !== from) {
      const taken = await trx.selectFrom('interest_rates').select('from_date').where('from_date', '=', row.from_date).executeTakeFirst();
      if (taken) throw conflict(`A rate from ${row.from_date} exists`, [fieldError('from', 'RATE_EXISTS')]);
    }
    await trx.deleteFrom('interest_rates').where('from_date', '=', from).execute();
    await trx.insertInto('interest_rates').values(row).execute();
    await audit(tctx, 'interest-rate', from, 'update', { from: row.from_date, rate: input.rate });
    return row.from_date;
  });
}

export async function deleteRate(ctx: AppContext, from: string): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const r = await trx.deleteFrom('interest_rates').where('from_date', '=', from).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw notFound('interest-rate', { from });
    await audit(tctx, 'interest-rate', from, 'delete');
  });
}
