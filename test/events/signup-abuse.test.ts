/**
 * The public signup cannot be used against others: the confirmation carries no free text but a name without links and
 * goes to one address at most once an hour per event; one e-mail address rule with the outbox, the error on the body's
 * field; discount codes without case; no participant number when the statistics are hidden; CSP and frame-ancestors as
 * headers; limits per event and for the whole server whatever the address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { resetSignupCounts } from '../../main/features/events/signup-rules.js';
import { recipient } from '../helpers/server.js';
import { createEvent, eventBody, FREE, signup, signupBody, startEventServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startEventServer();
});
afterAll(() => s.close());

/** The e-mails the outbox holds for an event and an address. */
const mails = (eventNumber: number, address: string) =>
  s.app.ctx.db.selectFrom('outbox').select(['payload', 'description']).where('ref_type', '=', 'event').where('ref_number', '=', eventNumber).where('address', '=', address).execute();

const form = (body: Record<string, string>) =>
  fetch(`${s.base}/events/${body.id}/signup`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });

describe('no open relay', () => {
  test.each(['a,b@example.no', 'a(b@example.no', '"x"@example.no', 'a;b@example.no'])('%s is refused on the field email (JSON and the form)', async (email) => {
    const ev = await createEvent(s, FREE);
    const r = await signup(s, ev.id, signupBody({ email }));
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([['email', 'INVALID_EMAIL']]);
    const page = await form({ id: String(ev.id), name: 'Ola', email });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Skriv e-postadressen din');
  });

  test.each(['a,b@example.no', 'a(b@example.no', '"x"@example.no', 'a b@example.no'])('%s is refused wherever Kvitt keeps an address (one rule with the outbox)', async (email) => {
    const fieldsOf = (r: { status: number; body: any }) => (r.status === 400 ? r.body.fields.filter((f: any) => f.code === 'INVALID_EMAIL').map((f: any) => f.field) : r.status);
    expect(fieldsOf(await s.json('/recipients/', { method: 'POST', body: recipient({ contact: { address: { zip: '0150', city: 'OSLO' }, email } }) }))).toEqual(['contact.email']);
    expect(fieldsOf(await s.json('/originators/current/settings', { method: 'PUT', body: { accounting: { contactEmail: email } } }))).toEqual(['accounting.contactEmail']);
    expect(fieldsOf(await s.json('/host/events/', { method: 'POST', body: eventBody({ contactPerson: { name: 'Kari', email, phone: '22 33 44 55' } }) }))).toEqual(['contactPerson.email']);
    const ev = await createEvent(s, FREE);
    expect((await signup(s, ev.id, signupBody({ email: 'ok@example.no' }))).status).toBe(200);
    expect(fieldsOf(await s.json(`/host/events/${ev.number}/participants/1`, { method: 'PUT', body: { name: 'Ola', email, mobile: null } }))).toEqual(['email']);
    // The same places take an ordinary address.
    expect((await s.json(`/host/events/${ev.number}/participants/1`, { method: 'PUT', body: { name: 'Ola', email: 'ola.nordmann+kvitt@example.no', mobile: null } })).status).toBe(200);
  });

  test.each(['Vinn penger http://spam.example', 'Ola www.spam.example', 'Se billig-pris.com nå', 'Ola ola@spam.no'])('a name with a link (%s) is refused on name', async (name) => {
    const ev = await createEvent(s, FREE);
    const r = await signup(s, ev.id, signupBody({ name }));
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([['name', 'NAME_WITH_LINK']]);
    expect(await mails(ev.number, 'ola@example.no')).toEqual([]);
    const page = await form({ id: String(ev.id), name, email: 'ola@example.no' });
    expect(await page.text()).toContain('Skriv bare navnet ditt, uten nett- eller e-postadresser.');
  });

  test('ordinary names pass: Anne-Marie St. Olav, Jean-Luc O\'Brien', async () => {
    const ev = await createEvent(s, FREE);
    for (const [i, name] of ["Anne-Marie St. Olav", "Jean-Luc O'Brien"].entries()) {
      expect((await signup(s, ev.id, signupBody({ name, email: `n${i}@example.no` }))).status).toBe(200);
    }
  });

  test('one confirmation an hour to one address for one event, however many signups', async () => {
    const ev = await createEvent(s, FREE);
    for (let i = 0; i < 4; i++) expect((await signup(s, ev.id, signupBody({ name: `Ola ${i}`, email: 'victim@example.no' }))).status).toBe(200);
    const sent = await mails(ev.number, 'victim@example.no');
    expect(sent).toHaveLength(1);
    const text = JSON.parse(sent[0].payload).text as string;
    expect(text).toContain('Hei Ola 0,');
    s.clock.set('2026-03-16'); // a day later: one more is fine
    expect((await signup(s, ev.id, signupBody({ name: 'Ola 5', email: 'VICTIM@example.no' }))).status).toBe(200);
    s.clock.set('2026-03-15');
    expect((await s.app.ctx.db.selectFrom('outbox').select('id').where('ref_type', '=', 'event').where('ref_number', '=', ev.number).execute()).length).toBe(2);
  });
});

