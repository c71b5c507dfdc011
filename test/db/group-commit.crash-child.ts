/**
 * Child of group-commit.test.ts: a batch of three members on a file database; the process is killed (SIGKILL, no
 * cleanup) while the second member runs, after the first member's and part of the second's writes.
 */
import { openDatabase } from '../../db/connection.js';
import { GroupCommit } from '../../main/ops/group-commit.js';

const file = process.argv[2];
const opened = openDatabase(file);
const gc = new GroupCommit(opened.db);
const ctx = { db: opened.db };
const insert = (db: typeof opened.db, name: string) => db.insertInto('labels' as never).values({ name } as never).execute();
void gc.run(ctx, (t) => insert(t.db, 'crash-1'));
void gc.run(ctx, async (t) => {
  await insert(t.db, 'crash-2');
  process.stdout.write('killing\n');
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => {});
});
void gc.run(ctx, (t) => insert(t.db, 'crash-3'));
