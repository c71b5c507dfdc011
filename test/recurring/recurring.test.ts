/**
 * Recurring invoices over real HTTP (issue 26), driven by the service clock: what the customer receives (number,
 * date, period text, lines) for monthly series from 31 January, weekly across a year end, yearly on 29 February, count
 * and end date, a four-month gap (three issued, one waiting for confirmation), pause/resume, a customer deleted and a
 * product changed, and the 400s naming each bad field.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
afterEach(async () => {
  await s?.close();
});

const series = (over: Record<string, unknown> = {}) => ({
  recipientNumber: s.company,
  items: [{ description: 'Husleie {periode}', quantity: 1, unitPrice: 10000, taxRate: 25 }],
  interval: { unit: 'MONTH', every: 1 },
  startDate: '2026-01-31',
  invoiceText: 'Leie for {periode}',
  ...over,
});

async function create(body: Record<string, unknown>): Promise<number> {
  const r = await s.json('/recurring/', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return Number(r.res.headers.get('location')!.split('/').pop());
}

async function run() {
  const r = await s.json('/recurring/run', { method: 'POST' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { issued: Array<{ recurring: number; invoiceNumber: number; period: string; date: string }>; skipped: Array<{ recurring: number; period: string; reason: string; message: string }> };
}

async function invoice(n: number) {
  const r = await s.json(`/invoices/${n}`);
  expect(r.status).toBe(200);
  return r.body;
}

describe('recurring invoices', () => {
  test('monthly from 31 January: 28 February, 31 March; the period in line and text; each occurrence once', async () => {
    s = await startDocServer({ today: '2026-01-31' });
    const n = await create(series());
    const jan = await run();
    expect(jan.issued.map((i) => [i.recurring, i.period, i.date])).toEqual([[n, 'januar 2026', '2026-01-31']]);
    expect((await run()).issued).toEqual([]); // nothing twice
    const inv = await invoice(jan.issued[0].invoiceNumber);
    expect(inv.invoiceDate).toBe('2026-01-31');
    expect(inv.items[0].description).toBe('Husleie januar 2026');
    expect(inv.invoiceText).toBe('Leie for januar 2026');
    expect(inv.dueDate).toBe('2026-02-10'); // the customer's 10 credit days

    s.clock.set('2026-02-27');
    expect((await run()).issued).toEqual([]);
    s.clock.set('2026-02-28');
    const feb = await run();
    expect(feb.issued.map((i) => [i.period, i.date])).toEqual([['februar 2026', '2026-02-28']]);
    s.clock.set('2026-03-31');
    const mar = await run();
    expect(mar.issued.map((i) => [i.period, i.date])).toEqual([['mars 2026', '2026-03-31']]);
    expect(mar.issued[0].invoiceNumber).toBe(feb.issued[0].invoiceNumber + 1);

    const got = await s.json(`/recurring/${n}`);
    expect(got.body).toMatchObject({ number: n, status: 'active', issuedCount: 3, lastInvoice: mar.issued[0].invoiceNumber, nextDate: '2026-04-30', nextPeriod: 'april 2026', total: 12500 });
    expect(got.body.invoices.map((i: { period: string }) => i.period)).toEqual(['mars 2026', 'februar 2026', 'januar 2026']);
    const list = await s.json(`/recurring/?recipientNumber=${s.company}&perPage=10`);
    expect(list.body.map((r: { number: number }) => r.number)).toEqual([n]);
    expect(list.res.headers.get('x-total-count')).toBe('1');
  });

  test('weekly across a year end: ISO weeks 53 and 1; dueInDays and references on the invoice', async () => {
    s = await startDocServer({ today: '2026-12-28' });
    await create(series({ interval: { unit: 'WEEK', every: 1 }, startDate: '2026-12-28', dueInDays: 14, ourReference: 'Kari', yourReference: 'Per' }));
    const w53 = await run();
    expect(w53.issued.map((i) => i.period)).toEqual(['uke 53 2026']);
    s.clock.set('2027-01-04');
    const w1 = await run();
    expect(w1.issued.map((i) => i.period)).toEqual(['uke 1 2027']);
    const inv = await invoice(w1.issued[0].invoiceNumber);
    expect([inv.items[0].description, inv.dueDate, inv.ourReference, inv.yourReference]).toEqual(['Husleie uke 1 2027', '2027-01-18', 'Kari', 'Per']);
  });

  test('yearly on 29 February: 28 February in a common year; count ends the series', async () => {
    s = await startDocServer({ today: '2028-02-29' });
    const n = await create(series({ interval: { unit: 'YEAR', every: 1 }, startDate: '2028-02-29', count: 2 }));
    expect((await run()).issued.map((i) => [i.period, i.date])).toEqual([['2028', '2028-02-29']]);
    s.clock.set('2029-02-28');
    expect((await run()).issued.map((i) => [i.period, i.date])).toEqual([['2029', '2029-02-28']]);
    s.clock.set('2030-03-01');
    expect((await run()).issued).toEqual([]);
    expect((await s.json(`/recurring/${n}`)).body).toMatchObject({ status: 'finished', nextDate: null, issuedCount: 2 });
  });

  test('an end date ends the series', async () => {
    s = await startDocServer({ today: '2026-01-15' });
    const n = await create(series({ startDate: '2026-01-15', endDate: '2026-02-14', interval: { unit: 'MONTH', every: 1 } }));
    s.clock.set('2026-03-20');
    expect((await run()).issued.map((i) => i.date)).toEqual(['2026-01-15']);
    expect((await s.json(`/recurring/${n}`)).body.status).toBe('finished');
  });

  test('a four-month gap: three issued in order, each with its period, dated today; the fourth waits for confirmation', async () => {
    s = await startDocServer({ today: '2026-01-01' });
    const n = await create(series({ startDate: '2026-01-01', interval: { unit: 'MONTH', every: 1 } }));
    expect((await run()).issued).toHaveLength(1);
    s.clock.set('2026-05-03'); // February, March, April and May were missed
    const r = await run();
    expect(r.issued.map((i) => i.period)).toEqual(['februar 2026', 'mars 2026', 'april 2026']);
    expect(r.skipped).toEqual([expect.objectContaining({ recurring: n, period: 'mai 2026', reason: 'AWAITING_CONFIRMATION' })]);
    for (const i of r.issued) expect((await invoice(i.invoiceNumber)).invoiceDate).toBe('2026-05-03');
    // The next run still waits (it does not issue the fourth by itself).
    const again = await run();
    expect(again.issued).toEqual([]);
    expect(again.skipped.map((x) => x.period)).toEqual(['mai 2026']);
    expect((await s.json(`/recurring/${n}`)).body.awaitingConfirmation).toBe(1);
    const c = await s.json(`/recurring/${n}/confirm`, { method: 'POST' });
    expect(c.status).toBe(200);
    expect(c.body.issued.map((i: { period: string }) => i.period)).toEqual(['mai 2026']);
    expect((await s.json(`/recurring/${n}/confirm`, { method: 'POST' })).body.fields[0].code).toBe('NOTHING_TO_CONFIRM');
    s.clock.set('2026-06-01');
    expect((await run()).issued.map((i) => i.period)).toEqual(['juni 2026']);
  });

  test('pause and resume: nothing issued while paused; resumed it goes on from today', async () => {
    s = await startDocServer({ today: '2026-01-10' });
    const n = await create(series({ startDate: '2026-01-10' }));
    await run();
    expect((await s.json(`/recurring/${n}/pause`, { method: 'POST' })).body.status).toBe('paused');
    s.clock.set('2026-03-10');
    expect((await run()).issued).toEqual([]);
    const resumed = await s.json(`/recurring/${n}/resume`, { method: 'POST' });
    expect(resumed.body).toMatchObject({ status: 'active', nextDate: '2026-03-10' });
    expect((await run()).issued.map((i) => i.period)).toEqual(['mars 2026']);
    expect((await s.json(`/recurring/?active=false`)).body).toEqual([]);
    expect((await s.json(`/recurring/${n}`, { method: 'DELETE' })).status).toBe(204);
    s.clock.set('2026-04-10');
    expect((await run()).issued).toEqual([]);
    const ended = await s.json(`/recurring/${n}`);
    expect([ended.body.status, ended.body.issuedCount]).toEqual(['ended', 2]);
    expect((await s.json(`/recurring/${n}/resume`, { method: 'POST' })).status).toBe(409);
  });

  test('a customer deleted or a product changed: the series stops and says why, no invoice is issued', async () => {
    s = await startDocServer({ today: '2026-01-05' });
    const byProduct = await create(series({ startDate: '2026-01-05', items: [{ productCode: 'A1', quantity: 2 }] }));
    const other = await s.json('/recipients/', { body: { name: 'Borte AS', contact: { address: { address1: 'Vei 1', zip: '0150', city: 'OSLO' } } } });
    const gone = Number(other.res.headers.get('location')!.split('/').pop());
    const byCustomer = await create(series({ startDate: '2026-01-05', recipientNumber: gone }));
    expect((await run()).issued).toHaveLength(2);

    const p = (await s.json('/products/?q=A1')).body[0];
    expect((await s.json(`/products/${p.number}`, { method: 'PUT', body: { code: 'A1', description: 'Konsulenttime', unitPrice: 1400, taxRate: 25, unit: 'timer' } })).status).toBe(200);
    expect((await s.json(`/recipients/${gone}`, { method: 'DELETE' })).status).toBe(204);
    s.clock.set('2026-02-05');
    const r = await run();
    expect(r.issued).toEqual([]);
    expect(r.skipped.map((x) => [x.recurring, x.reason]).sort()).toEqual([[byProduct, 'PRODUCT_CHANGED'], [byCustomer, 'RECIPIENT_DELETED']].sort());
    const stopped = (await s.json(`/recurring/${byProduct}`)).body;
    expect(stopped.status).toBe('stopped');
    expect(stopped.stopped.reason).toMatch(/A1 was changed/);
    // Resumed, the product is taken as it is now: the new price from this occurrence on.
    expect((await s.json(`/recurring/${byProduct}/resume`, { method: 'POST' })).body).toMatchObject({ status: 'active', total: 3500 });
    const after = await run();
    expect(after.issued.map((i) => i.recurring)).toEqual([byProduct]);
    expect((await invoice(after.issued[0].invoiceNumber)).items[0].unitPrice).toBe(1400);
    expect((await s.json(`/recurring/${byCustomer}/resume`, { method: 'POST' })).body.fields[0]).toMatchObject({ field: 'recipientNumber', code: 'RECIPIENT_DELETED' });
  });

  test('an invoice the issue service refuses (its shipment cannot go): nothing of it stays, the series stops saying why', async () => {
    s = await startDocServer({ today: '2026-01-05' });
    const ok = await create(series({ startDate: '2026-01-05' }));
    const bad = await create(series({ startDate: '2026-01-05', shipment: { sms: [{ mobileNumber: '91234567', message: 'Faktura' }] } }));
    const r = await run();
    expect(r.issued.map((i) => i.recurring)).toEqual([ok]);
    expect(r.skipped).toEqual([expect.objectContaining({ recurring: bad, reason: 'ISSUE_REFUSED' })]);
    expect(r.skipped[0].message).toMatch(/shipment|sms/i);
    expect((await s.json('/invoices/?perPage=10')).body).toHaveLength(1);
    expect((await s.json(`/recurring/${bad}`)).body).toMatchObject({ status: 'stopped', issuedCount: 0 });
    expect((await s.json('/outbox/?perPage=10')).body).toEqual([]);
  });

  test('400 names each bad field, invoice limits included; nothing is saved', async () => {
    s = await startDocServer({ today: '2026-01-05' });
    const bad = await s.json('/recurring/', {
      body: series({
        recipientNumber: 999,
        items: [{ description: 'x'.repeat(240) + '{periode}', quantity: 1.0001, unitPrice: 1, taxRate: 25 }, { productCode: 'NOPE', quantity: 1 }],
        interval: { unit: 'MONTH', every: 25 },
        startDate: '2026-02-30',
        ourReference: 'r'.repeat(65),
      }),
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['interval.every', 'startDate', 'ourReference']));
    const bad2 = await s.json('/recurring/', {
      body: series({ recipientNumber: 999, items: [{ description: 'x'.repeat(240) + '{periode}', quantity: 1.0001, unitPrice: 1, taxRate: 25 }, { productCode: 'NOPE', quantity: 1 }], endDate: '2026-01-01', count: 3 }),
    });
    expect(bad2.status).toBe(400);
    expect(bad2.body.fields.map((f: { field: string; code: string }) => `${f.field} ${f.code}`).sort()).toEqual(
      [
        'count END_DATE_OR_COUNT',
        'endDate END_BEFORE_START',
        'items[0].description TOO_LONG_WITH_PERIOD',
        'items[0].quantity TOO_MANY_DECIMALS',
        'items[1].productCode NO_SUCH_PRODUCT',
        'recipientNumber NO_SUCH_RECIPIENT',
      ].sort(),
    );
    expect((await s.json('/recurring/', { body: { ...series(), extra: 1 } })).body.fields[0]).toMatchObject({ field: 'extra', code: 'NOT_ALLOWED' });
    expect((await s.json('/recurring/')).body).toEqual([]);
    expect((await s.json('/recurring/77')).status).toBe(404);
  });

  test('PUT changes the next occurrences only; the schedule is fixed once an invoice was issued', async () => {
    s = await startDocServer({ today: '2026-01-31' });
    const n = await create(series());
    const first = (await run()).issued[0].invoiceNumber;
    const put = await s.json(`/recurring/${n}`, { method: 'PUT', body: series({ items: [{ description: 'Leie og parkering {periode}', quantity: 1, unitPrice: 11000, taxRate: 25 }] }) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.total).toBe(13750);
    expect((await s.json(`/recurring/${n}`, { method: 'PUT', body: series({ startDate: '2026-02-01' }) })).body.fields[0]).toMatchObject({ field: 'startDate', code: 'SCHEDULE_FIXED' });
    s.clock.set('2026-02-28');
    const feb = (await run()).issued[0].invoiceNumber;
    expect((await invoice(first)).items[0].description).toBe('Husleie januar 2026');
    expect((await invoice(feb)).items[0].description).toBe('Leie og parkering februar 2026');
  });
});
