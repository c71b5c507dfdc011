/**
 * db/fast.ts insertRows takes its columns from the first row: rows of another shape are refused (before, a later
 * row's value in a column the first row left out was dropped without a word), and the refused call writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { insertRows } from '../../db/fast.js';
import { useMigratedDatabase } from '../helpers/database.js';

describe('insertRows with rows of different shapes', () => {
  const t = useMigratedDatabase();
  const row = (data: string | undefined, extra: Record<string, unknown> = {}) => ({ at: '2026-03-15T09:00:00.000Z', entity: 'shapes', entity_id: '1', action: 'x', data, actor: null, ...extra });
  const stored = async () => (await t.db.selectFrom('audit_log').select('data').where('entity', '=', 'shapes').orderBy('id').execute()).map((r) => r.data);

  it('a later row with a value where the first has none, or none where it has one, is refused and nothing is written', async () => {
    await expect(insertRows(t.db, 'audit_log', [row(undefined), row('{"kept":true}')])).rejects.toThrow(/row 1 has other columns/);
    await expect(insertRows(t.db, 'audit_log', [row('{"a":1}'), row(undefined)])).rejects.toThrow(/row 1 has other columns/);
    await expect(insertRows(t.db, 'audit_log', [row('{"a":1}'), row('{"b":2}'), row('{"c":3}', { entity_id: undefined })])).rejects.toThrow(/row 2 has other columns/);
    expect(await stored()).toEqual([]);
  });

  it('rows of one shape are written in order, nulls and all', async () => {
    await insertRows(t.db, 'audit_log', [row('{"a":1}'), row(null as unknown as string), row('{"c":3}')]);
    expect(await stored()).toEqual(['{"a":1}', null, '{"c":3}']);
  });
});
