/**
 * Leases (docs/office-leases.md): work that several Kvitt processes on one database may pick up (outbox shipments, the
 * daily dunning run, the daily backup) is claimed on its row, naming the process and how long the claim holds, before
 * it is done. A live process renews its leases while it works; a process that dies leaves claims that run out after
 * LEASE_MS, and then another process may take the work. Times are the database's clock (databaseNow), so machines
 * whose clocks differ agree.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { databaseNow } from '../../db/dialect.js';
import { inTx } from './transaction.js';

/** How long a claim holds without renewal (KVITT_LEASE_MS; two minutes). */
export function leaseMs(): number {
  const v = Number(process.env.KVITT_LEASE_MS);
  return Number.isFinite(v) && v >= 200 ? v : 120_000;
}

/** A name for one claimant: host, process and a random part (two apps in one process are two claimants). */
export function newClaimant(what: string): string {
  return `${hostname()}:${process.pid}:${what}:${randomBytes(4).toString('hex')}`;
}

/** The lease's end as stored (ISO UTC) from the database's now. */
export async function leaseEnd(db: Kysely<Database>, ms = leaseMs()): Promise<{ now: string; until: string }> {
  const now = await databaseNow(db);
  return { now: now.toISOString(), until: new Date(now.getTime() + ms).toISOString() };
}

/**
 * Runs `work` only if no other process holds the job `name` (its row in job_leases, claimed in one transaction: a row
 * lock on PostgreSQL, the single writer on SQLite). The lease is renewed while the work runs and given back after it.
 * Returns `work`'s result, or `null` when another process holds the job.
 */
export async function withJobLease<T>(ctx: { db: Kysely<Database> }, name: string, work: () => Promise<T>): Promise<T | null> {
  const me = newClaimant(`job-${name}`);
  const claimed = await inTx(ctx, async ({ db: trx }) => {
    const { now, until } = await leaseEnd(trx);
    await trx.insertInto('job_leases').values({ name, claimed_by: null, lease_until: null }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const row = await trx.selectFrom('job_leases').select(['claimed_by', 'lease_until']).where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
    if (row.claimed_by && row.lease_until && row.lease_until > now) return false;
    await trx.updateTable('job_leases').set({ claimed_by: me, lease_until: until }).where('name', '=', name).execute();
    return true;
  });
  if (!claimed) return null;
  const renew = setInterval(() => {
    void leaseEnd(ctx.db)
      .then(({ until }) => ctx.db.updateTable('job_leases').set({ lease_until: until }).where('name', '=', name).where('claimed_by', '=', me).execute())
      .catch(() => undefined);
  }, leaseMs() / 3);
  renew.unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await ctx.db.updateTable('job_leases').set({ claimed_by: null, lease_until: null }).where('name', '=', name).where('claimed_by', '=', me).execute();
  }
}

/**
 * Takes the row lock of `name` (a job_leases row) in the caller's transaction: decisions made from what is already
 * there (does this invoice have a reminder yet?) are taken one at a time across processes on PostgreSQL, each seeing
 * what the one before committed (READ COMMITTED re-reads after the wait). SQLite's one writer serialises them anyway.
 */
export async function lockNamed(trx: Kysely<Database>, name: string): Promise<void> {
  await trx.insertInto('job_leases').values({ name, claimed_by: null, lease_until: null }).onConflict((oc) => oc.column('name').doNothing()).execute();
  await trx.selectFrom('job_leases').select('name').where('name', '=', name).forUpdate().execute();
}
