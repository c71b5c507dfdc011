/**
 * Group commit: many small write operations that arrive together share ONE transaction and so one COMMIT (one fsync with
 * `synchronous=FULL`), while each keeps the guarantees of its own transaction:
 *
 * - each member runs inside its own SAVEPOINT; a member that throws is rolled back to it (its writes are gone, the other
 *   members' stay) and gets its error at once: it wrote nothing, so nothing has to become durable first;
 * - a member that succeeded is answered only after the shared COMMIT returned, i.e. once its writes are on disk; if the
 *   COMMIT (or a savepoint) fails, every member of the batch gets that error and nothing of the batch is written. A crash
 *   anywhere before the COMMIT leaves nothing half-written: the batch is one transaction;
 * - members run one after another, in arrival order, each seeing the writes of the members before it (so a counted limit,
 *   such as an event's seats, stays exact), each with a transaction context of its own (makeTxCtx: its own `ctx.actor`
 *   for the audit entries it writes, its clock and push) over the batch's shared transaction and memo;
 * - a batch takes whatever was queued while the previous batch ran, at most `maxBatch` members. When the previous batch
 *   had company (several clients at work), a new batch waits up to `waitMs` (1 ms) for the others' requests, which
 *   arrive together after a commit answered them together; a lone client is never kept waiting.
 *
 * SQLite only: its one writer is the bottleneck group commit removes. On PostgreSQL (many connections, row locks, its own
 * commit grouping) `inTx(ctx, fn, { group: true })` is a transaction of its own, one per operation.
 */
import type { Kysely } from 'kysely';
import { holdingConnection } from '../../db/connection.js';
import { runStatement } from '../../db/fast.js';
import { dialectOf } from '../../db/dialect.js';
import type { Actor } from '../context.js';
import { joined, makeTxCtx, ownTransaction, type TxCtx, type TxMemo } from './transaction-core.js';

export interface GroupCommitOptions {
  /** Most members in one transaction (bounds how long a reader waits behind a batch); default 16. */
  maxBatch?: number;
  /** How long a batch may wait for more members when the previous batch had several; default 1 ms, 0: never. */
  waitMs?: number;
  /** Called with each batch's size when it committed (tests, benchmarks). */
  onCommit?: (size: number) => void;
}

interface Member {
  /** Runs the member's work with its own transaction context over the batch's transaction and memo. */
  run: (trx: Kysely<any>, memo: TxMemo) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class GroupCommit {
  private queue: Member[] = [];
  private busy = false;
  private lastSize = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly maxBatch: number;
  private readonly waitMs: number;
  /** Batches committed and the members they held (benchmarks report the mean batch size). */
  readonly stats = { batches: 0, members: 0 };

  constructor(
    private readonly db: Kysely<any>,
    private readonly opts: GroupCommitOptions = {},
  ) {
    this.maxBatch = Math.max(1, opts.maxBatch ?? 16);
    this.waitMs = Math.max(0, opts.waitMs ?? 1);
  }

  /** Runs `fn` with a context whose `db` is the shared transaction; resolves after that transaction committed. */
  run<C extends { db: Kysely<any>; actor?: Actor }, T>(ctx: C, fn: (tctx: TxCtx<C>) => Promise<T>): Promise<T> {
    if (ctx.db.isTransaction) return fn(joined(ctx)); // joins the caller's transaction, like inTx
    if (dialectOf(ctx.db) === 'postgres') return ownTransaction(ctx, fn);
    // The member's own context (its actor, push, …) over the batch's transaction and memo.
    const run = (trx: Kysely<any>, memo: TxMemo) => fn(makeTxCtx(ctx, trx, memo));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || !this.queue.length) return;
    if (this.timer) {
      if (this.queue.length >= this.maxBatch) this.start(); // full: no reason to wait on
      return;
    }
    if (this.lastSize > 1 && this.waitMs > 0 && this.queue.length < this.maxBatch) {
      this.timer = setTimeout(() => this.start(), this.waitMs);
    } else {
      // One turn of the event loop: requests already read from their sockets join this batch.
      this.busy = true;
      setImmediate(() => this.go());
    }
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.busy = true;
    this.go();
  }

  private go(): void {
    void this.runBatch().finally(() => {
      this.busy = false;
      this.schedule();
    });
  }

  private async runBatch(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    this.lastSize = batch.length;
    const done: { member: Member; value: unknown }[] = [];
    const failedAlone = new Set<Member>();
    try {
      await this.db.transaction().execute((trx) => holdingConnection(trx, async () => {
        // The savepoint statements run on the connection the batch holds (no Kysely query built and compiled for each).
        const exec = (statement: string) => runStatement(trx, statement);
        const memo: TxMemo = new Map(); // the batch's: what one member read, the next need not read again
        for (const member of batch) {
          await exec('savepoint group_member');
          let value: unknown;
          try {
            value = await member.run(trx, memo); // members run one after another, each with its own context and actor
          } catch (error) {
            // Undo this member only; if even that fails the transaction is broken and the whole batch fails below.
            await exec('rollback to savepoint group_member');
            memo.clear(); // what was read after the member's writes may be gone with them
            await exec('release savepoint group_member');
            failedAlone.add(member);
            member.reject(error);
            continue;
          }
          await exec('release savepoint group_member');
          done.push({ member, value });
        }
      }));
    } catch (error) {
      // Nothing of the batch was committed: every member not yet answered hears why.
      for (const member of batch) if (!failedAlone.has(member)) member.reject(error);
      return;
    }
    this.stats.batches++;
    this.stats.members += batch.length;
    this.opts.onCommit?.(batch.length);
    for (const { member, value } of done) member.resolve(value);
  }
}

const defaults = new WeakMap<Kysely<any>, GroupCommit>();

/** The committer `inTx(ctx, fn, { group: true })` uses for this database (one per database, so its signups queue together). */
export function groupCommitOf(db: Kysely<any>): GroupCommit {
  let gc = defaults.get(db);
  if (!gc) defaults.set(db, (gc = new GroupCommit(db)));
  return gc;
}
