import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { audit } from '../audit/audit.service.js';
import { inTx } from '../../ops/transaction.js';

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
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row =
    before ??
    (await ctx.db.selectFrom('exchange_rates').select(['rate_micro', 'date']).where('currency', '=', currency).orderBy('date').limit(1).executeTakeFirst());
  return row ? { rateMicro: row.rate_micro, date: row.date } : null;
}

export async function setExchangeRate(ctx: AppContext, input: ExchangeRate): Promise<ExchangeRate> {
  const rateMicro = Math.round(input.rate * 1e6);
  await inTx(ctx, async ({ db: trx }) => {
    await trx
      .insertInto('exchange_rates')
      .values({ currency: input.currency, date: input.date, rate_micro: rateMicro })
      .onConflict((oc) => oc.columns(['currency', 'date']).doUpdateSet({ rate_micro: rateMicro }))
      .execute();
    await audit(trx, ctx.clock, 'exchange_rate', `${input.currency}/${input.date}`, 'set', { rate: input.rate });
  });
  return { currency: input.currency, rate: rateMicro / 1e6, date: input.date };
}
