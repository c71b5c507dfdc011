/**
 * New customer numbers given out several times in one transaction (a group-commit batch of paid signups, each creating
 * its invoice recipient): the highest is looked up once and then known (SQLite), and whatever else writes a customer
 * number in the transaction (a given number, a change, a deletion) makes the next one look again. Same rule as one
 * creation per transaction: one above the highest all-digit customer number. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inTx } from '../../main/ops/transaction.js';
import { createRecipientRows, deleteRecipient, updateRecipient } from '../../main/features/recipients/recipients.service.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const person = (name: string, over: Record<string, unknown> = {}) => recipient({ name, organisation: undefined, ...over }) as any;

test('in one transaction: consecutive numbers, a given higher number respected, a change and a deletion looked up again', async () => {
  const got = await inTx(s.app.ctx, async (tctx) => {
    const out: string[] = [];
    const one = async (name: string, over: Record<string, unknown> = {}) => {
      const [row] = await createRecipientRows(tctx, [person(name, over)], false);
      out.push(row.customer_number!);
      return row;
    };
    await one('A');
    await one('B');
    await one('Gitt', { customerNumber: '20000' });
    await one('C'); // above the given number
    const d = await one('D');
    // D's number changed by hand to 30000: the next is above it.
    await updateRecipient(tctx, d.number, person('D', { customerNumber: '30000' }));
    await one('E');
    // E deleted (no documents: gone): the highest is 30000 again.
    const e = await one('F');
    await deleteRecipient(tctx, e.number);
    await one('G');
    return out;
  });
  const [a, b, given, c, d, e, f, g] = got.map(Number);
  expect(b).toBe(a + 1);
  expect(given).toBe(20000);
  expect([c, d]).toEqual([20001, 20002]);
  expect(e).toBe(30001);
  expect(f).toBe(30002);
  expect(g).toBe(30002);
});

test('concurrent creations get different consecutive customer numbers above a given one (the signups\' batches: test/events/signup.test.ts 40 for 25)', async () => {
  expect((await s.json('/recipients/', { body: person('Høy', { customerNumber: '70000' }) })).status).toBe(201);
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => s.json('/recipients/', { body: person(`Samtidig ${i}`) })));
  expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
  const numbers = results.map((r) => Number((r.body as { customerNumber: string }).customerNumber)).sort((x, y) => x - y);
  expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => 70001 + i));
});
