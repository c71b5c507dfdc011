import { Type, type TSchema } from '@sinclair/typebox';

/** Shared schema pieces, so every operation states limits the same way. */
export const Str = (max: number, opts: { min?: number } = {}) => Type.String({ maxLength: max, ...(opts.min ? { minLength: opts.min } : {}) });
export const OptStr = (max: number) => Type.Optional(Str(max));
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const OptNullStr = (max: number) => Type.Optional(Nullable(Str(max)));
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date YYYY-MM-DD' });
export const OptDate = Type.Optional(IsoDate);
export const PositiveInt = Type.Integer({ minimum: 1 });
export const NumberParam = Type.Object({ number: Type.Integer({ minimum: 1 }) });
export const Paging = {
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
};
export const PagingQuery = Type.Object(Paging);
