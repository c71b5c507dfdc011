/**
 * db/fast.ts insertValues (a many-row INSERT from one flat array of values) and preparedIn (a prepared query with one
 * `in (…)` list of any length, padded to fixed sizes with nulls): the bank import writes and looks up its 500
 * transactions a chunk through them. Same rows as the plain Kysely statements, on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { insertValues, preparedIn } from '../../db/fast.js';
import { useMigratedDatabase } from '../helpers/database.js';

const COLUMNS = ['at', 'entity', 'entity_id', 'action', 'data', 'actor'] as const;
const values = (entity: string, from: number, n: number) => Array.from({ length: n }, (_, i) => ['2026-03-15 12:00:00', entity, String(from + i), 'x', i % 3 ? `{"i":${from + i}}` : null, null]).flat();

describe('insertValues and preparedIn', () => {
  const t = useMigratedDatabase();
  const byIds = preparedIn((db, ids) => db.selectFrom('audit_log').select(['entity_id', 'data']).where('entity_id', 'in', ids as string[]).where('entity', '=', 'many'));
  const stored = async (entity: string) => (await t.db.selectFrom('audit_log').select(['entity_id', 'data']).where('entity', '=', entity).orderBy('id').execute()).map((r) => [r.entity_id, r.data]);

  it('writes the rows in order, nulls and all, and answers their ids when asked', async () => {
    await t.db.transaction().execute(async (trx) => {
      const r = await insertValues<{ id: number }>(trx, 'audit_log', COLUMNS, values('bulk', 1, 20), 20, ['id']);
      const ids = r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
      expect(ids).toHaveLength(20);
      expect(ids[19] - ids[0]).toBe(19);
      await insertValues(trx, 'audit_log', COLUMNS, values('bulk', 21, 3), 3);
    });
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => [String(from + i), i % 3 ? `{"i":${from + i}}` : null]);
    expect(await stored('bulk')).toEqual([...rows(1, 20), ...rows(21, 3)]);
  });

  it('refuses values that do not fill the rows, and writes nothing', async () => {
    await expect(insertValues(t.db, 'audit_log', COLUMNS, values('bad', 1, 2).slice(1), 2)).rejects.toThrow(/values for 2 rows/);
    await expect(insertValues(t.db, 'audit_log', COLUMNS, [], 0)).rejects.toThrow(/0 rows/);
    expect(await stored('bad')).toEqual([]);
  });

  it('finds the rows of a list of any length (1, 8, 9, 512, 513, 1,200 values), the padding matching nothing', async () => {
    await t.db.transaction().execute(async (trx) => {
      for (let from = 1; from <= 1200; from += 100) await insertValues(trx, 'audit_log', COLUMNS, values('many', from, 100), 100);
    });
    for (const n of [1, 8, 9, 512, 513, 1200]) {
      const wanted = Array.from({ length: n }, (_, i) => String(1 + ((i * 7) % 1200)));
      const asked = [...wanted, 'no-such-id', String(5000 + n)];
      const got = (await byIds.rows(t.db, asked)).map((r) => r.entity_id).sort();
      expect(got).toEqual([...new Set(wanted)].sort());
    }
    expect(await byIds.rows(t.db, [])).toEqual([]);
  });
});
