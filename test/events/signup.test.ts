import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { at, createEvent, FREE, signup, signupBody, startEventServer } from './setup.js';

// Many signups from one address in this file: the rate limit has its own test (public-page.test.ts).
process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';

let s: DocServer;
beforeAll(async () => {
  s = await startEventServer();
});
afterAll(() => s.close());

const fieldsOf = (r: { body: any }) => r.body.fields.map((f: any) => f.field);

describe('signup rules', () => {
  test('name and e-mail required; the invoice party required when there is something to pay; not for a free event', async () => {
    const ev = await createEvent(s);
    const r = await signup(s, ev.id, { name: ' ', email: 'nope', invoice: { name: 'X' } });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(expect.arrayContaining(['name', 'email', 'invoice.address', 'invoice.zip', 'invoice.city']));
    const missing = await signup(s, ev.id, { name: 'A', email: 'a@example.no' });
    expect(fieldsOf(missing)).toEqual(['invoice.name', 'invoice.address', 'invoice.zip', 'invoice.city']);
    const free = await createEvent(s, FREE);
    const ok = await signup(s, free.id, { name: 'Gratis Gunnar', email: 'g@example.no' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ participantNumber: 1, status: 'registered', amount: 0 });
    const p = await s.json(`/host/events/${free.number}/participants/1`);
    expect(p.body).toMatchObject({ status: 'registered', invoiceNumber: null, amount: 0 });
  });

  test('orgNo must pass MOD11; schema limits and unknown fields are named', async () => {
    const ev = await createEvent(s);
    const bad = await signup(s, ev.id, signupBody({ invoice: { ...signupBody().invoice, orgNo: '923609017' } }));
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['invoice.orgNo']);
    expect(bad.body.fields[0].code).toBe('INVALID_ORG_NUMBER');
    const schema = await signup(s, ev.id, { ...signupBody({ name: 'x'.repeat(101) }), hacker: true });
    expect(schema.status).toBe(400);
    expect(fieldsOf(schema)).toEqual(expect.arrayContaining(['name', 'hacker']));
  });

  test('unknown discount code and custom field values of the wrong type are named', async () => {
    const ev = await createEvent(s);
    const r = await signup(
      s,
      ev.id,
      signupBody({ discountCode: 'FINNESIKKE', customFields: [{ number: 1, name: 'Lunsj', type: 'BOOLEAN', value: 'ja' }, { number: 2, value: true }, { number: 9, value: 'x' }] }),
    );
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['discountCode', 'customFields[0].value', 'customFields[1].value', 'customFields[2].number']);
    expect((await s.json(`/host/events/${ev.number}/participants`)).body).toEqual([]);
  });

  test('the deadline holds to the minute (the clock reads 12:00)', async () => {
    const open = await createEvent(s, { registrationDeadline: '2026-03-15 12:00' });
    expect((await signup(s, open.id, signupBody())).status).toBe(200);
    const closed = await createEvent(s, { registrationDeadline: '2026-03-15 11:59' });
    const r = await signup(s, closed.id, signupBody());
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['registrationDeadline']);
  });

  test('the limit: the n-th signup gets the last seat, the n+1-th is refused; a cancellation frees a seat', async () => {
    const ev = await createEvent(s, { participantLimit: 3 });
    for (let i = 1; i <= 3; i++) {
      const r = await signup(s, ev.id, signupBody({ email: `seat${i}@example.no` }));
      expect(r.status).toBe(200);
      expect(r.body.participantNumber).toBe(i);
    }
    const full = await signup(s, ev.id, signupBody({ email: 'seat4@example.no' }));
    expect(full.status).toBe(400);
    expect(fieldsOf(full)).toEqual(['participantLimit']);
    expect((await s.json(`/host/events/${ev.number}/participants/2/cancel`, { method: 'POST' })).status).toBe(200);
    const again = await signup(s, ev.id, signupBody({ email: 'seat4@example.no' }));
    expect(again.status).toBe(200);
    expect(again.body.participantNumber).toBe(4); // the refused attempt wrote nothing; number 2 is not reused
  });

  test('40 concurrent signups over HTTP for 25 seats: exactly 25 get in', async () => {
    const ev = await createEvent(s, { participantLimit: 25 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => signup(s, ev.id, signupBody({ email: `rush${i}@example.no` }))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(25);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(fieldsOf(r)).toEqual(['participantLimit']);
    expect(new Set(ok.map((r) => r.body.participantNumber)).size).toBe(25);
    const list = await s.json(`/host/events/${ev.number}/participants?perPage=100`);
    expect(list.res.headers.get('x-total-count')).toBe('25');
    expect(new Set(list.body.map((p: any) => p.invoiceNumber)).size).toBe(25);
    expect((await s.json(`/host/events/${ev.number}`)).body._stats.participant).toEqual({ pending: 0, registered: 25, paid: 0 });
  });
});

