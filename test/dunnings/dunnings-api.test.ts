import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dun, owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
});

const KEYS_2_7 = [
  'number', 'dunningNumber', 'invoiceNumber', 'dunningText', 'dunningFee', 'total', 'interestRate', 'interest',
  'dunningDate', 'dueDate', 'debtCollectionNotice', 'invoiceBalance', 'invoiceBalanceDate', '_links',
].sort();

describe('POST /dunnings/ and GET /dunnings/{number} (spec 2.7)', () => {
  test('a reminder 42 days after the due date: fee 35 kr, interest 12 % for 42 days, 201 + Location, 2.7 exactly', async () => {
    const inv = await owe(s, 10_000, '2026-02-01');
    const r = await dun(s, { invoiceNumber: inv, dunningText: 'Vennligst betal snarest.' });
    const loc = r.res.headers.get('location')!;
    expect(loc).toMatch(new RegExp(`^${s.base}/dunnings/\\d+$`));
    expect(r.body.feeRefusedReason).toBeNull();
    const g = await s.json(new URL(loc).pathname);
    expect(g.status).toBe(200);
    expect(Object.keys(g.body).sort()).toEqual(KEYS_2_7);
    const n = g.body.number;
    // 10,000 kr * 12 % * 42 / 365 = 138.08
    expect(g.body).toEqual({
      number: n,
      dunningNumber: 1,
      invoiceNumber: inv,
      dunningText: 'Vennligst betal snarest.',
      dunningFee: 35,
      total: 10_173.08,
      interestRate: 12,
      interest: 138.08,
      dunningDate: '2026-03-15',
      dueDate: '2026-03-29',
      debtCollectionNotice: false,
      invoiceBalance: 10_000,
      invoiceBalanceDate: '2026-03-15',
      _links: {
        pdf: { uri: `/dunnings/${n}/pdf` },
        invoiceDunnings: [{ dunningNumber: 1, uri: `/dunnings/${n}` }],
        self: { uri: `/dunnings/${n}` },
        dunnedInvoice: { uri: `/invoices/${inv}` },
        sendAgain: { uri: `/dunnings/${n}/send` },
      },
    });
  });

  test('the invoice shows the claim with fee and interest, and reminderDate is the last dunning date', async () => {
    const inv = await owe(s, 1_000, '2026-02-01');
    const before = (await s.json(`/invoices/${inv}`)).body;
    expect(before).toMatchObject({ currentBalance: 1_000, reminderDate: null });
    await dun(s, { invoiceNumber: inv });
    const after = (await s.json(`/invoices/${inv}`)).body;
    // 1,000 kr * 12 % * 42 / 365 = 13.81
    expect(after).toMatchObject({ currentBalance: 1_048.81, reminderDate: '2026-03-15', state: 'due' });
    const listed = (await s.json('/invoices/due?perPage=500')).body.find((i: { number: number }) => i.number === inv);
    expect(listed).toMatchObject({ currentBalance: 1_048.81, reminderDate: '2026-03-15' });
  });

  test('numbers are one global series; dunningNumber counts the notices of each invoice; every sibling is linked', async () => {
    const a = await owe(s, 500, '2026-02-01');
    const b = await owe(s, 600, '2026-02-01');
    const a1 = (await dun(s, { invoiceNumber: a })).body;
    const b1 = (await dun(s, { invoiceNumber: b })).body;
    // The same notice again with nothing paid since is the same click twice: 409 with its code, nothing made.
    const again = await s.json('/dunnings/', { body: { invoiceNumber: a, dunningFee: false } });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual([expect.objectContaining({ field: 'invoiceNumber', code: 'DUNNED_TODAY', params: { number: a, dunning: a1.number } })]);
    expect((await s.api('/invoices/' + a + '/payments', { body: { date: '2026-03-15', amount: 100 } })).status).toBe(201);
    const a2 = (await dun(s, { invoiceNumber: a, dunningFee: false })).body;
    expect([a1.dunningNumber, b1.dunningNumber, a2.dunningNumber]).toEqual([1, 1, 2]);
    expect(b1.number).toBe(a1.number + 1);
    expect(a2.number).toBe(b1.number + 1);
    const g = (await s.json(`/dunnings/${a1.number}`)).body;
    expect(g._links.invoiceDunnings).toEqual([
      { dunningNumber: 1, uri: `/dunnings/${a1.number}` },
      { dunningNumber: 2, uri: `/dunnings/${a2.number}` },
    ]);
    // The second notice the same day (after a payment) charges no interest twice and includes the first's charges in invoiceBalance.
    expect(a2).toMatchObject({ interest: 0, dunningFee: 0, invoiceBalance: a1.total - 100, total: a1.total - 100 });
  });

  test('an inkassovarsel: deadline at least 14 days; 13 days is a 400 that says why', async () => {
    const inv = await owe(s, 2_000, '2026-02-01');
    const short = await s.json('/dunnings/', { body: { invoiceNumber: inv, debtCollectionNotice: true, dueDate: '2026-03-28' } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual([expect.objectContaining({ field: 'dueDate', message: expect.stringMatching(/at least 14 days.*2026-03-29/) })]);
    const ok = await dun(s, { invoiceNumber: inv, debtCollectionNotice: true, dueDate: '2026-03-29' });
    expect(ok.body).toMatchObject({ debtCollectionNotice: true, dunningFee: 35, dueDate: '2026-03-29' });
    const dflt = await dun(s, { invoiceNumber: await owe(s, 2_000, '2026-02-01'), debtCollectionNotice: true });
    expect(dflt.body.dueDate).toBe('2026-03-29');
  });

  test('interest: false and dunningFee: false make a plain reminder', async () => {
    const inv = await owe(s, 3_000, '2026-02-01');
    const r = await dun(s, { invoiceNumber: inv, interest: false, dunningFee: false });
    expect(r.body).toMatchObject({ dunningFee: 0, interest: 0, interestRate: 0, total: 3_000, feeRefusedReason: null });
  });

  test('withDetails adds the recipient, the interest period and the invoice state', async () => {
    const inv = await owe(s, 10_000, '2026-02-01');
    const n = (await dun(s, { invoiceNumber: inv })).body.number;
    const g = (await s.json(`/dunnings/${n}?withDetails=true`)).body;
    expect(g).toMatchObject({
      recipient: { number: s.company, name: 'Fjord Bygg AS' },
      currency: 'NOK',
      feeRefusedReason: null,
      automatic: false,
      invoiceState: 'due',
      invoiceCurrentBalance: 10_173.08,
      interestPeriod: { from: '2026-02-02', to: '2026-03-15', principal: 10_000, parts: [{ from: '2026-02-02', to: '2026-03-15', days: 42, rate: 12, interest: 138.08 }] },
    });
  });
});

describe('fee rules through the API (the boundary days)', () => {
  test('13 days after the due date: created without a fee, feeRefusedReason says why; 14 days: fee', async () => {
    const d13 = await s.json('/dunnings/', { body: { invoiceNumber: await owe(s, 1_000, '2026-03-02') } });
    expect(d13.status).toBe(201);
    expect(d13.body.dunningFee).toBe(0);
    expect(d13.body.feeRefusedReason).toMatch(/at least 14 days after the due date 2026-03-02; it is 13/);
    expect(d13.body.feeRefused).toEqual({ code: 'FEE_TOO_SOON_AFTER_DUE_DATE', params: { days: 14, dueDate: '2026-03-02', after: 13 } });
    expect((await s.json(`/dunnings/${d13.body.number}?withDetails=true`)).body).toMatchObject({ feeRefused: d13.body.feeRefused, feeRefusedReason: d13.body.feeRefusedReason });
    const d14 = await dun(s, { invoiceNumber: await owe(s, 1_000, '2026-03-01') });
    expect(d14.body).toMatchObject({ dunningFee: 35, feeRefusedReason: null });
  });

  test('a new deadline of 13 days: no fee; 14 days: fee', async () => {
    const a = await dun(s, { invoiceNumber: await owe(s, 1_000, '2026-02-01'), dueDate: '2026-03-28' });
    expect(a.body.dunningFee).toBe(0);
    expect(a.body.feeRefusedReason).toMatch(/new deadline of at least 14 days/);
    const b = await dun(s, { invoiceNumber: await owe(s, 1_000, '2026-02-01'), dueDate: '2026-03-29' });
    expect(b.body.dunningFee).toBe(35);
  });

  test('second fee only after the first deadline; a third never', async () => {
    const inv = await owe(s, 1_000, '2026-02-01');
    const first = await dun(s, { invoiceNumber: inv });
    expect(first.body.dunningFee).toBe(35);
    try {
      s.clock.set('2026-03-29'); // the first deadline itself
      const on = await dun(s, { invoiceNumber: inv });
      expect(on.body).toMatchObject({ dunningFee: 0, feeRefusedReason: expect.stringMatching(/deadline 2026-03-29 has passed/) });
      s.clock.set('2026-03-30');
      const second = await dun(s, { invoiceNumber: inv, debtCollectionNotice: true });
      expect(second.body).toMatchObject({ dunningFee: 35, feeRefusedReason: null, dunningNumber: 3 });
      s.clock.set('2026-06-01');
      const third = await dun(s, { invoiceNumber: inv });
      expect(third.body).toMatchObject({ dunningFee: 0, feeRefusedReason: expect.stringMatching(/at most 2 notices/) });
      // 4 notices, fees 35 + 35, interest charged once per day: the claim is the sum.
      const list = (await s.json(`/dunnings/?invoiceNumber=${inv}`)).body as { dunningFee: number; interest: number }[];
      expect(list.map((d) => d.dunningFee)).toEqual([0, 35, 0, 35]);
      const charges = list.reduce((t, d) => t + d.dunningFee + d.interest, 0);
      expect((await s.json(`/invoices/${inv}`)).body.currentBalance).toBeCloseTo(1_000 + charges, 2);
    } finally {
      s.clock.set('2026-03-15');
    }
  });

  test('the fee amount is a setting', async () => {
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { reminderFee: 30 } } })).status).toBe(200);
    try {
      expect((await dun(s, { invoiceNumber: await owe(s, 1_000, '2026-02-01') })).body.dunningFee).toBe(30);
      const tooHigh = await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { reminderFee: 36 } } });
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body.fields[0].field).toBe('dunning.reminderFee');
      const unknown = await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { fee: 1 } } });
      expect(unknown.status).toBe(400);
    } finally {
      await s.json('/originators/current/settings', { method: 'PUT', body: { dunning: { reminderFee: 35 } } });
    }
    expect((await s.json('/originators/current/settings')).body.dunning).toMatchObject({ reminderFee: 35, debtCollectionNoticeFee: 35, autoEnabled: false });
  });
});

