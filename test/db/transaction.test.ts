import { describe, expect, test } from 'vitest';
import type { OpenedDatabase } from '../../db/connection.js';
import type { Op } from '../../main/ops/define.js';
import { runOp } from '../../main/ops/invoke.js';
import { fixedClock } from '../../main/clock.js';
import { audit } from '../../main/features/audit/index.js';
import { inTx } from '../../main/ops/transaction.js';
import { txMemo } from '../../main/ops/tx-memo.js';
import { useMigratedDatabase } from '../helpers/database.js';

const opened = useMigratedDatabase();

const countLabels = async () => (await opened.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const labelsNamed = async (prefix: string) =>
  (await opened.db.selectFrom('labels').select('name').where('name', 'like', `${prefix}%`).execute()).map((r) => r.name).sort();
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

  test('a transaction that keeps failing is tried 5 times in all, then the operation answers 503 BUSY', async () => {
    let runs = 0;
    const op = opRunning(() =>
      inTx({ db: opened.db }, async () => {
        runs++;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
    );
    await expect(runOp(op, {}, { db: opened.db } as never)).rejects.toMatchObject({ status: 503, code: 'BUSY' });
    expect(runs).toBe(5);
  });

  test('an operation is never applied twice by a retry: only the aborted transaction runs again', async () => {
    // Two transactions in one operation: the first commits a label, the second is aborted once by PostgreSQL; only the
    // second runs again.
    const name = `retry-once-${Date.now()}`;
    let secondRuns = 0;
    const op = opRunning(async () => {
      await inTx({ db: opened.db }, (tctx) => addLabel(tctx.db, `${name}-first`));
      await inTx({ db: opened.db }, async (tctx) => {
        secondRuns++;
        await addLabel(tctx.db, `${name}-second`);
        if (secondRuns === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      });
      return 'ok';
    });
    expect(await runOp(op, {}, { db: opened.db } as never)).toBe('ok');
    expect({ names: await labelsNamed(name), secondRuns }).toEqual({ names: [`${name}-first`, `${name}-second`], secondRuns: 2 });
  });

  test('an abort outside inTx is not retried by running the whole operation again (its committed work stays once)', async () => {
    // runOp used to retry the whole operation on such an error: the first transaction, committed already, ran again.
    const name = `retry-outside-${Date.now()}`;
    let runs = 0;
    const op = opRunning(async () => {
      runs++;
      await inTx({ db: opened.db }, (tctx) => addLabel(tctx.db, `${name}-first`));
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await expect(runOp(op, {}, { db: opened.db } as never)).rejects.toMatchObject({ status: 503, code: 'BUSY' });
    expect({ names: await labelsNamed(name), runs }).toEqual({ names: [`${name}-first`], runs: 1 });
  });
});

describe('the transaction context (tctx)', () => {
  test('each transaction has its own memo; work joining it shares it; outside a transaction there is none', async () => {
    const ctx = { db: opened.db };
    expect(txMemo(ctx)).toBeUndefined();
    const [a, b] = await Promise.all([
      inTx(ctx, async (tctx) => {
        tctx.memo.set('test:x', 'first');
        return inTx(tctx, async (inner) => ({ same: inner === tctx, seen: txMemo(inner)!.get('test:x') }));
      }),
      inTx(ctx, async (tctx) => ({ same: false, seen: tctx.memo.get('test:x') ?? 'nothing kept' })),
    ]);
    expect([a, b]).toEqual([{ same: true, seen: 'first' }, { same: false, seen: 'nothing kept' }]);
  });

  test('a retried transaction starts again with an empty memo (what the aborted attempt read is not trusted)', async () => {
    const seen: unknown[] = [];
    await inTx({ db: opened.db }, async (tctx) => {
      seen.push(tctx.memo.get('test:read') ?? 'empty');
      tctx.memo.set('test:read', 'read in the aborted attempt');
      if (seen.length === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(seen).toEqual(['empty', 'empty']);
  });

  test('a context built by hand around a transaction is refused, and nothing of it is written', async () => {
    const name = `by-hand-${Date.now()}`;
    await expect(
      inTx({ db: opened.db }, async (tctx) => {
        await addLabel(tctx.db, `${name}-outer`);
        await inTx({ db: tctx.db }, (hand) => addLabel(hand.db, `${name}-inner`));
      }),
    ).rejects.toThrow(/transaction context/);
    expect(await labelsNamed(name)).toEqual([]);
  });

  test('a transaction context copied with another db is no longer taken for one: the transaction\'s memo stays with it', async () => {
    await inTx({ db: opened.db }, async (tctx) => {
      tctx.memo.set('test:x', 'kept');
      const copy = { ...tctx, db: opened.db }; // e.g. a read connection beside the transaction
      expect(txMemo(copy)).toBeUndefined();
      const more = { ...tctx, extra: 1 };
      expect(txMemo(more)?.get('test:x')).toBe('kept'); // a copy with the same db still is one
    });
  });


  test('the actor an entry names is the one in the operation\'s context, also for work joining its transaction', async () => {
    const id = `actor-${Date.now()}`;
    const clock = fixedClock('2026-03-15');
    await inTx({ db: opened.db, clock, actor: { id: 3, name: 'Kari Regnskap', role: 'bookkeeper' as const } }, async (tctx) => {
      await audit(tctx, 'tctx-test', id, 'outer');
      await inTx(tctx, (inner) => audit(inner, 'tctx-test', id, 'inner'));
    });
    await inTx({ db: opened.db, clock }, (tctx) => audit(tctx, 'tctx-test', id, 'no actor'));
    const rows = await opened.db.selectFrom('audit_log').select(['action', 'actor']).where('entity', '=', 'tctx-test').where('entity_id', '=', id).orderBy('id').execute();
    expect(rows).toEqual([
      { action: 'outer', actor: 'Kari Regnskap' },
      { action: 'inner', actor: 'Kari Regnskap' },
      { action: 'no actor', actor: null },
    ]);
  });
});

/** An operation without inputs that runs `work` (runOp's validation passes it straight through). */
function opRunning(work: () => Promise<unknown>): Op {
  return { name: 'test.retry', method: 'POST', path: '/test', summary: 'test', tags: [], run: work };
}
