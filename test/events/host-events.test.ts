import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { at, createEvent, eventBody, eventRead, signup, signupBody, startEventServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startEventServer();
});
afterAll(() => s.close());

describe('the 2.10 shape', () => {
  test('POST /host/events/ answers 201 with Location and the event exactly as 2.10 has it', async () => {
    const r = await s.json('/host/events/', { body: eventBody() });
    expect(r.status).toBe(201);
    const n = r.body.number;
    expect(r.res.headers.get('location')).toBe(`${s.base}/host/events/${n}`);
    const got = await s.json(`/host/events/${n}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(
      [
        'id', 'number', 'name', 'date', 'signupCaptcha', 'location', 'description', 'confirmation', 'price', 'contactPerson',
        'participantLimit', 'smsConfirmation', 'registrationDeadline', 'endDate', 'taxRate', 'productNumber', 'showSignupStats',
        'discountCodes', 'customFields', '_links', '_stats',
      ].sort(),
    );
    expect(got.body).toMatchObject(eventRead(n));
    expect(got.body.customFields[1]).not.toHaveProperty('price');
  });

  test('the public id is a large random number, unrelated to the number', async () => {
    const a = await createEvent(s);
    const b = await createEvent(s);
    expect(b.number).toBe(a.number + 1);
    for (const id of [a.id, b.id]) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(1e15);
    }
    expect(Math.abs(b.id - a.id)).toBeGreaterThan(1000);
  });

  test('_stats counts pending, registered and paid participants', async () => {
    const ev = await createEvent(s, { confirmation: true });
    for (let i = 0; i < 3; i++) expect((await signup(s, ev.id, signupBody({ email: `p${i}@example.no` }))).status).toBe(200);
    expect((await s.json(`/host/events/${ev.number}/participants/1/confirm`, { method: 'POST' })).status).toBe(200);
    const p2 = await s.json(`/host/events/${ev.number}/participants/2/confirm`, { method: 'POST' });
    expect(p2.status).toBe(200);
    const pay = await s.json(`/invoices/${p2.body.invoiceNumber}/payments`, { body: { date: '2026-03-15', amount: 1250 } });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    const got = await s.json(`/host/events/${ev.number}`);
    expect(got.body._stats).toEqual({ participant: { pending: 1, registered: 1, paid: 1 } });
  });
});

describe('lists', () => {
  test('upcoming: today or later, soonest first, q searches the name; past: before today, paged', async () => {
    const t = await startEventServer({ today: '2026-03-15' });
    try {
      await createEvent(t, at('2026-05-01 10:00', 'Excel for regnskapsførere'));
      await createEvent(t, at('2026-03-15 18:00', 'MVA-kurs'));
      await createEvent(t, at('2026-03-20 09:00', 'Årsoppgjør'));
      for (const d of ['2026-01-10', '2026-02-10', '2026-03-14']) {
        await createEvent(t, at(`${d} 09:00`, `Gammelt kurs ${d}`));
      }
      const up = await t.json('/host/events/upcoming');
      expect(up.status).toBe(200);
      expect(up.body.map((e: any) => e.name)).toEqual(['MVA-kurs', 'Årsoppgjør', 'Excel for regnskapsførere']);
      const q = await t.json('/host/events/upcoming?q=mva');
      expect(q.body.map((e: any) => e.name)).toEqual(['MVA-kurs']);
      expect((await t.json('/host/events/upcoming?q=100%25')).body).toEqual([]);
      const past = await t.json('/host/events/past?perPage=2&page=1');
      expect(past.body.map((e: any) => e.date.slice(0, 10))).toEqual(['2026-03-14', '2026-02-10']);
      expect(past.res.headers.get('x-total-count')).toBe('3');
      expect(past.res.headers.get('link')).toContain('rel="next"');
      // the clock moves: yesterday's event is past
      t.clock.set('2026-03-16');
      expect((await t.json('/host/events/upcoming')).body.map((e: any) => e.name)).toEqual(['Årsoppgjør', 'Excel for regnskapsførere']);
    } finally {
      await t.close();
    }
  });
});

describe('validation', () => {
  test('every bad field is named, nothing is written', async () => {
    const before = (await s.json('/host/events/upcoming')).body.length;
    const r = await s.json('/host/events/', {
      body: eventBody({
        date: '2026-04-20 09:00',
        endDate: '2026-04-19 09:00',
        price: 10.005,
        productNumber: 'NOPE',
        contactPerson: { name: 'K', email: 'not-an-address' },
        smsConfirmation: { enabled: true, message: ' ' },
        discountCodes: { label: 'x', codes: [{ code: 'A', amount: 1000 }, { code: 'a', amount: 10 }] },
        customFields: [{ name: 'Middag', type: 'BOOLEAN', price: { productCode: 'NOPE', price: 10, taxRate: 25 } }],
      }),
    });
    expect(r.status).toBe(400);
    const fields = r.body.fields.map((f: any) => f.field);
    for (const f of ['endDate', 'price', 'productNumber', 'contactPerson.email', 'smsConfirmation.message', 'discountCodes.codes[0].amount', 'discountCodes.codes[1].code', 'customFields[0].price.productCode']) {
      expect(fields, f).toContain(f);
    }
    const code = (field: string) => r.body.fields.find((f: any) => f.field === field);
    expect(code('contactPerson.email')).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(code('productNumber')).toMatchObject({ code: 'NO_SUCH_PRODUCT', params: { code: 'NOPE' } });
    expect(code('price')).toMatchObject({ code: 'TOO_MANY_DECIMALS', params: { max: 2 } });
    // A time that does not exist is the schema's (checked before the rules above, like every shape).
    const schema = await s.json('/host/events/', { body: { ...eventBody(), date: '2026-02-30 09:00', taxRate: 17, extra: 1, discountCodes: { codes: [{ code: 'FOR-LANG-KODE-123', amount: 1 }] }, customFields: [{ name: 'x', type: 'DATE' }] } });
    expect(schema.status).toBe(400);
    const sf = schema.body.fields.map((f: any) => f.field);
    for (const f of ['date', 'taxRate', 'extra', 'discountCodes.codes[0].code', 'customFields[0].type']) expect(sf.join(' '), f).toContain(f);
    expect(schema.body.fields.find((f: any) => f.field === 'date')).toMatchObject({ code: 'NOT_A_DATE_TIME', message: 'must be a date and time YYYY-MM-DD HH:MM' });
    expect((await s.json('/host/events/upcoming')).body.length).toBe(before);
  });

  test('unknown numbers are 404; a deleted event is gone; an event with participants cannot be deleted', async () => {
    expect((await s.json('/host/events/99999')).status).toBe(404);
    expect((await s.json('/host/events/99999', { method: 'PUT', body: eventBody() })).status).toBe(404);
    expect((await s.json('/host/events/99999/participants')).status).toBe(404);
    const ev = await createEvent(s);
    expect((await signup(s, ev.id, signupBody())).status).toBe(200);
    expect((await s.json(`/host/events/${ev.number}`, { method: 'DELETE' })).status).toBe(409);
    expect((await s.json(`/host/events/${ev.number}/participants/1/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await s.json(`/host/events/${ev.number}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(`/host/events/${ev.number}`)).status).toBe(404);
  });

  test('PUT replaces the event, keeps codes and fields when left out, refuses a limit below the seats taken', async () => {
    const ev = await createEvent(s, { participantLimit: 5 });
    for (let i = 0; i < 3; i++) expect((await signup(s, ev.id, signupBody({ email: `put${i}@example.no` }))).status).toBe(200);
    const { discountCodes: _d, customFields: _c, ...rest } = eventBody({ name: 'Nytt navn', participantLimit: 3 });
    const put = await s.json(`/host/events/${ev.number}`, { method: 'PUT', body: rest });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ name: 'Nytt navn', participantLimit: 3, id: ev.id, discountCodes: { codes: [{ code: 'TIDLIG' }] } });
    expect(put.body.customFields).toHaveLength(2);
    const low = await s.json(`/host/events/${ev.number}`, { method: 'PUT', body: eventBody({ participantLimit: 2 }) });
    expect(low.status).toBe(400);
    expect(low.body.fields[0].field).toBe('participantLimit');
    // GET -> PUT round trip (computed parts sent back are ignored)
    const back = await s.json(`/host/events/${ev.number}`, { method: 'PUT', body: put.body });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});

describe('discount codes', () => {
  test('POST, PUT, DELETE with their rules', async () => {
    const ev = await createEvent(s);
    const path = `/host/events/${ev.number}/discount-codes`;
    const add = await s.json(path, { body: { code: 'VENN', amount: 100 } });
    expect(add.status).toBe(201);
    expect(add.res.headers.get('location')).toBe(`${s.base}${path}/VENN`);
    expect((await s.json(path, { body: { code: 'venn', amount: 50 } })).status).toBe(409);
    const tooMuch = await s.json(path, { body: { code: 'GRATIS', amount: 1000 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields[0].field).toBe('amount');
    expect((await s.json(path, { body: { code: 'X'.repeat(16), amount: 1 } })).status).toBe(400);
    const put = await s.json(`${path}/VENN`, { method: 'PUT', body: { code: 'VENN2', amount: 120.5 } });
    expect(put.status).toBe(200);
    expect(put.body.discountCodes.codes).toEqual([{ code: 'TIDLIG', amount: 150 }, { code: 'VENN2', amount: 120.5 }]);
    expect((await s.json(`${path}/VENN`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.json(`${path}/VENN2`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.json(`/host/events/${ev.number}`)).body.discountCodes.codes).toEqual([{ code: 'TIDLIG', amount: 150 }]);
  });
});