describe('POST /dunnings/ refuses with 400 saying why, and writes nothing', () => {
  const count = async () => Number((await s.api('/dunnings/?perPage=1')).headers.get('x-total-count'));

  test.each([
    ['an unknown invoice', () => ({ invoiceNumber: 999_999 }), 'invoiceNumber', /not an issued invoice/],
    ['an invoice not yet due', async () => ({ invoiceNumber: await owe(s, 100, '2026-03-15') }), 'invoiceNumber', /not due before 2026-03-15/],
    ['a paid invoice', async () => {
      const n = await owe(s, 100, '2026-02-01');
      await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-01', amount: 100 } });
      return { invoiceNumber: n };
    }, 'invoiceNumber', /no open balance/],
    ['a written-off invoice', async () => {
      const n = await owe(s, 100, '2026-02-01');
      await s.json(`/invoices/${n}/lost`, { body: { reason: 'konkurs' } });
      return { invoiceNumber: n };
    }, 'invoiceNumber', /written off/],
    ['a deadline today', async () => ({ invoiceNumber: await owe(s, 100, '2026-02-01'), dueDate: '2026-03-15' }), 'dueDate', /after the dunning date/],
    ['a date that does not exist', async () => ({ invoiceNumber: await owe(s, 100, '2026-02-01'), dueDate: '2026-02-30' }), 'dueDate', /date YYYY-MM-DD/],
    ['a malformed date', async () => ({ invoiceNumber: await owe(s, 100, '2026-02-01'), dueDate: '30.03.2026' }), 'dueDate', /YYYY-MM-DD/],
    ['an unknown field', async () => ({ invoiceNumber: await owe(s, 100, '2026-02-01'), fee: 70 }), 'fee', /./],
    ['a text over 1000 characters', async () => ({ invoiceNumber: await owe(s, 100, '2026-02-01'), dunningText: 'x'.repeat(1001) }), 'dunningText', /1000/],
    ['an inkassovarsel as EHF', async () => ({ invoiceNumber: await owe(s, 100, '2026-02-01'), debtCollectionNotice: true, shipment: { ehf: {} } }), 'shipment.ehf', /never|may not/],
    ['no invoiceNumber', async () => ({}), 'invoiceNumber', /required/],
  ])('%s', async (_what, body, field, message) => {
    const before = await count();
    const r = await s.json('/dunnings/', { body: await body() });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields).toContainEqual(expect.objectContaining({ field, code: expect.any(String), message: expect.stringMatching(message) }));
    expect(await count()).toBe(before);
  });

  test('404 for unknown dunnings on every path', async () => {
    for (const p of ['/dunnings/99999', '/dunnings/99999/pdf', '/dunnings/99999/history']) expect((await s.api(p)).status, p).toBe(404);
    expect((await s.json('/dunnings/99999/send', { body: { paper: {} } })).status).toBe(404);
  });
});

