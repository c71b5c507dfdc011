import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dailyDunningRun } from '../../main/features/dunnings/auto-run.js';
import { recipient } from '../helpers/server.js';
import { dun, numberOf, owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
let optedOut: number;
const inv: Record<string, number> = {};

beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  const r = await s.json('/recipients/', { body: recipient({ name: 'Ikke Purr AS', organisation: { form: 'as', number: '974760673' }, settings: { autoDunningsEnabled: false } }) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  optedOut = numberOf(r.res);
  inv.old = await owe(s, 10_000, '2026-02-01'); // 42 days overdue
  inv.d14 = await owe(s, 1_000, '2026-03-01'); // 14 days
  inv.d13 = await owe(s, 1_000, '2026-03-02'); // 13 days
  inv.notDue = await owe(s, 1_000, '2026-03-15');
  inv.paid = await owe(s, 1_000, '2026-02-01');
  await s.json(`/invoices/${inv.paid}/payments`, { body: { date: '2026-03-01', amount: 1_000 } });
  inv.optedOut = await owe(s, 1_000, '2026-02-01', { recipient: { number: optedOut } });
  inv.reminded = await owe(s, 1_000, '2026-02-01');
  await dun(s, { invoiceNumber: inv.reminded }); // deadline 2026-03-29 in force
});
afterAll(async () => {
  await s.close();
});

const numbers = (list: { invoiceNumber: number }[]) => list.map((c) => c.invoiceNumber);

describe('GET /dunnings/candidates', () => {
  test('due invoices whose deadline has passed, oldest first, with what a reminder would cost today', async () => {
    const r = await s.json('/dunnings/candidates');
    expect(r.status).toBe(200);
    expect(numbers(r.body)).toEqual([inv.old, inv.d14, inv.d13, inv.optedOut]);
    const old = r.body[0];
    expect(old).toMatchObject({
      invoiceNumber: inv.old,
      recipient: { number: s.company, name: 'Fjord Bygg AS', email: 'post@fjordbygg.no' },
      dueDate: '2026-02-01',
      daysOverdue: 42,
      balance: 10_000,
      dunnings: 0,
      lastDunning: null,
      dunningFee: 35,
      feeRefusedReason: null,
      interest: 138.08,
      interestRate: 12,
      total: 10_173.08,
    });
    const d13 = r.body.find((c: { invoiceNumber: number }) => c.invoiceNumber === inv.d13);
    expect(d13).toMatchObject({ dunningFee: 0, feeRefusedReason: expect.stringMatching(/it is 13/) });
  });

  test('paged with X-Total-Count; recipientNumber filters; inkassovarsel pricing', async () => {
    const p = await s.api('/dunnings/candidates?perPage=2&page=2');
    expect(p.headers.get('x-total-count')).toBe('4');
    expect(numbers(await p.json())).toEqual([inv.d13, inv.optedOut]);
    expect(numbers((await s.json(`/dunnings/candidates?recipientNumber=${optedOut}`)).body)).toEqual([inv.optedOut]);
    await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { debtCollectionNoticeFee: 30 } } });
    expect((await s.json('/dunnings/candidates?debtCollectionNotice=true&perPage=1')).body[0].dunningFee).toBe(30);
  });

  test('a reminded invoice comes back the day after its new deadline', async () => {
    s.clock.set('2026-03-29');
    expect(numbers((await s.json('/dunnings/candidates')).body)).not.toContain(inv.reminded);
    s.clock.set('2026-03-30');
    const back = (await s.json('/dunnings/candidates')).body.find((c: { invoiceNumber: number }) => c.invoiceNumber === inv.reminded);
    expect(back).toMatchObject({ dunnings: 1, lastDunning: { dunningNumber: 1, dueDate: '2026-03-29' }, dunningFee: 35 });
    s.clock.set('2026-03-15');
  });
});

