import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const InfoView = Type.Object({
  today: Type.String(),
  version: Type.String(),
  dataFolder: Nullable(Type.String({ description: 'null: an in-memory or PostgreSQL database' })),
});
export type InfoView = Static<typeof InfoView>;

export const CountryView = Type.Object({
  code: Type.String(),
  name: Type.String(),
});
export type CountryView = Static<typeof CountryView>;

export const ExchangeRateView = Type.Object({
  currency: Type.String(),
  rate: Type.Number(),
  date: Type.String(),
});
export type ExchangeRateView = Static<typeof ExchangeRateView>;

