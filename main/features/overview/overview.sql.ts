/**
 * The SQL pieces of the overviews that could differ between database dialects, in one place. Everything here is
 * standard SQL that SQLite and PostgreSQL both run unchanged (substr on ISO date text, CASE, round); when a dialect
 * ever needs its own form, this file is the one to change.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

/** 'YYYY-MM' of an ISO date column (dates are ISO text, so the month is its first seven characters). */
export function monthOf(date: Expression<string | null>): RawBuilder<string> {
  return sql<string>`substr(${date}, 1, 7)`;
}

/**
 * An amount in a document's currency (øre) in NOK øre at the document's own exchange rate (rate in millionths),
 * rounded to whole øre; NOK amounts pass unchanged. `d` is the alias of the documents table.
 */
export function nokOf(amount: Expression<number | null>, d = 'd'): RawBuilder<number> {
  return sql<number>`case when ${sql.ref(`${d}.currency`)} = 'NOK' then ${amount} else round(${amount} * ${sql.ref(`${d}.exchange_rate_micro`)} / 1000000.0) end`;
}

/** The first and last day of a calendar year, for range conditions that use the date indexes. */
export function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}