describe('GET /dunnings/ (paged; invoiceNumber, recipientNumber, from, to)', () => {
  test('filters and paging with Link and X-Total-Count', async () => {
    const inv = await owe(s, 100, '2026-02-01', { recipient: { number: s.person } });
    await dun(s, { invoiceNumber: inv });
    s.clock.set('2026-04-20');
    try {
      await dun(s, { invoiceNumber: inv });
    } finally {
      s.clock.set('2026-03-15');
    }
    const byPerson = await s.json(`/dunnings/?recipientNumber=${s.person}`);
    expect(byPerson.body.map((d: { invoiceNumber: number }) => d.invoiceNumber)).toEqual([inv, inv]);
    expect(byPerson.body[0].dunningNumber).toBe(2); // newest first
    expect((await s.json(`/dunnings/?invoiceNumber=${inv}&from=2026-04-01`)).body.map((d: { dunningDate: string }) => d.dunningDate)).toEqual(['2026-04-20']);
    expect((await s.json(`/dunnings/?invoiceNumber=${inv}&to=2026-03-31`)).body.map((d: { dunningDate: string }) => d.dunningDate)).toEqual(['2026-03-15']);
    const all = Number((await s.api('/dunnings/?perPage=1')).headers.get('x-total-count'));
    const page = await s.api('/dunnings/?perPage=2&page=2');
    expect(page.headers.get('link')).toMatch(/rel="next"/);
    expect((await page.json()).length).toBe(2);
    expect((await s.json('/dunnings/')).body.length).toBe(all);
    expect((await s.json('/dunnings/?from=2026-13-01')).status).toBe(400);
    expect((await s.json('/dunnings/?perPage=0')).status).toBe(400);
  });
});
