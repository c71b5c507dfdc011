import { describe, expect, test } from 'vitest';
import type { OpenedDatabase } from '../../db/connection.js';
import { withRetry } from '../../db/dialect.js';
import { inTx } from '../../main/ops/transaction.js';
import { useMigratedDatabase } from '../helpers/database.js';

const opened = useMigratedDatabase();

const countLabels = async () => (await opened.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const addLabel = (db: OpenedDatabase['db'], name: string) => db.insertInto('labels').values({ name } as never).execute();

describe('inTx: one way to run in a transaction', () => {
  test('outside a transaction it opens one and passes a ctx whose db is the transaction; other ctx fields stay', async () => {
    const ctx = { db: opened.db, tag: 'x' };
    const seen = await inTx(ctx, async (tctx) => ({ isTx: tctx.db.isTransaction, tag: tctx.tag, same: tctx === ctx }));
    expect(seen).toEqual({ isTx: true, tag: 'x', same: false });
  });

  test('inside a transaction it joins it: the same ctx, and a failure later rolls back the inner work too', async () => {
    const before = Number(await countLabels());
    await expect(
      inTx({ db: opened.db }, async (outer) => {
        const inner = await inTx(outer, async (tctx) => {
          await addLabel(tctx.db, 'inner-label');
          return tctx;
        });
        expect(inner).toBe(outer);
        throw new Error('later failure');
      }),
    ).rejects.toThrow('later failure');
    expect(Number(await countLabels())).toBe(before);
  });

  test('a serialization failure runs the whole transaction again; other errors are not retried', async () => {
    let runs = 0;
    const value = await inTx({ db: opened.db }, async () => {
      runs++;
      if (runs < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      return 'done';
    });
    expect({ value, runs }).toEqual({ value: 'done', runs: 3 });
    runs = 0;
    await expect(
      inTx({ db: opened.db }, async () => {
        runs++;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toThrow('unique');
    expect(runs).toBe(1);
  });

  test('a transaction that keeps failing is tried 5 times, not 5 more times by an outer retry (runOp)', async () => {
    let runs = 0;
    const work = () =>
      inTx({ db: opened.db }, async () => {
        runs++;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      });
    await expect(withRetry(work)).rejects.toThrow('deadlock detected');
    expect(runs).toBe(5);
  });
});
