import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { fixedClock } from '../../main/clock.js';
import { audit } from '../../main/features/audit/audit.service.js';
import { GroupCommit } from '../../main/ops/group-commit.js';
import { inTx } from '../../main/ops/transaction.js';
import { txMemo } from '../../main/ops/tx-memo.js';
import { useMigratedDatabase } from '../helpers/database.js';

type Db = OpenedDatabase['db'];
const insert = (db: Db, name: string) => db.insertInto('labels').values({ name } as never).execute();

/** Group commit proper: SQLite, on a file (WAL), read back through a second, independent connection. */
describe('GroupCommit on SQLite', () => {
  let dir: string;
  let file: string;
  let opened: OpenedDatabase;
  let other: SqliteDatabase.Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kvitt-gc-'));
    file = join(dir, 'gc.sqlite');
    opened = openDatabase(file);
    await migrateToLatest(opened.db);
    other = new SqliteDatabase(file, { readonly: true });
  });
  afterAll(async () => {
    other.close();
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const committed = (name: string) => other.prepare('select count(*) n from labels where name = ?').get(name) as { n: number };
  const names = (prefix: string) => (other.prepare("select name from labels where name like ? order by number").all(`${prefix}%`) as { name: string }[]).map((r) => r.name);

  test('members submitted together share one commit, run in arrival order and see the members before them', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit(opened.db, { onCommit: (n) => sizes.push(n) });
    const ctx = { db: opened.db };
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        gc.run(ctx, async (t) => {
          await insert(t.db, `order-${i}`);
          const seen = await t.db.selectFrom('labels').select('name').where('name', 'like', 'order-%').execute();
          return seen.length;
        }),
      ),
    );
    expect(sizes).toEqual([5]);
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(names('order-')).toEqual(['order-0', 'order-1', 'order-2', 'order-3', 'order-4']);
  });

  test('a failing member rolls back only itself (its own error, at once); the others commit', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit(opened.db, { onCommit: (n) => sizes.push(n) });
    const ctx = { db: opened.db };
    const outcomes = await Promise.allSettled([
      gc.run(ctx, (t) => insert(t.db, 'fail-a')),
      gc.run(ctx, async (t) => {
        await insert(t.db, 'fail-b');
        throw new Error('refused after writing');
      }),
      gc.run(ctx, (t) => insert(t.db, 'fail-a')), // the database refuses it: the name is unique (fail-a just above)
      gc.run(ctx, (t) => insert(t.db, 'fail-c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('refused after writing');
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(sizes).toEqual([4]);
    expect(names('fail-')).toEqual(['fail-a', 'fail-c']);
  });

  test('an answer comes only after the shared commit: no member resolves while another of its batch still runs', async () => {
    const gc = new GroupCommit(opened.db);
    const ctx = { db: opened.db };
    const log: string[] = [];
    const member = (name: string, slow = false) =>
      gc.run(ctx, async (t) => {
        await insert(t.db, name);
        if (slow) await new Promise((r) => setTimeout(r, 30));
        log.push(`ran ${name}`);
      }).then(() => {
        log.push(`answered ${name} (committed: ${committed(name).n})`);
      });
    await Promise.all([member('after-1'), member('after-2', true), member('after-3')]);
    expect(log.slice(0, 3)).toEqual(['ran after-1', 'ran after-2', 'ran after-3']);
    expect(log.slice(3).sort()).toEqual(['answered after-1 (committed: 1)', 'answered after-2 (committed: 1)', 'answered after-3 (committed: 1)']);
  });

  test('a member rolled back to its savepoint takes what the transaction kept with it (tx-memo); the others read again', async () => {
    const gc = new GroupCommit(opened.db);
    const ctx = { db: opened.db };
    const seen: unknown[] = [];
    const first = gc.run(ctx, async (t) => {
      txMemo(t)!.set('test:kept', 'read after a write that is rolled back');
      throw new Error('refused');
    });
    const second = gc.run(ctx, async (t) => {
      seen.push(txMemo(t)!.get('test:kept'));
      txMemo(t)!.set('test:kept', 'second');
    });
    const third = gc.run(ctx, async (t) => void seen.push(txMemo(t)!.get('test:kept')));
    await expect(first).rejects.toThrow('refused');
    await Promise.all([second, third]);
    expect(seen).toEqual([undefined, 'second']);
    expect(txMemo(ctx)).toBeUndefined(); // outside a transaction nothing is kept
  });

  test('a failed commit fails every member that had succeeded, and nothing of the batch is written', async () => {
    const gc = new GroupCommit(opened.db);
    const ctx = { db: opened.db };
    // A deferred foreign key passes each statement and fails at COMMIT.
    const outcomes = await Promise.allSettled([
      gc.run(ctx, (t) => insert(t.db, 'commitfail-1')),
      gc.run(ctx, async (t) => {
        await sql`pragma defer_foreign_keys = on`.execute(t.db);
        await t.db.insertInto('recipient_labels').values({ recipient_number: 999999, label_number: 999999 } as never).execute();
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(names('commitfail-')).toEqual([]);
    // The committer goes on working after a failed batch.
    await gc.run(ctx, (t) => insert(t.db, 'commitfail-next'));
    expect(names('commitfail-')).toEqual(['commitfail-next']);
  });

  test('batches are bounded: maxBatch members at most; what arrives meanwhile forms the next batch', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit(opened.db, { maxBatch: 3, onCommit: (n) => sizes.push(n) });
    const ctx = { db: opened.db };
    await Promise.all(Array.from({ length: 7 }, (_, i) => gc.run(ctx, (t) => insert(t.db, `bound-${i}`))));
    expect(sizes).toEqual([3, 3, 1]);
    expect(names('bound-')).toHaveLength(7);
  });

  test('the audit entries of each member name its own actor (the shared transaction records it per member)', async () => {
    const gc = new GroupCommit(opened.db);
    const clock = fixedClock('2026-03-15');
    const who = (name: string) => ({ id: null, name, role: 'owner' as const });
    await Promise.all(
      ['anne', 'bjørn', 'cecilie'].map((name) =>
        gc.run({ db: opened.db, clock, actor: who(name) }, async (t) => {
          await audit(t, 'gc-actor', name, 'one');
          await new Promise((r) => setImmediate(r));
          await audit(t, 'gc-actor', name, 'two');
        }),
      ),
    );
    const rows = other.prepare("select entity_id, actor from audit_log where entity = 'gc-actor' order by id").all();
    expect(rows.map((r: any) => `${r.entity_id}:${r.actor}`)).toEqual(['anne:anne', 'anne:anne', 'bjørn:bjørn', 'bjørn:bjørn', 'cecilie:cecilie', 'cecilie:cecilie']);
  });

  test('a crash while a batch runs leaves nothing of it: not the finished member, not the half-done one', async () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'group-commit.crash-child.ts'), file], { encoding: 'utf8' });
    expect(r.stdout).toContain('killing');
    expect(r.signal).toBe('SIGKILL');
    const after = openDatabase(file); // recovery reads the WAL: only committed transactions count
    const rows = await after.db.selectFrom('labels').select('name').where('name', 'like', 'crash-%').execute();
    await after.close();
    expect(rows).toEqual([]);
  });
});

/** inTx with `group`: on PostgreSQL one transaction per operation; inside a transaction it joins it, on both. */
describe('inTx(…, { group: true }) on the test database', () => {
  const t = useMigratedDatabase();
  const group = { group: true };

  test('concurrent operations each commit or fail alone', async () => {
    const ctx = { db: t.db, tag: 'x' };
    const outcomes = await Promise.allSettled([
      inTx(ctx, async (t) => (await insert(t.db, 'pg-1'), t.tag), group),
      inTx(
        ctx,
        async (t) => {
          await insert(t.db, 'pg-2');
          throw new Error('no');
        },
        group,
      ),
      inTx(ctx, (t) => insert(t.db, 'pg-3'), group),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[0] as PromiseFulfilledResult<string>).value).toBe('x');
    const rows = await t.db.selectFrom('labels').select('name').where('name', 'like', 'pg-%').orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['pg-1', 'pg-3']);
  });

  test('inside a transaction it joins it', async () => {
    await expect(
      inTx({ db: t.db }, async (outer) => {
        await inTx(outer, (t) => insert(t.db, 'join-1'), group);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await t.db.selectFrom('labels').select('name').where('name', '=', 'join-1').execute()).toEqual([]);
  });
});
