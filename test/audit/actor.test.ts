/**
 * Every audit entry names who made the change, also when operations of different users run at the same time: the
 * actor travels with the operation's transaction (inTx, the group commit), not with the async context.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedClock } from '../../main/clock.js';
import { audit } from '../../main/features/audit/audit.service.js';
import { LEGACY_OWNER, type Actor } from '../../main/features/users/actor.js';
import { groupCommitOf } from '../../main/ops/group-commit.js';
import { inTx } from '../../main/ops/transaction.js';
import { onPostgres } from '../helpers/database.js';
import { recipient, startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

let s: TestServer;
const keys: Record<string, string> = { 'owner (API key)': TEST_KEY };
beforeAll(async () => {
  s = await startTestServer();
  for (const [name, role] of [['Kari Regnskap', 'bookkeeper'], ['Ola Eier', 'owner']] as const) {
    const made = await s.json('/users/', { method: 'POST', body: { name, role } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    keys[name] = made.body.key;
  }
}, 60_000);
afterAll(async () => s?.close());

const actorsOf = async (entity: string) =>
  (await s.app.ctx.db.selectFrom('audit_log').select(['entity_id', 'action', 'actor']).where('entity', '=', entity).orderBy('id').execute()).map(
    (r) => `${r.entity_id} ${r.action} by ${r.actor}`,
  );

test('requests of three users at the same time: each customer created and changed by whoever sent it', async () => {
  const names = Object.keys(keys);
  const sent = Array.from({ length: 12 }, (_, i) => ({ who: names[i % names.length], customerNumber: `ACT-${i}` }));
  const made = await Promise.all(
    sent.map(async ({ who, customerNumber }) => {
      const r = await s.json('/recipients/', { method: 'POST', body: recipient({ customerNumber }), headers: { authorization: `Bearer ${keys[who]}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return String(r.res.headers.get('location')).split('/').pop()!;
    }),
  );
  // Changes by the others, again all at once: user i+1 changes customer i.
  await Promise.all(
    made.map(async (number, i) => {
      const who = names[(i + 1) % names.length];
      const r = await s.json(`/recipients/${number}`, { method: 'PUT', body: recipient({ customerNumber: sent[i].customerNumber, name: `Endret ${i}` }), headers: { authorization: `Bearer ${keys[who]}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }),
  );
  const expected = made.flatMap((number, i) => [`${number} create by ${sent[i].who}`, `${number} update by ${names[(i + 1) % names.length]}`]);
  expect((await actorsOf('recipient')).filter((e) => made.includes(e.split(' ')[0])).sort()).toEqual(expected.sort());
});

test('operations of different actors in one group-commit batch (SQLite) or side by side (PostgreSQL): each entry its own actor', async () => {
  const clock = fixedClock('2026-03-15');
  const kari: Actor = { id: 7, name: 'Kari Regnskap', role: 'bookkeeper' };
  const ola: Actor = { id: 8, name: 'Ola Eier', role: 'owner' };
  const ctx = s.app.ctx;
  const op = (actor: Actor | undefined, id: string, fail = false) =>
    inTx(
      { ...ctx, actor },
      async (t) => {
        await audit(t, 'batch-test', id, 'first');
        await new Promise((r) => setImmediate(r)); // let the others' requests move meanwhile
        // A helper joining the transaction (inTx inside it) gets the member's own context, so it writes the member's actor.
        await inTx(t, (inner) => audit(inner, 'batch-test', id, 'second'));
        // A context built by hand around the shared transaction (no memo, no actor of its own) is refused, not misused.
        await expect(inTx({ db: t.db, clock }, async () => 'ran')).rejects.toThrow(/transaction context/);
        if (fail) throw new Error('refused');
      },
      { group: true },
    );
  const before = { ...groupCommitOf(ctx.db).stats };
  const outcomes = await Promise.allSettled([op(kari, 'a'), op(ola, 'b'), op(undefined, 'c'), op(kari, 'd', true), op(LEGACY_OWNER, 'e'), op(ola, 'f')]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  if (!onPostgres()) expect(groupCommitOf(ctx.db).stats).toEqual({ batches: before.batches + 1, members: before.members + 6 });
  expect((await actorsOf('batch-test')).sort()).toEqual([
    ...['a first by Kari Regnskap', 'a second by Kari Regnskap', 'b first by Ola Eier', 'b second by Ola Eier', 'c first by null', 'c second by null'],
    ...['e first by owner (API key)', 'e second by owner (API key)', 'f first by Ola Eier', 'f second by Ola Eier'],
  ].sort());
});

test('the outbox actions (mark printed, retry) name the user who did them', async () => {
  const now = '2026-03-15 12:00:00';
  const row = (method: string, status: string) => ({
    ref_type: 'message', ref_number: 0, document_id: null, method, address: method === 'paper' ? '' : 'x@example.no', status,
    description: 'test', payload: '{}', message_id: null, attempts: 0, next_attempt_at: null, last_error: null,
    created_at: now, updated_at: now, delivered_at: null,
  });
  const ids = await s.app.ctx.db.insertInto('outbox').values([row('paper', 'IN_PROGRESS'), row('email', 'NOT_DELIVERED')]).returning('id').execute();
  const [paper, failed] = ids.map((r) => Number(r.id));
  const as = (who: string) => ({ method: 'POST', headers: { authorization: `Bearer ${keys[who]}` } });
  expect((await s.json(`/outbox/${paper}/printed`, as('Kari Regnskap'))).status).toBe(200);
  expect((await s.json(`/outbox/${failed}/retry`, as('Ola Eier'))).status).toBe(200);
  expect((await actorsOf('shipment')).filter((e) => [`${paper} printed`, `${failed} retry`].some((p) => e.startsWith(p)))).toEqual([
    `${paper} printed by Kari Regnskap`,
    `${failed} retry by Ola Eier`,
  ]);
});
