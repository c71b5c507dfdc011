/**
 * The background sender: works the outbox a few shipments at a time (LANES, each step awaited, PDFs rendered in the
 * worker pool, so the API keeps answering), retries with backoff (1, 2, 4 … 60 minutes), and marks the rows DELIVERED
 * or NOT_DELIVERED with their audit entries. It sends only rows it has claimed (claims.ts: a lease on the row, so any
 * number of processes send each shipment once) and notes each outcome before its lane takes the next shipment. A row's
 * Message-ID was fixed when it was queued, so a crash between the SMTP server's acceptance and the note resends that
 * mail once the lease runs out, recognisably (docs/office-leases.md).
 */
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../../db/connection.js';
import type { AppContext } from '../../context.js';
import { audit } from '../audit/index.js';
import { inTx } from '../../ops/transaction.js';
import { deliver, type DeliveryEnv, type Failure, type Outcome, type OutboxRow } from './deliver.js';
import { Preparer, type Ready } from './prepare.js';
import { SmtpLanes } from './smtp-lanes.js';
import { getSettings, sendingSettings } from '../settings/index.js';
import { outboxSignal } from './outbox.js';
import { publish } from '../../push/bus.js';
import { claimShipments, releaseClaims, renewClaims } from './claims.js';
import { leaseMs, newClaimant } from '../../ops/leases.js';

export interface SenderOptions {
  /** How often the sender looks for due retries without being told (ms). */
  pollMs?: number;
}

export interface AttemptResult {
  id: number;
  method: string;
  recipientAddress: string;
  status: 'IN_PROGRESS' | 'DELIVERED' | 'NOT_DELIVERED';
  error: string | null;
}

const MINUTE = 60_000;
/** Minutes to wait after the n-th failed attempt: 1, 2, 4, 8, 16, 32, 60, 60 … */
export const backoffMinutes = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1));

type Sending = Awaited<ReturnType<typeof sendingSettings>>;

