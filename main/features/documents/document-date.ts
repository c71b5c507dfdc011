import type { Kysely } from 'kysely';
import { prepared } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { FieldErrors } from '../../ops/errors.js';
import { addDays } from './draft-input.js';

/**
 * The document date rule of the books (bokføringsforskriften: the document date is the issue date, and the numbers of a
 * series follow its dates). An invoice or credit note may not be dated after today, nor before the latest date already
 * issued in its series, except by the back-dating window the user set (settings.invoicing.backdatingDays, 0 by default).
 * Offers and order confirmations are not vouchers of the books and keep their free dates.
 */
export function dateRuleApplies(kind: string): boolean {
  return kind === 'invoice' || kind === 'credit-note';
}

/** The latest issue date in a series (index documents_series_issue_date): one lookup at the end of the series. */
const latestInSeries = prepared((db, series: string) =>
  db.selectFrom('documents').select((eb) => eb.fn.max('issue_date').as('latest')).where('series', '=', series),
);

/**
 * Checks `issueDate` for a document of `series` being issued in the caller's transaction, after its number was taken
 * (on PostgreSQL the series row's lock is held then, so a concurrent issue's date is committed and seen here). Adds
 * `invoiceDate` errors: DATE_IN_FUTURE, BEFORE_LATEST_IN_SERIES (with the latest date and the earliest date allowed).
 */
export async function checkDocumentDate(
  trx: Kysely<Database>,
  errors: FieldErrors,
  args: { series: string; issueDate: string; today: string; backdatingDays: number },
): Promise<void> {
  const { series, issueDate, today, backdatingDays } = args;
  if (issueDate > today) {
    errors.add('invoiceDate', 'DATE_IN_FUTURE', { date: issueDate, today });
    return;
  }
  const row = await latestInSeries.first(trx, series);
  const latest = row?.latest ?? null;
  if (!latest) return;
  const earliest = addDays(latest, -backdatingDays);
  if (issueDate < earliest) errors.add('invoiceDate', 'BEFORE_LATEST_IN_SERIES', { date: issueDate, latest, earliest });
}