describe('404s that reveal nothing', () => {
  test('unknown, deleted and past events answer the very same 404 on every public path', async () => {
    const t = await startEventServer({ today: '2026-03-10' });
    try {
      const past = await createEvent(t, at('2026-03-12 10:00'));
      const deleted = await createEvent(t);
      expect((await t.json(`/host/events/${deleted.number}`, { method: 'DELETE' })).status).toBe(204);
      t.clock.set('2026-03-15');
      const answers = [];
      for (const id of [past.id, deleted.id, 1234567890123456, past.number]) {
        const r = await signup(t, id, signupBody());
        const page = await fetch(`${t.base}/events/${id}`);
        const captcha = await fetch(`${t.base}/events/${id}/captcha`);
        answers.push([r.status, JSON.stringify(r.body), page.status, await page.text(), captcha.status, await captcha.text()]);
      }
      expect(answers[0][0]).toBe(404);
      expect(answers[0][2]).toBe(404);
      for (const a of answers) expect(a).toEqual(answers[0]);
      expect(answers[0][1]).not.toMatch(/\d{5,}/);
    } finally {
      await t.close();
    }
  });
});

describe('invoicing', () => {
  test('discount and priced custom fields are summed to the øre on the issued invoice', async () => {
    const ev = await createEvent(s, {
      price: 999.99,
      discountCodes: { label: 'Kode', codes: [{ code: 'VENN', amount: 123.45 }] },
      customFields: [{ name: 'Lunsj', type: 'BOOLEAN', price: { productCode: 'LUNSJ', price: 87.33, taxRate: 15 } }, { name: 'Middag', type: 'BOOLEAN', price: { productCode: 'LUNSJ', price: 500, taxRate: 15 } }],
    });
    const r = await signup(s, ev.id, signupBody({ discountCode: 'VENN', customFields: [{ number: 1, value: true }, { number: 2, value: false }] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 25 %: 999.99 - 123.45 = 876.54 + 219.14 VAT; 15 %: 87.33 + 13.10 VAT
    expect(r.body).toEqual({ participantNumber: 1, status: 'registered', amount: 1196.11 });
    const p = (await s.json(`/host/events/${ev.number}/participants/1`)).body;
    const inv = await s.json(`/invoices/${p.invoiceNumber}`);
    expect(inv.status).toBe(200);
    expect(inv.body.total ?? inv.body.amount).toBe(1196.11);
    const items = inv.body.items.map((i: any) => [i.productCode ?? null, i.unitPrice, i.taxRate]);
    expect(items).toEqual([['KURS', 999.99, 25], ['LUNSJ', 87.33, 15], [null, -123.45, 25]]);
    expect(p).toMatchObject({ status: 'registered', amount: 1196.11, balance: 1196.11, discountCode: 'VENN' });
  });

  test('the invoice goes to the recipient with the org number, or to a new one', async () => {
    const ev = await createEvent(s);
    const before = (await s.json('/recipients/')).body.length;
    const firm = await signup(s, ev.id, signupBody({ invoice: { name: 'Fjord Bygg AS', address: 'Strandveien 1', zip: '0150', city: 'OSLO', orgNo: '923 609 016', yourRef: 'Kurs-42' } }));
    expect(firm.status, JSON.stringify(firm.body)).toBe(200);
    const person = await signup(s, ev.id, signupBody({ email: 'kari@example.no', invoice: { name: 'Kari Privat', address: 'Lia 3', zip: '2000', city: 'LILLESTRØM' } }));
    expect(person.status).toBe(200);
    expect((await s.json('/recipients/')).body.length).toBe(before + 1);
    const inv1 = await s.json(`/invoices/${(await s.json(`/host/events/${ev.number}/participants/1`)).body.invoiceNumber}`);
    expect(inv1.body.recipient.number).toBe(s.company);
    expect(inv1.body.yourReference).toBe('Kurs-42');
    const inv2 = await s.json(`/invoices/${(await s.json(`/host/events/${ev.number}/participants/2`)).body.invoiceNumber}`);
    expect(inv2.body.recipient.name).toBe('Kari Privat');
  });

  test('a bad Norwegian postcode on a new invoice party is named by its signup field', async () => {
    const ev = await createEvent(s);
    const r = await signup(s, ev.id, signupBody({ invoice: { name: 'K', address: 'A', zip: '12', city: 'OSLO' } }));
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['invoice.zip']);
  });

  test('pending -> registered (invoice issued) -> paid; cancelling credits the invoice', async () => {
    const ev = await createEvent(s, { confirmation: true });
    const r = await signup(s, ev.id, signupBody());
    expect(r.body).toEqual({ participantNumber: 1, status: 'pending', amount: 1250 });
    const path = `/host/events/${ev.number}/participants`;
    expect((await s.json(`${path}/1`)).body).toMatchObject({ status: 'pending', invoiceNumber: null });
    expect((await s.json(`${path}?status=pending`)).body).toHaveLength(1);
    const confirmed = await s.json(`${path}/1/confirm`, { method: 'POST' });
    expect(confirmed.body).toMatchObject({ status: 'registered', amount: 1250, balance: 1250 });
    expect((await s.json(`${path}/1/confirm`, { method: 'POST' })).status).toBe(400);
    const n = confirmed.body.invoiceNumber;
    expect((await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-15', amount: 1250 } })).status).toBe(201);
    expect((await s.json(`${path}/1`)).body).toMatchObject({ status: 'paid', balance: 0 });
    expect((await s.json(`${path}?status=paid`)).body.map((p: any) => p.number)).toEqual([1]);
    expect((await s.json(`${path}?status=registered`)).body).toEqual([]);

    const cancelled = await s.json(`${path}/1/cancel`, { method: 'POST' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', balance: -1250 });
    const cn = await s.json(`/invoices/credit-notes/${cancelled.body.creditNoteNumber}`);
    expect(cn.status).toBe(200);
    expect(cn.body.total ?? cn.body.amount).toBe(1250);
    expect((await s.json(`${path}/1/cancel`, { method: 'POST' })).status).toBe(400);
    expect((await s.json(`/host/events/${ev.number}`)).body._stats.participant).toEqual({ pending: 0, registered: 0, paid: 0 });
  });

  test('an unpaid registered participant cancelled: the credit note brings the balance to 0', async () => {
    const ev = await createEvent(s);
    expect((await signup(s, ev.id, signupBody())).status).toBe(200);
    const c = await s.json(`/host/events/${ev.number}/participants/1/cancel`, { method: 'POST' });
    expect(c.body).toMatchObject({ status: 'cancelled', balance: 0 });
    expect(c.body.creditNoteNumber).toEqual(expect.any(Number));
    const cn = await s.json(`/invoices/credit-notes/${c.body.creditNoteNumber}`);
    expect(cn.body.creditedInvoiceNumber ?? cn.body.invoiceNumber).toBe(c.body.invoiceNumber);
  });

  test('PUT participant changes contact details; bad e-mail named', async () => {
    const ev = await createEvent(s);
    expect((await signup(s, ev.id, signupBody())).status).toBe(200);
    const path = `/host/events/${ev.number}/participants/1`;
    const put = await s.json(path, { method: 'PUT', body: { name: 'Ola Nytt', email: 'ny@example.no', mobile: '99999999' } });
    expect(put.body).toMatchObject({ name: 'Ola Nytt', email: 'ny@example.no', mobile: '99999999', status: 'registered' });
    const bad = await s.json(path, { method: 'PUT', body: { name: 'Ola', email: 'x' } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['email']);
    expect((await s.json(`/host/events/${ev.number}/participants/99`, { method: 'PUT', body: { name: 'x', email: 'a@b.no' } })).status).toBe(404);
  });
});

describe('no input causes a 500', () => {
  test('odd JSON bodies and odd forms answer 4xx with the error shape, and write nothing', async () => {
    const ev = await createEvent(s);
    const bodies: unknown[] = [null, [], 'x', 42, {}, { name: {}, email: [] }, { ...signupBody(), customFields: [{ number: 1, value: 3 }] }, { ...signupBody(), invoice: 'x' }, { ...signupBody(), discountCode: 'x'.repeat(16) }, { ...signupBody(), name: '\u0000' }];
    for (const b of bodies) {
      const r = await signup(s, ev.id, b);
      expect(r.status, JSON.stringify(b)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(b)).toBeLessThan(500);
      expect(r.body).toMatchObject({ error: expect.any(String), fields: expect.any(Array) });
    }
    for (const form of ['', 'name=&email=', 'cf.99=on&name=A&email=a@b.no', '%%%=1', 'captchaToken=x.y&captchaAnswer=1&name=A&email=a@b.no']) {
      const r = await fetch(`${s.base}/events/${ev.id}/signup`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      expect(r.status, form).toBe(400);
      expect(await r.text(), form).toContain('<form method="post"');
    }
    for (const id of ['abc', '-1', '0', '99999999999999999999', '1.5']) expect((await signup(s, id, signupBody())).status, id).toBe(400);
    expect((await s.json(`/host/events/${ev.number}/participants`)).body).toEqual([]);
  });
});
