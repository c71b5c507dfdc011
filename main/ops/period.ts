/**
 * The longest period an operation answers for: every operation whose query has `from` and `to` dates is checked after its
 * schema (a 400 on `to` naming the limit); an operation states its own limit with `maxPeriodYears`, else DEFAULT.
 * With the date rule (dates.ts: 2000-01-01..2099-12-31) no period parameter reaches a service unbounded.
 */
import { fieldError, type FieldError } from './errors.js';

export const DEFAULT_MAX_PERIOD_YEARS = 10;

/** `date` plus whole years (29 February becomes 28 February in a year without it; string compare stays exact). */
function plusYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** The field error when `to` lies more than `maxYears` after `from`; none otherwise (also when either is missing). */
export function periodErrors(query: Record<string, unknown>, maxYears = DEFAULT_MAX_PERIOD_YEARS): FieldError[] {
  const from = query.from;
  const to = query.to ?? query.end;
  if (typeof from !== 'string' || typeof to !== 'string') return [];
  if (to <= plusYears(from, maxYears)) return [];
  return [fieldError(query.to === undefined ? 'end' : 'to', 'PERIOD_TOO_LONG', { years: maxYears })];
}
