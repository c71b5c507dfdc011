/**
 * The seats an event's participants hold (events.seats_taken, migration 0014): kept by the signup's lock UPDATE and by
 * cancellations, it must always equal the count of the event's participants that are not cancelled, which is what the
 * limit, the public page and the host's checks (lower limit, delete) go by. SQLite and PostgreSQL (npm run test:pg).
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnyDatabase } from '../../db/connection.js';
import { dialectOf } from '../../db/dialect.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';
import type { DocServer } from '../helpers/documents.js';
import { testDatabase } from '../helpers/database.js';
import { createEvent, eventBody, FREE, signup, signupBody, startEventServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startEventServer();
});
afterAll(() => s.close());

/** The column and the count it stands for. */
async function seats(number: number) {
  const db = s.app.ctx.db;
  const { seats_taken } = await db.selectFrom('events').select('seats_taken').where('number', '=', number).executeTakeFirstOrThrow();
  const { n } = await db
    .selectFrom('event_participants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_number', '=', number)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return { column: Number(seats_taken), count: Number(n) };
}

const fieldsOf = (r: { body: any }) => r.body.fields.map((f: { field: string }) => f.field);

describe('seats taken', () => {
  test('equals the count of participants not cancelled after a mix of signups, refusals, confirmations and cancellations', async () => {
    const ev = await createEvent(s, { confirmation: true, participantLimit: 4 });
    const path = `/host/events/${ev.number}/participants`;
    for (let i = 1; i <= 4; i++) expect((await signup(s, ev.id, signupBody({ email: `mix${i}@example.no` }))).status).toBe(200);
    expect(await seats(ev.number)).toEqual({ column: 4, count: 4 });
    // Full: refused, nothing counted. A bad discount code: refused before the lock.
    const full = await signup(s, ev.id, signupBody({ email: 'mix5@example.no' }));
    expect(fieldsOf(full)).toEqual(['participantLimit']);
    expect((await signup(s, ev.id, signupBody({ email: 'mix6@example.no', discountCode: 'NOPE' }))).status).toBe(400);
    expect(await seats(ev.number)).toEqual({ column: 4, count: 4 });
    // Confirming keeps the seat (pending -> registered, invoice issued); cancelling a pending or a registered one frees it.
    expect((await s.json(`${path}/1/confirm`, { method: 'POST' })).status).toBe(200);
    expect((await s.json(`${path}/2/confirm`, { method: 'POST' })).status).toBe(200);
    expect(await seats(ev.number)).toEqual({ column: 4, count: 4 });
    expect((await s.json(`${path}/2/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await s.json(`${path}/3/cancel`, { method: 'POST' })).status).toBe(200);
    expect(await seats(ev.number)).toEqual({ column: 2, count: 2 });
    // A second cancel is refused and frees nothing; a cancelled participant cannot be confirmed.
    expect((await s.json(`${path}/3/cancel`, { method: 'POST' })).status).toBe(400);
    expect((await s.json(`${path}/3/confirm`, { method: 'POST' })).status).toBe(400);
    expect(await seats(ev.number)).toEqual({ column: 2, count: 2 });
    // The freed seats are taken again, then the event is full once more.
    for (const i of [7, 8]) expect((await signup(s, ev.id, signupBody({ email: `mix${i}@example.no` }))).status).toBe(200);
    expect(fieldsOf(await signup(s, ev.id, signupBody({ email: 'mix9@example.no' })))).toEqual(['participantLimit']);
    expect(await seats(ev.number)).toEqual({ column: 4, count: 4 });
    // The host's checks go by it: the limit cannot go below it; the event cannot be deleted while seats are held.
    const lower = await s.json(`/host/events/${ev.number}`, { method: 'PUT', body: eventBody({ confirmation: true, participantLimit: 3 }) });
    expect(lower.status).toBe(400);
    expect(fieldsOf(lower)).toEqual(['participantLimit']);
    expect((await s.json(`/host/events/${ev.number}`, { method: 'DELETE' })).status).toBe(409);
    for (const p of [1, 4, 5, 6]) expect((await s.json(`${path}/${p}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(await seats(ev.number)).toEqual({ column: 0, count: 0 });
    expect((await s.json(`/host/events/${ev.number}`, { method: 'DELETE' })).status).toBe(204);
  });

  test('the public page shows the seats taken; cancelling frees one for the next signup', async () => {
    const ev = await createEvent(s, { ...FREE, participantLimit: 2 });
    for (const i of [1, 2]) expect((await signup(s, ev.id, signupBody({ email: `pub${i}@example.no`, invoice: null }))).status).toBe(200);
    expect(fieldsOf(await signup(s, ev.id, signupBody({ email: 'pub3@example.no', invoice: null })))).toEqual(['participantLimit']);
    const page = async () => (await (await s.api(`/events/${ev.id}`)).text()).match(/Ledige plasser: (\d+)<\/strong> av (\d+)/)?.slice(1);
    expect(await page()).toEqual(['0', '2']);
    expect((await s.json(`/host/events/${ev.number}/participants/1/cancel`, { method: 'POST' })).status).toBe(200);
    expect(await seats(ev.number)).toEqual({ column: 1, count: 1 });
    expect(await page()).toEqual(['1', '2']);
    expect((await signup(s, ev.id, signupBody({ email: 'pub3@example.no', invoice: null }))).status).toBe(200);
    expect(await seats(ev.number)).toEqual({ column: 2, count: 2 });
  });

  test('concurrent cancellations of one participant free its seat once', async () => {
    const ev = await createEvent(s, { participantLimit: 5 });
    for (const i of [1, 2]) expect((await signup(s, ev.id, signupBody({ email: `cc${i}@example.no` }))).status).toBe(200);
    const rs = await Promise.all(Array.from({ length: 4 }, () => s.json(`/host/events/${ev.number}/participants/1/cancel`, { method: 'POST' })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await seats(ev.number)).toEqual({ column: 1, count: 1 });
  });
});

describe('migration 0014', () => {
  test('backfills the seats of the participants written before it', async () => {
    const tdb = testDatabase();
    const opened = await openAnyDatabase(tdb.target);
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0014'));
      // As migrateToLatest does: on PostgreSQL Kysely's bookkeeping tables in the test's own schema.
      const schema = dialectOf(opened.db) === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(opened.db)).rows[0].s : undefined;
      const r = await new Migrator({ db: opened.db, provider: { getMigrations: async () => before }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const db = opened.db as any; // the schema before 0014 (no seats_taken)
      const event = (n: number) => ({
        public_id: 1e15 + n, name: `E${n}`, starts_at: '2026-05-01 10:00', location: '{}', contact_person: '{}', signup_seq: 3, created_at: 'x', updated_at: 'x',
      });
      const [a, b] = [await db.insertInto('events').values(event(1)).returning('number').executeTakeFirstOrThrow(), await db.insertInto('events').values(event(2)).returning('number').executeTakeFirstOrThrow()];
      const participant = (ev: number, number: number, status: string) => ({
        event_number: ev, number, status, name: 'P', email: 'p@example.no', custom_values: '[]', amount: 0, signed_up_at: 'x', updated_at: 'x',
      });
      await db.insertInto('event_participants').values([participant(a.number, 1, 'registered'), participant(a.number, 2, 'cancelled'), participant(a.number, 3, 'pending')]).execute();
      await migrateToLatest(opened.db);
      const rows = await opened.db.selectFrom('events').select(['number', 'seats_taken']).orderBy('number').execute();
      expect(rows.map((x) => [Number(x.number), Number(x.seats_taken)])).toEqual([[Number(a.number), 2], [Number(b.number), 0]]);
    } finally {
      await opened.close();
      await tdb.drop();
    }
  });
});