describe('POST /dunnings/run (automatic dunning)', () => {
  test('dunns the invoices 14+ days past their deadline, skips opted-out recipients, and never twice for one deadline', async () => {
    const r = await s.json('/dunnings/run', { method: 'POST' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ date: '2026-03-15', created: 2, withFee: 2, sent: 2 });
    const made = await Promise.all(r.body.numbers.map(async (n: number) => (await s.json(`/dunnings/${n}?withDetails=true`)).body));
    expect(made.map((d) => d.invoiceNumber)).toEqual([inv.old, inv.d14]);
    expect(made.every((d) => d.automatic && d.dunningFee === 35 && d.dueDate === '2026-03-29')).toBe(true);
    // paper is the default shipment of a dunning (spec 4.5 rule 4)
    expect((await s.json(`/dunnings/${r.body.numbers[0]}/history`)).body).toEqual([
      { description: `Purring ${r.body.numbers[0]} sendt i posten`, recipientAddress: '', date: expect.stringMatching(/^2026-03-15 \d\d:\d\d$/), status: 'IN_PROGRESS' },
    ]);
    const again = await s.json('/dunnings/run', { method: 'POST' });
    expect(again.body.created).toBe(0);
  });

  test('after the new deadline + 14 days the run sends the second notice, and stops at the set number of notices', async () => {
    await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { autoShipment: 'NONE' } } });
    s.clock.set('2026-04-11'); // deadline 03-29 + 13
    expect((await s.json('/dunnings/run', { method: 'POST' })).body.created).toBe(2); // d13 (due 03-02) and notDue (due 03-15)
    s.clock.set('2026-04-12'); // + 14
    const second = await s.json('/dunnings/run', { method: 'POST' });
    expect(second.body).toMatchObject({ created: 3, sent: 0 }); // old, d14, reminded
    const old = (await s.json(`/dunnings/?invoiceNumber=${inv.old}`)).body;
    expect(old.map((d: { dunningNumber: number; dunningFee: number }) => [d.dunningNumber, d.dunningFee])).toEqual([[2, 35], [1, 35]]);
    s.clock.set('2026-06-30');
    const third = await s.json('/dunnings/run', { method: 'POST' });
    // old, d14 and reminded have had 2 notices (autoMaxNotices 2); d13 and notDue get their second.
    expect(third.body.created).toBe(2);
    expect((await s.json('/dunnings/run', { method: 'POST' })).body.created).toBe(0);
    s.clock.set('2026-03-15');
  });

  test('the daily run only when automatic dunning is on, once a day', async () => {
    s.clock.set('2026-09-01');
    try {
      expect(await dailyDunningRun(s.app.ctx)).toBeNull(); // off by default
      await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { autoEnabled: true, autoMaxNotices: 5 } } });
      const first = await dailyDunningRun(s.app.ctx);
      expect(first?.created).toBe(5); // old, d14, d13, reminded, and notDue (due since 2026-03-15); not optedOut
      expect(await dailyDunningRun(s.app.ctx)).toBeNull();
      s.clock.set('2026-09-02');
      expect((await dailyDunningRun(s.app.ctx))?.created).toBe(0); // deadlines of yesterday's notices are in force
    } finally {
      s.clock.set('2026-03-15');
    }
  });

  test('the database refuses a second automatic notice for the same deadline', async () => {
    const row = await s.app.ctx.db.selectFrom('dunnings').selectAll().where('automatic', '=', 1).orderBy('number').executeTakeFirstOrThrow();
    await expect(
      s.app.ctx.db.insertInto('dunnings').values({ ...row, number: 999_999, dunning_number: 99 }).execute(),
    ).rejects.toThrow(/UNIQUE/i); // SQLite: UNIQUE constraint failed; PostgreSQL: duplicate key … unique constraint
  });
});

describe('shipment preference of the automatic run', () => {
  test('EMAIL sends to the customer address, paper when the customer has none', async () => {
    await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { autoShipment: 'EMAIL' } } });
    const withMail = await owe(s, 700, '2026-02-01');
    const noMail = await owe(s, 700, '2026-02-01', { recipient: { number: s.person } });
    const r = await s.json('/dunnings/run', { method: 'POST' });
    expect(r.body).toMatchObject({ created: 2, sent: 2 });
    const historyOf = async (inv: number) => {
      const [d] = (await s.json(`/dunnings/?invoiceNumber=${inv}`)).body as { number: number }[];
      return (await s.json(`/dunnings/${d.number}/history`)).body as { recipientAddress: string; description: string }[];
    };
    expect((await historyOf(withMail)).map((h) => h.recipientAddress)).toEqual(['post@fjordbygg.no']);
    expect((await historyOf(noMail))[0].description).toMatch(/sendt i posten/);
  });
});
