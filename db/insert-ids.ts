/**
 * INSERT of several rows of one shape, answering their new ids in the rows' order (the outbox's shipments of one call).
 * - PostgreSQL: one INSERT … RETURNING per 20 rows (insertRows, db/prepared.ts): one round trip instead of one per row.
 *   RETURNING's order is not promised, but the identity values are drawn row by row in VALUES order, so the sorted ids
 *   are the rows' in order (test/sending/outbox-insert.test.ts checks it).
 * - SQLite, where the id is the table's rowid (isRowidColumn): one plain INSERT per row, each answered by its insertId
 *   (insertRows does that for one row). Measured, a pair of outbox rows in a transaction (CPU µs, median of 12 x 10,000,
 *   rotated order, load 5-6): two one-row INSERTs 32.7, one two-row INSERT … RETURNING 40.8 (SQLite runs RETURNING
 *   slower), one two-row plain INSERT 30.9 with its ids taken as the last insertId and the ones before it. The last is
 *   within the noise of the first and would rest on SQLite giving the rows of one INSERT consecutive rowids, so it is
 *   not taken. There are no round trips to save in-process.
 */
import type { Kysely } from 'kysely';
import { isRowidColumn } from './connection.js';
import { insertRows } from './prepared.js';
import type { Database } from './schema.js';

const PER_STATEMENT = 20;

export async function insertReturningIds(db: Kysely<Database>, table: keyof Database & string, rows: Record<string, unknown>[], idColumn = 'id'): Promise<number[]> {
  const ids: number[] = [];
  const one = isRowidColumn(db, table, idColumn);
  const step = one ? 1 : PER_STATEMENT;
  for (let i = 0; i < rows.length; i += step) {
    const chunk = rows.length <= step ? rows : rows.slice(i, i + step);
    const r = await insertRows<Record<string, unknown>>(db, table, chunk, [idColumn]);
    const got = r.rows.map((x) => Number(x[idColumn]));
    if (got.length !== chunk.length) throw new Error(`insertReturningIds: ${table}: ${got.length} ids for ${chunk.length} rows`);
    if (got.length > 1) got.sort((a, b) => a - b);
    for (const id of got) ids.push(id);
  }
  return ids;
}
