import { Type } from '@sinclair/typebox';
import { defineOp } from '../../ops/define.js';
import { IsoDate } from '../../ops/schemas.js';
import { allCountries } from './countries.js';
import { listExchangeRates, MAX_RATE, MIN_RATE, RATE_DECIMALS, setExchangeRate } from './exchange-rates.service.js';
import { InfoView, CountryView, ExchangeRateView } from './common.output.js';
import { ListOf } from '../../ops/output.js';

export const commonOps = [
  defineOp({
    name: 'common.info',
    output: InfoView,
    method: 'GET',
    path: '/common/info',
    summary: "The service's today (KVITT_TODAY when set) and version, so clients date documents as the service does",
    run: (_i, ctx) => ({ today: ctx.clock.today(), version: '0.1.0', dataFolder: ctx.dataDir }),
  }),
  defineOp({
    name: 'common.listCountries',
    output: ListOf(CountryView),
    method: 'GET',
    path: '/common/public/countries',
    summary: 'Countries with their Norwegian bokmål names in upper case (ISO 3166)',
    public: true,
    run: () => allCountries(),
  }),
  defineOp({
    name: 'common.listExchangeRates',
    output: ListOf(ExchangeRateView),
    method: 'GET',
    path: '/common/currency/exchangeRates',
    summary: 'The latest known exchange rate (NOK per unit) of every currency, with its date',
    run: (_input, ctx) => listExchangeRates(ctx),
  }),
  defineOp({
    name: 'common.setExchangeRate',
    output: ExchangeRateView,
    method: 'PUT',
    path: '/common/currency/exchangeRates',
    summary: 'Enter an exchange rate for a currency on a date',
    body: Type.Object({
      currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'a 3-letter ISO 4217 code' }),
      rate: Type.Number({ minimum: MIN_RATE, maximum: MAX_RATE, description: `NOK per unit, ${MIN_RATE} to ${MAX_RATE}, at most ${RATE_DECIMALS} decimals` }),
      date: IsoDate,
    }),
    run: ({ body }, ctx) => setExchangeRate(ctx, body),
  }),
];
