/** db/fast.ts: a query compiled once runs with new values (through Kysely, or on the connection an inTx transaction holds), inside and outside transactions, on SQLite and PostgreSQL. */
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../../db/connection.js';
import { insertRows, prepared, updateRows } from '../../db/fast.js';
import { inTx } from '../../main/ops/transaction.js';
import { onPostgres, useMigratedDatabase } from '../helpers/database.js';

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
    // One row returning its rowid (SQLite: answered from insertId, without RETURNING): the same answer as RETURNING gives.
    const entry = { at: '2026-03-15 12:00:00', entity: 'rowid-test', entity_id: '1', action: 'x', data: null, actor: null };
    const outside = await insertRows<{ id: number }>(db, 'audit_log', [entry], ['id']);
    const inside = await inTx({ db }, (tctx) => insertRows<{ id: number }>(tctx.db, 'audit_log', [{ ...entry, entity_id: '2' }], ['id']));
    const ids = await db.selectFrom('audit_log').select(['id', 'entity_id']).where('entity', '=', 'rowid-test').orderBy('id').execute();
    expect([outside.rows, inside.rows]).toEqual([[{ id: ids[0].id }], [{ id: ids[1].id }]]);
    expect(ids.map((r) => r.entity_id)).toEqual(['1', '2']);
    const none = await updateRows(db, 'audit_log', { action: 'x' }, { id: 1, data: null, entity: 'no-such-entity' });
    expect(Number(none.numAffectedRows)).toBe(0);
  });
});

/**
 * In a SQLite transaction opened by inTx (or the group commit) a prepared query runs on the connection that transaction
 * holds, without Kysely's executor: the same answers as through Kysely, and never for anything but that transaction.
 */
describe('prepared queries in a transaction that holds the connection', () => {
  const t = useMigratedDatabase();
  const onSqlite = () => !onPostgres();
  const addEntry = prepared((db, entity: string, entityId: string, data: string | null) =>
    db.insertInto('audit_log').values({ at: '2026-03-15 12:00:00', entity, entity_id: entityId, action: 'x', data, actor: null }).returning(['id', 'entity_id', 'data', 'actor']));
  const addPlain = prepared((db, entity: string) => db.insertInto('audit_log').values({ at: '2026-03-15 12:00:00', entity, entity_id: '1', action: 'x' }));
  const entries = prepared((db, entity: string) => db.selectFrom('audit_log').select(['entity_id', 'data', 'actor']).where('entity', '=', entity).orderBy('id'));
  const setNext = prepared((db, series: string, next: number) => db.updateTable('number_series').set({ next_number: next }).where('series', '=', series));
  const bump = prepared((db, series: string) =>
    db.updateTable('number_series').set((eb) => ({ next_number: eb('next_number', '+', 1) })).where('series', '=', series).returning('next_number'));

  /** The same five statements; their answers with the ids made relative (each run writes its own rows). */
  const script = async (db: OpenedDatabase['db'], tag: string) => {
    const a = await addEntry.execute(db, `e-${tag}`, 'one', null);
    const b = await addEntry.execute(db, `e-${tag}`, 'two', '{"øre":12345}');
    const plain = await addPlain.execute(db, `p-${tag}`);
    const none = await setNext.execute(db, 'no-such-series', 1);
    const big = await bump.execute(db, `big-${tag}`);
    const rows = await entries.execute(db, `e-${tag}`);
    const id0 = a.rows[0].id;
    return {
      a: { ...a, rows: a.rows.map((r) => ({ ...r, id: r.id - id0 })) },
      b: { ...b, rows: b.rows.map((r) => ({ ...r, id: r.id - id0 })) },
      plain: { ...plain, insertId: plain.insertId === undefined ? undefined : typeof plain.insertId },
      none: { ...none, insertId: typeof none.insertId }, // SQLite: the connection's last insert, whichever it was
      big,
      rows,
    };
  };

  it('answers exactly as through Kysely (rows with returning, nulls, large numbers; bigints numAffectedRows/insertId), and skips Kysely on SQLite only', async () => {
    await t.db.insertInto('number_series').values([{ series: 'big-k', next_number: 2 ** 40 }, { series: 'big-d', next_number: 2 ** 40 }]).execute();
    const viaKysely = await t.db.transaction().execute((trx) => script(trx, 'k')); // not inTx: Kysely's executor
    let executorCalls = 0;
    const direct = await inTx({ db: t.db }, async (tctx) => {
      const spied = vi.spyOn(tctx.db, 'executeQuery');
      const r = await script(tctx.db, 'd');
      executorCalls = spied.mock.calls.length;
      return r;
    });
    expect(direct).toEqual(viaKysely);
    expect(direct.big.rows).toEqual([{ next_number: 2 ** 40 + 1 }]);
    expect(typeof direct.none.numAffectedRows).toBe('bigint');
    expect(executorCalls).toBe(onSqlite() ? 0 : 6);
  });

  it('never runs in a transaction it does not belong to: a read outside waits for the open transaction and misses its rolled-back row', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const tx = inTx({ db: t.db }, async (tctx) => {
      await addPlain.execute(tctx.db, 'rolled-back');
      wrote();
      await gate;
      throw new Error('roll back');
    });
    await written;
    let seen: unknown[] | null = null;
    const outside = entries.rows(t.db, 'rolled-back').then((r) => (seen = r));
    await new Promise((r) => setTimeout(r, 20));
    if (onSqlite()) expect(seen).toBeNull(); // queued behind the transaction on the one connection
    release();
    await expect(tx).rejects.toThrow('roll back');
    await outside;
    expect(seen).toEqual([]);
  });

  it('a transaction object kept past its end is refused (by Kysely), not run in whatever transaction is open then', async () => {
    const kept = await inTx({ db: t.db }, async (tctx) => tctx.db);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const other = inTx({ db: t.db }, async () => gate);
    await expect(addPlain.execute(kept, 'stale')).rejects.toThrow(/already committed/);
    release();
    await other;
    expect(await entries.rows(t.db, 'stale')).toEqual([]);
  });
});
