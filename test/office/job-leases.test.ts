/**
 * Job leases (main/ops/leases.ts, docs/office-leases.md): a background job runs in one process at a time; a lease left
 * by a process that died runs out and the job runs again; the automatic dunning run checked by two at once runs once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dailyDunningRun } from '../../main/features/dunnings/auto-run.js';
import { withJobLease } from '../../main/ops/leases.js';
import { owe, startDocServer, type DocServer } from '../dunnings/setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('withJobLease', () => {
  test('a job held by another live process is left; one whose lease ran out (its process died) is run', async () => {
    const db = s.app.ctx.db;
    await db.insertInto('job_leases').values({ name: 'probe', claimed_by: 'other-host:4242:job-probe:abcd', lease_until: iso(60_000) }).execute();
    let ran = 0;
    expect(await withJobLease(s.app.ctx, 'probe', async () => ++ran)).toBeNull();
    expect(ran).toBe(0);
    await db.updateTable('job_leases').set({ lease_until: iso(-1_000) }).where('name', '=', 'probe').execute();
    expect(await withJobLease(s.app.ctx, 'probe', async () => ++ran)).toBe(1);
    // Given back after the work: free for the next one.
    expect(await db.selectFrom('job_leases').selectAll().where('name', '=', 'probe').executeTakeFirst()).toEqual({ name: 'probe', claimed_by: null, lease_until: null });
  });

  test('two at once: one runs, the other is told the job is held', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = withJobLease(s.app.ctx, 'gate', async () => {
      await gate;
      return 'first';
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await withJobLease(s.app.ctx, 'gate', async () => 'second')).toBeNull();
    release();
    expect(await first).toBe('first');
  });
});

test('the automatic dunning run checked twice at once reminds each due invoice once and is audited once', async () => {
  const due = [await owe(s, 1_000, '2026-02-01'), await owe(s, 2_000, '2026-02-01')];
  await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { autoEnabled: true } } });
  const results = await Promise.all([dailyDunningRun(s.app.ctx), dailyDunningRun(s.app.ctx)]);
  expect(results.reduce((n, r) => n + (r?.created ?? 0), 0)).toBe(due.length);
  const made = (await s.json('/dunnings/?perPage=500')).body as Array<{ invoiceNumber: number }>;
  for (const inv of due) expect(made.filter((d) => d.invoiceNumber === inv)).toHaveLength(1);
  const daily = await s.app.ctx.db.selectFrom('audit_log').select('id').where('entity', '=', 'dunning-run').where('action', '=', 'daily').execute();
  expect(daily).toHaveLength(1);
});
