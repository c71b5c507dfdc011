/**
 * One rule, two forms: the invoice state in SQL (`stateWhere`, used by every list, overview, dunning and report query)
 * must say exactly what the pure rule says (`invoiceState`, used for a single invoice's badge and `state`). Random and
 * boundary facts (balance -1/0/1 øre, due date the day before/of/after today, no due date, lost) go into two scratch
 * tables aliased `d` and `b` as the real queries alias documents and invoice_balances; for each state the rows SQL
 * selects must be exactly the rows the pure rule puts in that state. Runs on SQLite and, in `npm run test:pg`, PostgreSQL.
 */
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnyDatabase, type OpenedDatabase } from '../../db/connection.js';
import { INVOICE_STATES, invoiceState } from '../../main/domain/invoice-state.js';
import { stateWhere } from '../../main/features/invoices/invoice-state.sql.js';
import { testDatabase, type TestDatabase } from '../helpers/database.js';

const TODAY = '2026-03-15';
const DAYS = ['2026-03-14', '2026-03-15', '2026-03-16', '2025-12-31', '2027-01-01', null] as const;

interface Facts {
  balance: number;
  dueDate: string | null;
  lost: boolean;
}
const facts = fc.record({
  balance: fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -10_000_000, max: 10_000_000 })),
  dueDate: fc.constantFrom(...DAYS),
  lost: fc.boolean(),
});

let tdb: TestDatabase;
let opened: OpenedDatabase;
let db: Kysely<any>;

beforeAll(async () => {
  tdb = testDatabase();
  opened = await openAnyDatabase(tdb.target);
  db = opened.db as Kysely<any>;
  await db.schema.createTable('state_docs').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('due_date', 'text').execute();
  await db.schema
    .createTable('state_balances')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('lost', 'integer', (c) => c.notNull())
    .execute();
});

afterAll(async () => {
  await opened?.close();
  await tdb?.drop();
});

/** The ids SQL selects for each state, over the rows written. */
async function sqlStates(rows: Facts[]): Promise<Record<string, number[]>> {
  await db.deleteFrom('state_docs').execute();
  await db.deleteFrom('state_balances').execute();
  await db.insertInto('state_docs').values(rows.map((r, id) => ({ id, due_date: r.dueDate }))).execute();
  await db.insertInto('state_balances').values(rows.map((r, id) => ({ id, balance: r.balance, lost: r.lost ? 1 : 0 }))).execute();
  const out: Record<string, number[]> = {};
  for (const state of INVOICE_STATES) {
    const found = await db
      .selectFrom('state_docs as d')
      .innerJoin('state_balances as b', 'b.id', 'd.id')
      .select(sql<number>`d.id`.as('id'))
      .where((eb) => stateWhere(eb as any, state, TODAY))
      .orderBy('d.id')
      .execute();
    out[state] = found.map((r) => Number(r.id));
  }
  return out;
}

describe('the state rule in SQL (stateWhere) and the pure rule (invoiceState) agree', () => {
  test('every boundary combination: each row lands in exactly the state the pure rule gives it', async () => {
    const rows: Facts[] = [];
    for (const balance of [-1, 0, 1, 250_000]) for (const dueDate of DAYS) for (const lost of [false, true]) rows.push({ balance, dueDate, lost });
    const got = await sqlStates(rows);
    for (const state of INVOICE_STATES) {
      const want = rows.flatMap((r, id) => (invoiceState(r.balance, r.dueDate, r.lost, TODAY) === state ? [id] : []));
      expect(got[state], state).toEqual(want);
    }
    // Every row is in exactly one state (no row falls between the SQL conditions, e.g. an invoice without a due date).
    expect(INVOICE_STATES.flatMap((s) => got[s]).sort((a, b) => a - b)).toEqual(rows.map((_r, i) => i));
  });

  test('random facts (fast-check): the same partition', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(facts, { minLength: 1, maxLength: 40 }), async (rows) => {
        const got = await sqlStates(rows);
        for (const state of INVOICE_STATES) {
          const want = rows.flatMap((r, id) => (invoiceState(r.balance, r.dueDate, r.lost, TODAY) === state ? [id] : []));
          expect(got[state], state).toEqual(want);
        }
      }),
      { numRuns: 40 },
    );
  });
});
