/**
 * Query parameters of the overviews (spec 4.3) and their checks. Schemas take the raw strings; the parse functions
 * turn them into typed filters and name every bad parameter in one 400 (`fields: [{field: 'year', …}]`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { FieldErrors } from '../../ops/errors.js';
import { IsoDate, Paging } from '../../ops/schemas.js';

/** A list parameter: comma-separated (`states=notDue,due`) or repeated (`states=notDue&states=due`). */
const ListParam = Type.Union([Type.String({ maxLength: 200 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 })]);

export const YearQuery = Type.Object({
  /** Omitted, empty or `null`: the last year with invoices; a year like 2026; `all`: every year. */
  year: Type.Optional(Type.String({ maxLength: 10 })),
});

export const DocumentsQuery = Type.Object({
  state: Type.Optional(ListParam),
  states: Type.Optional(ListParam),
  type: Type.Optional(ListParam),
  types: Type.Optional(ListParam),
  year: Type.Optional(Type.String({ maxLength: 10 })),
  ...Paging,
});
export type DocumentsQuery = Static<typeof DocumentsQuery>;

export const RangeQuery = Type.Object({
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});

/** The summary "supports pagination" (spec 4.3): perPage/page are accepted and checked; the answer is one object. */
export const SummaryQuery = Type.Object({
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  ...Paging,
});

/** The states of the overview lists (spec 3's filters with the API's camelCase names). */
export const OVERVIEW_STATES = ['draft', 'notDue', 'due', 'paid', 'credited', 'lost'] as const;
export type OverviewState = (typeof OVERVIEW_STATES)[number];
export const OVERVIEW_TYPES = ['ordinary', 'credit'] as const;
export type OverviewType = (typeof OVERVIEW_TYPES)[number];

/** A year parameter: a number, 'all', or 'last' (resolved later to the last year with invoices). */
export type YearParam = number | 'all' | 'last';

export function parseYear(raw: string | undefined, errors: FieldErrors, field = 'year'): YearParam {
  if (raw === undefined || raw === '' || raw === 'null') return 'last';
  if (raw === 'all') return 'all';
  if (/^\d{4}$/.test(raw) && Number(raw) >= 1900) return Number(raw);
  errors.add(field, 'INVALID_YEAR');
  return 'last';
}

function parseList<T extends string>(raws: (string | string[] | undefined)[], allowed: readonly T[], field: string, errors: FieldErrors): T[] | null {
  const values = raws.flatMap((r) => (r === undefined ? [] : Array.isArray(r) ? r : [r])).flatMap((s) => s.split(','));
  if (!values.length) return null;
  const out = new Set<T>();
  for (const v of values.map((s) => s.trim())) {
    if ((allowed as readonly string[]).includes(v)) out.add(v as T);
    else errors.add(field, 'UNKNOWN_VALUE', { value: v.slice(0, 40), allowed: allowed.join(', ') });
  }
  return [...out];
}

export interface DocumentsFilter {
  /** null: every state (drafts included). */
  states: OverviewState[] | null;
  /** null: both types. */
  types: OverviewType[] | null;
  year: YearParam;
}

export function parseDocumentsQuery(q: DocumentsQuery): DocumentsFilter {
  const errors = new FieldErrors();
  const states = parseList([q.state, q.states], OVERVIEW_STATES, q.states !== undefined ? 'states' : 'state', errors);
  const types = parseList([q.type, q.types], OVERVIEW_TYPES, q.types !== undefined ? 'types' : 'type', errors);
  const year = parseYear(q.year, errors);
  errors.throwIfAny();
  return { states, types, year };
}

/** from/to of the graph and the summary (real dates: the schema's IsoDate), from not after to; defaults today − 6 months … today. */
export function parseRange(q: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const errors = new FieldErrors();
  const to = q.to ?? today;
  const from = q.from ?? addMonths(to < today ? to : today, -6);
  if (from > to) errors.add(q.from !== undefined ? 'from' : 'to', 'AFTER_TO', { to });
  errors.throwIfAny();
  return { from, to };
}

/** An ISO date moved by whole months; a day that does not exist in the target month becomes its last day (08-31 − 6 → 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
