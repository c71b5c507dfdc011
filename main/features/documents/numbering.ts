import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Settings } from '../settings/settings.schema.js';
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

/**
 * Takes `n` consecutive numbers of a series in the caller's transaction; returns the first. The counter row is read
 * with a row lock (SELECT … FOR UPDATE on PostgreSQL, where concurrent issues wait for each other's commit; a no-op on
 * SQLite, whose one writer already serialises the transaction), so concurrent issues give no gap and no duplicate.
 * A series' first row is inserted with ON CONFLICT DO NOTHING: when two transactions start a series at once, the loser
 * waits for the winner's commit and then locks and advances its row.
 */
export async function takeSeriesNumbers(trx: Kysely<Database>, series: string, first: number, n: number): Promise<number> {
  const lock = () => trx.selectFrom('number_series').select('next_number').where('series', '=', series).forUpdate().executeTakeFirst();
  let row = await lock();
  if (!row) {
    const inserted = await trx
      .insertInto('number_series')
      .values({ series, next_number: first + n })
      .onConflict((oc) => oc.column('series').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows) === 1) return first;
    row = await lock();
    if (!row) throw new Error(`number series ${series} vanished under an issue`);
  }
  const updated = await trx
    .updateTable('number_series')
    .set({ next_number: row.next_number + n })
    .where('series', '=', series)
    .where('next_number', '=', row.next_number)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`number series ${series} changed under an issue`);
  return row.next_number;
}