export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private again = false;
  private busy = false;
  private stopped = true;
  private transporter: { key: string; t: SmtpLanes } | null = null;
  private readonly onQueued = () => void this.pump();
  /** The last pass asked for: passes run one after another in this process (oneAtATime). */
  private passes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: SenderOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    senders.set(this.ctx.db, this);
    outboxSignal.on('queued', this.onQueued);
    this.timer = setInterval(() => void this.pump(), this.opts.pollMs ?? 30_000);
    this.timer.unref();
    void this.pump();
  }

  /** Stops taking new work and waits for the shipment in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    outboxSignal.off('queued', this.onQueued);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
    await this.passes;
    if (senders.get(this.ctx.db) === this) senders.delete(this.ctx.db);
    this.transporter?.t.close();
    this.transporter = null;
  }

  /** Works every due shipment; a call while a pass runs makes it run once more. */
  pump(): Promise<unknown> {
    if (this.stopped) return this.running;
    if (this.busy) {
      this.again = true;
      return this.running;
    }
    this.busy = true;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.oneAtATime(() => this.pass(false));
        } while (this.again && !this.stopped);
      } catch (e) {
        console.error('outbox sender:', e);
      } finally {
        this.busy = false;
      }
    })();
    return this.running;
  }

  /** POST /outbox/flush: every pending shipment now, whatever its backoff; answers what happened to each. */
  async flush(): Promise<AttemptResult[]> {
    const results = await this.oneAtATime(() => this.pass(true));
    if (this.stopped) {
      // A one-off sender (none is running): do not keep its SMTP connection open.
      this.transporter?.t.close();
      this.transporter = null;
    }
    return results;
  }

  /**
   * Runs `pass` after every pass asked for before it: one pass at a time in this process. Two passes at once would each
   * give back claims at their end, and the one ending first could hand the other's shipments (still with the SMTP
   * server) to another process, which would send them again.
   */
  private oneAtATime<T>(pass: () => Promise<T>): Promise<T> {
    const run = this.passes.then(pass);
    this.passes = run.catch(() => undefined);
    return run;
  }

  private transport(s: Sending): SmtpLanes | null {
    if (!s.smtp.host) return null;
    const key = JSON.stringify(s.smtp);
    if (this.transporter?.key !== key) {
      this.transporter?.t.close();
      this.transporter = { key, t: createLanes(s) };
    }
    return this.transporter.t;
  }

  /**
   * One pass: claims due shipments a chunk at a time (claims.ts; ids ascending, so a flush never takes a row twice) and
   * works each chunk. The claims are renewed while the pass runs and given back at its end; a shipment is only started
   * while this process surely still holds its claim.
   */
  private async pass(force: boolean): Promise<AttemptResult[]> {
    const results: AttemptResult[] = [];
    const book = new OutcomeBook(this.ctx);
    // Each pass claims under a name of its own, so renewing and giving back touch only its own rows.
    const me = newClaimant('outbox');
    const lease = leaseMs();
    let safeUntil = 0;
    const renew = setInterval(() => {
      const t0 = Date.now();
      void renewClaims(this.ctx.db, me)
        .then(() => (safeUntil = t0 + lease * 0.75))
        .catch(() => undefined);
    }, lease / 3);
    renew.unref();
    let env: DeliveryEnv | null = null;
    try {
      for (let after = 0; !(this.stopped && !force); ) {
        const t0 = Date.now();
        const { ids } = await claimShipments(this.ctx, me, { after, limit: CLAIM, force });
        if (!ids.length) break;
        safeUntil = t0 + lease * 0.75;
        after = ids[ids.length - 1];
        if (!env) {
          const [settings, all] = await Promise.all([sendingSettings(this.ctx), getSettings(this.ctx)]);
          env = { ctx: this.ctx, settings, all, smtp: () => this.transport(settings) };
        }
        results.push(...(await this.work(env, ids, force, book, () => Date.now() < safeUntil)));
      }
    } finally {
      clearInterval(renew);
      await book.settled();
      await releaseClaims(this.ctx.db, me).catch((e) => console.error('outbox sender: giving back claims failed (they run out by themselves):', e));
    }
    return results;
  }

  /** Sends the claimed shipments `ids`, LANES at a time; each outcome is noted before its lane takes the next shipment. */
  private async work(env: DeliveryEnv, ids: number[], force: boolean, book: OutcomeBook, held: () => boolean): Promise<AttemptResult[]> {
    const results: Array<AttemptResult | null> = new Array(ids.length).fill(null);
    const rows = new Preparer(env, ids, BATCH, AHEAD);
    // LANES shipments are with the SMTP server at once (pooled connections) while the Preparer has the next chunks'
    // messages built by the worker pool. Outcomes that arrive together are written in one transaction.
    let next = 0;
    const lane = async () => {
      while (next < ids.length && !(this.stopped && !force) && held()) {
        const i = next++;
        const ready = await rows.get(i);
        if (ready && held()) {
          const outcome = await attempt(env, ready);
          if (outcome) {
            results[i] = resultOf(ready.row, outcome);
            await book.add(ready.row, outcome);
          }
        }
        // Let requests in between two shipments.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, ids.length) }, lane));
    return results.filter((r): r is AttemptResult => r !== null);
  }
}

/** How many shipments are worked at once (and SMTP connections kept open). */
const LANES = 4;
/** Rows prepared together (one query per chunk, PDFs in the worker pool). */
const BATCH = 25;
/** Shipments claimed at once (a process takes no more than it works soon; others take the rest). */
const CLAIM = 50;

/** Chunks prepared before the lanes reach them (the pool renders up to AHEAD * BATCH mails ahead). */
const AHEAD = 2;

/** One attempt of one row; never rejects (an unexpected error is a retry with its message). */
async function attempt(env: DeliveryEnv, { row, mail }: Ready): Promise<Outcome | null> {
  try {
    return await deliver(env, row, mail ? await mail : undefined);
  } catch (e) {
    return { status: 'RETRY', error: (e as Error).message };
  }
}

function resultOf(row: OutboxRow, outcome: Outcome): AttemptResult {
  return {
    id: row.id,
    method: row.method,
    recipientAddress: row.address,
    status: outcome.status === 'RETRY' ? 'IN_PROGRESS' : outcome.status,
    error: outcome.status === 'DELIVERED' ? null : outcome.error,
  };
}

/**
 * Outcomes waiting to be written. A lane waits until its outcome is committed before it takes the next shipment, so a
 * crash can leave at most the mails under way (LANES) sent but not noted; outcomes that arrive while a write runs go
 * together in the next one (one transaction with their audit entries). A crash before that commit leaves those rows
 * IN_PROGRESS and claimed until the lease runs out; then they are sent again, once, with the Message-ID fixed when they
 * were queued.
 */
class OutcomeBook {
  private pending: Array<{ row: OutboxRow; outcome: Outcome }> = [];
  private writing: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;
  constructor(private readonly ctx: AppContext) {}

  add(row: OutboxRow, outcome: Outcome): Promise<void> {
    this.pending.push({ row, outcome });
    this.next ??= this.writing.then(() => {
      this.next = null;
      const batch = this.pending.splice(0);
      return record(this.ctx, batch);
    });
    this.writing = this.next.catch((e) => console.error('outbox sender: noting outcomes failed:', e));
    return this.next;
  }

  /** Waits for every write under way. */
  settled(): Promise<void> {
    return this.writing;
  }
}

/** How Kvitt talks to the configured SMTP server (the outbox's lanes and the test mail alike). */
function smtpOptions(s: Sending) {
  return {
    host: s.smtp.host,
    port: s.smtp.port,
    secure: s.smtp.security === 'TLS',
    requireTLS: s.smtp.security === 'STARTTLS',
    ignoreTLS: s.smtp.security === 'NONE',
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}
const smtpAuth = (s: Sending) => (s.smtp.user ? { user: s.smtp.user, pass: s.smtp.password } : undefined);

/** A nodemailer transport of the settings (the test mail: one message, composed by nodemailer). */
export function createTransport(s: Sending): Transporter {
  return nodemailer.createTransport({ ...smtpOptions(s), auth: smtpAuth(s) });
}

/** The outbox's SMTP connections: LANES at most, each mail handed over as finished bytes. */
export function createLanes(s: Sending): SmtpLanes {
  return new SmtpLanes(smtpOptions(s), smtpAuth(s), LANES);
}

/** The columns of a failed attempt's reason: its text, and its code and parameters when it has them. */
const lastError = (o: Failure) => ({ last_error: o.error, last_error_code: o.code ?? null, last_error_params: o.params ? JSON.stringify(o.params) : null });

/** The claim columns of a row nobody holds. */
const UNCLAIMED = { claimed_by: null, lease_until: null };

/**
 * Outcomes of attempts and their audit entries, in one transaction (the rows' claims given back with them). Its COMMIT
 * does not wait for the disk on SQLite (inTx syncOnCommit false): an fsync per few mails on the thread that answers
 * requests made GET p99 several times its idle value while sending. A killed process loses nothing; a power loss
 * before the next durable commit loses these notes, and the rows are then sent again once, with their Message-ID,
 * as after a crash between sending and noting.
 */
async function record(ctx: AppContext, batch: Array<{ row: OutboxRow; outcome: Outcome }>): Promise<void> {
  const at = ctx.clock.timestamp();
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    // The delivered rows of the batch in one statement (they all take the same values); the others one by one.
    const delivered = batch.filter((b) => b.outcome.status === 'DELIVERED').map((b) => b.row.id);
    if (delivered.length) {
      await trx
        .updateTable('outbox')
        .set({ status: 'DELIVERED', attempts: sql<number>`attempts + 1`, last_error: null, last_error_code: null, last_error_params: null, delivered_at: at, next_attempt_at: null, updated_at: at, ...UNCLAIMED })
        .where('id', 'in', delivered)
        .execute();
    }
    for (const { row, outcome: o } of batch) {
      if (o.status === 'DELIVERED') {
        await audit(tctx, 'shipment', row.id, 'delivered', { info: o.info });
        continue;
      }
      if (o.status === 'RETRY') {
        const next = new Date(Date.now() + backoffMinutes(row.attempts + 1) * MINUTE).toISOString();
        await trx.updateTable('outbox').set({ attempts: row.attempts + 1, ...lastError(o), next_attempt_at: next, updated_at: at, ...UNCLAIMED }).where('id', '=', row.id).execute();
        await audit(tctx, 'shipment', row.id, 'attempt-failed', { reason: o.error, nextAttemptAt: next });
        continue;
      }
      await trx
        .updateTable('outbox')
        .set({ status: o.status, attempts: row.attempts + 1, ...lastError(o), delivered_at: null, next_attempt_at: null, updated_at: at, ...UNCLAIMED })
        .where('id', '=', row.id)
        .execute();
      await audit(tctx, 'shipment', row.id, 'not-delivered', { reason: o.error });
    }
  }, { syncOnCommit: false });
  for (const { row, outcome: o } of batch) publish(ctx, { type: 'shipment', id: row.id, status: o.status === 'RETRY' ? 'IN_PROGRESS' : o.status });
}

const senders = new WeakMap<Db, OutboxSender>();

/** The running sender of this database, or a one-off one (not started) for a flush when none runs (tests, seeding). */
export function senderOf(ctx: AppContext): OutboxSender {
  return senders.get(ctx.db) ?? new OutboxSender(ctx);
}

/** The entries start one sender per opened database and stop it on close. */
export function startSender(ctx: AppContext, opts: SenderOptions = {}): OutboxSender {
  const sender = new OutboxSender(ctx, opts);
  sender.start();
  return sender;
}
