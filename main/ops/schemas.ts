import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { PAGE_LIMITS } from './define.js';
import { READ_BACK_KEYWORD } from './text.js';
import { DATE_TIME_MINUTE } from './dates.js';

/** Shared schema pieces, so every operation states limits the same way. */
export const Str = (max: number, opts: { min?: number } = {}) => Type.String({ maxLength: max, ...(opts.min ? { minLength: opts.min } : {}) });
export const OptStr = (max: number) => Type.Optional(Str(max));
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const OptNullStr = (max: number) => Type.Optional(Nullable(Str(max)));
/** A real calendar day `YYYY-MM-DD` (ajv-formats' `date`: 2026-02-29 and 2026-04-31 are refused with NOT_A_DATE). */
export const IsoDate = Type.String({ format: 'date', description: 'a date YYYY-MM-DD' });
/** A real day and time of day to the minute, `YYYY-MM-DD HH:MM` local time (event times; ops/dates.ts). */
export const IsoDateTimeMinute = Type.String({ format: DATE_TIME_MINUTE, description: 'a date and time YYYY-MM-DD HH:MM' });
export const OptDate = Type.Optional(IsoDate);
export const PositiveInt = Type.Integer({ minimum: 1 });
export const NumberParam = Type.Object({ number: Type.Integer({ minimum: 1 }) });
export const Paging = {
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMITS.perPage })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMITS.page })),
};
export const PagingQuery = Type.Object(Paging);

/* ---- read shapes (output schemas) ---- */
/** `{uri}` of a link in `_links`. */
export const Link = Type.Object({ uri: Type.String() });
/** `_links: {self: {uri}}` (and maybe more links). */
export const SelfLinks = Type.Object({ self: Link }, { additionalProperties: Link });
/** An object that answers exactly these fields (read shapes: no field the service does not answer). */
export const Closed = <T extends TProperties>(props: T, opts: { description?: string } = {}) => Type.Object(props, { additionalProperties: false, ...opts });
/** An integer amount in øre (minor units). */
export const Ore = Type.Integer({ description: 'øre' });

/**
 * An input object that also accepts the read-only fields of its read shape (a client may GET, change and PUT back):
 * those named in `readOnly` are accepted whatever they hold and removed during validation; any other unknown field is
 * still refused with 400.
 */
export function ReadBack<T extends TProperties>(props: T, readOnly: readonly string[]) {
  const schema = Type.Object(props);
  const ignored = Object.fromEntries(readOnly.map((n) => [n, Type.Optional(Type.Unknown())]));
  return { ...schema, properties: { ...schema.properties, ...ignored }, [READ_BACK_KEYWORD]: readOnly } as typeof schema;
}
