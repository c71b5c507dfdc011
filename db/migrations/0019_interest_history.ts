import type { Kysely } from 'kysely';

/**
 * Late interest back to 2014 and the closing interest of an invoice paid late (docs/dunning-and-dates.md):
 * - interest_rates gets the official half-year rates 2014-01-01 … 2023-07-01 (Norges Bank's policy rate in force on
 *   1 January / 1 July + 8 points, as Finansdepartementet fixed them); a date the user already entered keeps its rate;
 * - dunnings.interest_note = 1 marks a closing interest note (rentenota): interest only, on an invoice paid in full late;
 * - interest_waivers: the user chose to waive the interest an invoice paid late accrued (one row per invoice).
 * Portable DDL.
 */
export const RATES_2014_2023: [string, number][] = [
  ['2014-01-01', 950], ['2014-07-01', 950],
  ['2015-01-01', 925], ['2015-07-01', 900],
  ['2016-01-01', 875], ['2016-07-01', 850],
  ['2017-01-01', 850], ['2017-07-01', 850],
  ['2018-01-01', 850], ['2018-07-01', 850],
  ['2019-01-01', 875], ['2019-07-01', 925],
  ['2020-01-01', 950], ['2020-07-01', 800],
  ['2021-01-01', 800], ['2021-07-01', 800],
  ['2022-01-01', 850], ['2022-07-01', 925],
  ['2023-01-01', 1075], ['2023-07-01', 1175],
];

export async function up(db: Kysely<any>): Promise<void> {
  const have = new Set((await db.selectFrom('interest_rates').select('from_date').execute()).map((r: { from_date: string }) => r.from_date));
  const missing = RATES_2014_2023.filter(([d]) => !have.has(d)).map(([from_date, rate]) => ({ from_date, rate }));
  if (missing.length) await db.insertInto('interest_rates').values(missing).execute();
  await db.schema.alterTable('dunnings').addColumn('interest_note', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('interest_waivers')
    .addColumn('document_id', 'integer', (c) => c.primaryKey())
    .addColumn('interest_from', 'text', (c) => c.notNull())
    .addColumn('interest_to', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
