import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { audit } from '../audit/index.js';
import { inTx } from '../../ops/transaction.js';
import { FieldErrors } from '../../ops/errors.js';
import { hasAtMostDecimals } from '../../domain/money.js';

export interface ExchangeRate {
  currency: string;
  /** NOK per one unit of the currency. */
  rate: number;
  date: string;
}

/** The latest known rate of every currency. */
export async function listExchangeRates(ctx: AppContext): Promise<ExchangeRate[]> {
  const rows = await ctx.db
    .selectFrom('exchange_rates as r')
    .select(['r.currency', 'r.date', 'r.rate_micro'])
    .where('r.date', '=', (eb) =>
      eb.selectFrom('exchange_rates as r2').select(sql<string>`max(r2.date)`.as('d')).whereRef('r2.currency', '=', 'r.currency'),
    )
    .orderBy('r.currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency, rate: r.rate_micro / 1e6, date: r.date }));
}

export async function knownCurrencies(ctx: AppContext): Promise<Set<string>> {
  const rows = await ctx.db.selectFrom('exchange_rates').select('currency').distinct().execute();
  return new Set(rows.map((r) => r.currency));
}

/** The rate on `date`, or the latest known before it (offline: the last rate the user entered). */
export async function rateOn(ctx: AppContext, currency: string, date: string): Promise<{ rateMicro: number; date: string } | null> {
  if (currency === 'NOK') return { rateMicro: 1_000_000, date };
  const before = await ctx.db
    .selectFrom('exchange_rates')
    .select(['rate_micro', 'date'])
    .where('currency', '=', currency)
    .where('rate_micro', '>', 0) // a 0 stored before rates were checked is no rate
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row =
    before ??
    (await ctx.db.selectFrom('exchange_rates').select(['rate_micro', 'date']).where('currency', '=', currency).where('rate_micro', '>', 0).orderBy('date').limit(1).executeTakeFirst());
  return row ? { rateMicro: row.rate_micro, date: row.date } : null;
}

/**
 * Rates are stored in millionths (rate_micro). The range covers every currency a Norwegian business invoices in (the
 * Vietnamese dong is about 0.0004 NOK, the Kuwaiti dinar about 35); a rate below it would be stored as 0 or with hardly
 * one significant digit, and a document in that currency would be worth nothing in NOK.
 */
export const MIN_RATE = 0.0001;
export const MAX_RATE = 100_000;
export const RATE_DECIMALS = 6;

export async function setExchangeRate(ctx: AppContext, input: ExchangeRate): Promise<ExchangeRate> {
  const errors = new FieldErrors();
  if (!hasAtMostDecimals(input.rate, RATE_DECIMALS)) errors.add('rate', 'TOO_MANY_DECIMALS', { max: RATE_DECIMALS });
  errors.throwIfAny();
  const rateMicro = Math.round(input.rate * 1e6);
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    await trx
      .insertInto('exchange_rates')
      .values({ currency: input.currency, date: input.date, rate_micro: rateMicro })
      .onConflict((oc) => oc.columns(['currency', 'date']).doUpdateSet({ rate_micro: rateMicro }))
      .execute();
    await audit(tctx, 'exchange_rate', `${input.currency}/${input.date}`, 'set', { rate: input.rate });
  });
  return { currency: input.currency, rate: rateMicro / 1e6, date: input.date };
}
