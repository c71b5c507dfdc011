import type { Kysely } from 'kysely';
import { prepared } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { Settings } from '../settings/index.js';
import type { DocumentKind } from './document-kinds.js';

/**
 * The number series of a kind. Invoices and credit notes share the invoice series unless
 * settings.invoicing.creditNotesOwnSeries; offers and order confirmations have their own.
 */
export function seriesOf(kind: DocumentKind, settings: Settings): string {
  if (kind === 'credit-note') return settings.invoicing.creditNotesOwnSeries ? 'credit-note' : 'invoice';
  return kind;
}

export function firstNumberOf(series: string, settings: Settings): number {
  const s = settings.invoicing;
  switch (series) {
    case 'invoice':
      return s.firstInvoiceNumber;
    case 'credit-note':
      return s.firstCreditNoteNumber;
    case 'offer':
      return s.firstOfferNumber;
    case 'order-confirmation':
      return s.firstOrderConfirmationNumber;
    default:
      return 1;
  }
}

/**
 * Takes the next number of a series. Call it only inside the transaction that issues the document: the
 * number_series row is read and advanced in that transaction, so a rollback gives the number back (no gaps)
 * and two issues can never get the same number (the unique index on (series, number) is the last guard). The first
 * number comes from settings until the series has a row.
 */
export async function takeNextNumber(trx: Kysely<Database>, series: string, settings: Settings): Promise<number> {
  return takeSeriesNumbers(trx, series, firstNumberOf(series, settings), 1);
}

/** Advances a series' counter by `n` and answers the new counter: one UPDATE, which on PostgreSQL also takes the row lock. */
const advance = prepared((db, series: string, n: number) =>
  db.updateTable('number_series').set((eb) => ({ next_number: eb('next_number', '+', n) })).where('series', '=', series).returning('next_number'),
);
const startSeries = prepared((db, series: string, next: number) =>
  db.insertInto('number_series').values({ series, next_number: next }).onConflict((oc) => oc.column('series').doNothing()),
);

/**
 * Takes `n` consecutive numbers of a series in the caller's transaction; returns the first. One statement advances the
 * counter and answers it (UPDATE … RETURNING): on PostgreSQL the UPDATE takes the row lock, so a concurrent issue waits
 * for this transaction's commit and then advances the committed counter (READ COMMITTED re-reads the row it waited
 * for); on SQLite the one writer already serialises the transaction. No gap, no duplicate, and a rollback gives the
 * numbers back. A series' first row is inserted with ON CONFLICT DO NOTHING: when two transactions start a series at
 * once, the loser waits for the winner's commit and then advances its row.
 */
export async function takeSeriesNumbers(trx: Kysely<Database>, series: string, first: number, n: number): Promise<number> {
  let row = await advance.first(trx, series, n);
  if (!row) {
    const inserted = await startSeries.execute(trx, series, first + n);
    if (Number(inserted.numAffectedRows) === 1) return first;
    row = await advance.first(trx, series, n);
    if (!row) throw new Error(`number series ${series} vanished under an issue`);
  }
  return Number(row.next_number) - n;
}