describe('what the page tells', () => {
  test('discount codes match without case; a wrong code and a removed one get the same answer', async () => {
    const ev = await createEvent(s);
    const lower = await signup(s, ev.id, signupBody({ discountCode: 'tidlig', email: 'd1@example.no' }));
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(lower.body.amount).toBe(1062.5); // (1000 − 150) + 25 % VAT
    const wrong = await signup(s, ev.id, signupBody({ discountCode: 'SENT', email: 'd2@example.no' }));
    const removedEv = await createEvent(s, { discountCodes: { label: 'Rabattkode', codes: [] } });
    const removed = await signup(s, removedEv.id, signupBody({ discountCode: 'TIDLIG', email: 'd3@example.no' }));
    expect(wrong.status).toBe(400);
    expect(removed.body).toEqual({ ...wrong.body });
  });

  test('the participant number is not revealed when the signup statistics are hidden', async () => {
    const ev = await createEvent(s, { ...FREE, showSignupStats: false });
    const r = await signup(s, ev.id, signupBody({ email: 'hidden@example.no' }));
    expect(r.body).toEqual({ status: 'registered', amount: 0 });
    const text = JSON.parse((await mails(ev.number, 'hidden@example.no'))[0].payload).text as string;
    expect(text).not.toMatch(/Deltakernummer/);
    const page = await form({ id: String(ev.id), name: 'Per', email: 'per@example.no' });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toMatch(/Deltakernummer/);
    const shown = await createEvent(s, FREE);
    expect((await signup(s, shown.id, signupBody({ email: 'shown@example.no' }))).body.participantNumber).toBe(1);
  });

  test('the page sends its Content-Security-Policy and frame-ancestors as headers', async () => {
    const ev = await createEvent(s, FREE);
    const res = await fetch(`${s.base}/events/${ev.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('limits per event and for the whole server, not only per address', () => {
  test('over the per-event limit a signup is 429 from any address; another event answers until the total is reached', async () => {
    const a = await createEvent(s, FREE);
    const b = await createEvent(s, FREE);
    process.env.KVITT_SIGNUP_RATE_LIMIT_EVENT = '3';
    process.env.KVITT_SIGNUP_RATE_LIMIT = '5';
    resetSignupCounts();
    try {
      for (let i = 0; i < 3; i++) expect((await signup(s, a.id, signupBody({ email: `a${i}@example.no` }))).status).toBe(200);
      const fourth = await signup(s, a.id, signupBody({ email: 'a3@example.no' }));
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toMatch(/Too many signups to this event/);
      for (let i = 0; i < 2; i++) expect((await signup(s, b.id, signupBody({ email: `b${i}@example.no` }))).status).toBe(200);
      const overall = await signup(s, b.id, signupBody({ email: 'b2@example.no' }));
      expect(overall.status).toBe(429);
      expect(overall.body.message).toMatch(/Too many signups to this server/);
      expect((await s.json(`/host/events/${a.number}/participants`)).body).toHaveLength(3);
    } finally {
      delete process.env.KVITT_SIGNUP_RATE_LIMIT_EVENT;
      delete process.env.KVITT_SIGNUP_RATE_LIMIT;
      resetSignupCounts();
    }
  });
});
