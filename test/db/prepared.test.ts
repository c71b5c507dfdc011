/** db/prepared.ts: a query compiled once runs with new values through Kysely, inside and outside transactions, on SQLite and PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertRows, prepared, updateRows } from '../../db/prepared.js';
import { useMigratedDatabase } from '../helpers/database.js';

describe('prepared queries', () => {
  const t = useMigratedDatabase();

  const insert = prepared((db, series: string, next: number) => db.insertInto('number_series').values({ series, next_number: next }));
  const read = prepared((db, series: string) => db.selectFrom('number_series').select(['series', 'next_number']).where('series', '=', series).where('next_number', '>', 0));
  const bump = prepared((db, series: string) =>
    db.updateTable('number_series').set((eb) => ({ next_number: eb('next_number', '+', 1) })).where('series', '=', series).returning('next_number'),
  );

  it('runs with each call’s values, keeps the builder’s constants, and works in a transaction', async () => {
    const db = t.db;
    await insert.execute(db, 'p-a', 5);
    await insert.execute(db, 'p-b', 7);
    expect(await read.first(db, 'p-a')).toEqual({ series: 'p-a', next_number: 5 });
    expect(await read.rows(db, 'p-b')).toEqual([{ series: 'p-b', next_number: 7 }]);
    expect(await read.first(db, 'p-none')).toBeUndefined();
    await db.transaction().execute(async (trx) => {
      expect(await bump.first(trx, 'p-a')).toEqual({ next_number: 6 });
      expect(await bump.first(trx, 'p-a')).toEqual({ next_number: 7 });
    });
    expect(await read.first(db, 'p-a')).toEqual({ series: 'p-a', next_number: 7 });
    // A rolled-back transaction's write through a prepared query is gone like any other.
    await expect(db.transaction().execute(async (trx) => {
      await bump.execute(trx, 'p-b');
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect((await read.first(db, 'p-b'))?.next_number).toBe(7);
  });

  it('refuses a placeholder that does not become a bound parameter', async () => {
    const bad = prepared((db, n: number) => db.selectFrom('number_series').select(sql.lit(n as unknown as string).as('x')));
    await expect(bad.rows(t.db, 1)).rejects.toThrow(/not bound/);
  });

  it('insertRows and updateRows: one prepared statement per shape, undefined left out, null in a condition is IS NULL', async () => {
    const db = t.db;
    const r = await insertRows<{ series: string }>(db, 'number_series', [{ series: 'r-a', next_number: 1 }, { series: 'r-b', next_number: 2 }], ['series']);
    expect(r.rows.map((x) => x.series)).toEqual(['r-a', 'r-b']);
    await insertRows(db, 'number_series', [{ series: 'r-c', next_number: 3, ignored: undefined }]);
    const changed = await updateRows(db, 'number_series', { next_number: 10 }, { series: 'r-b' });
    expect(Number(changed.numAffectedRows)).toBe(1);
    await db.transaction().execute(async (trx) => {
      expect(Number((await updateRows(trx, 'number_series', { next_number: 11 }, { series: 'r-c' })).numAffectedRows)).toBe(1);
    });
    const rows = await db.selectFrom('number_series').select(['series', 'next_number']).where('series', 'like', 'r-%').orderBy('series').execute();
    expect(rows).toEqual([{ series: 'r-a', next_number: 1 }, { series: 'r-b', next_number: 10 }, { series: 'r-c', next_number: 11 }]);
    const none = await updateRows(db, 'audit_log', { action: 'x' }, { id: 1, data: null, entity: 'no-such-entity' });
    expect(Number(none.numAffectedRows)).toBe(0);
  });
});
