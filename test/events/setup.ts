import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { leadingZeroBits } from '../../main/features/events/pow.js';
import { startDocServer, type DocServer } from '../helpers/documents.js';

// Tests solve the signup's proof of work in Node: 10 bits (about a thousand hashes) unless a test asks for more.
process.env.KVITT_SIGNUP_POW_BITS ??= '10';

/** A server with the originator set up (see test/helpers/documents.ts) and the event products KURS (25 %), LUNSJ (15 %), MAT (exists). */
export async function startEventServer(opts: { today?: string; dbFile?: string } = {}): Promise<DocServer> {
  const s = await startDocServer({ today: opts.today ?? '2026-03-15', dbFile: opts.dbFile });
  const p = await s.json('/products/', {
    body: [
      { code: 'KURS', description: 'Kursavgift', unitPrice: 1000, taxRate: 25 },
      { code: 'LUNSJ', description: 'Lunsj', unitPrice: 200, taxRate: 15 },
    ],
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  return s;
}

/** A valid 2.10 event body, overridable. */
export function eventBody(over: Record<string, unknown> = {}) {
  return {
    name: 'Regnskapskurs for småbedrifter',
    date: '2026-04-20 09:00',
    endDate: '2026-04-20 15:00',
    registrationDeadline: '2026-04-15 23:59',
    signupCaptcha: false,
    location: { name: 'Kvitt-huset', address: 'Storgata 1', zip: '0155', city: 'OSLO', country: 'NORGE' },
    description: 'Bokføring, MVA og fakturering på én dag.',
    confirmation: false,
    price: 1000,
    contactPerson: { name: 'Kari Kurs', email: 'kari@fjordraad.no', phone: '22 33 44 55' },
    participantLimit: 25,
    smsConfirmation: { enabled: false, message: '' },
    taxRate: 25,
    productNumber: 'KURS',
    showSignupStats: true,
    discountCodes: { label: 'Rabattkode', codes: [{ code: 'TIDLIG', amount: 150 }] },
    customFields: [
      { number: null, name: 'Lunsj', type: 'BOOLEAN', price: { productCode: 'LUNSJ', price: 200, taxRate: 15 }, options: null },
      { number: null, name: 'Allergier', type: 'TEXT', options: null },
    ],
    ...over,
  };
}

/** Overrides for a free event: no price, product, codes or priced questions. */
export const FREE = { price: 0, discountCodes: { label: '', codes: [] }, customFields: [], productNumber: null };

/** Overrides for a one-time event at `date` (YYYY-MM-DD HH:MM) without end or deadline. */
export const at = (date: string, name?: string) => ({ date, endDate: null, registrationDeadline: null, ...(name ? { name } : {}) });

/** What GET /host/events/{number} answers for eventBody(over): the body with the fields numbered, links and stats. */
export function eventRead(number: number, over: Record<string, unknown> = {}) {
  const body = eventBody(over) as ReturnType<typeof eventBody> & { customFields: Array<Record<string, unknown>> };
  return {
    ...body,
    number,
    customFields: body.customFields.map(({ number: _n, ...f }, i) => ({ number: i + 1, ...f })),
    _links: { self: { uri: `/host/events/${number}` }, participants: { uri: `/host/events/${number}/participants` } },
    _stats: { participant: { pending: 0, registered: 0, paid: 0 } },
  };
}

export async function createEvent(s: DocServer, over: Record<string, unknown> = {}): Promise<{ number: number; id: number; body: any }> {
  const r = await s.json('/host/events/', { body: eventBody(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { number: r.body.number, id: r.body.id, body: r.body };
}

/** A signup body (4.7) for a person paying privately, overridable. */
export function signupBody(over: Record<string, unknown> = {}) {
  return {
    name: 'Ola Deltaker',
    email: 'ola@example.no',
    mobile: '91234567',
    invoice: { name: 'Ola Deltaker', address: 'Bakken 2', zip: '0150', city: 'OSLO', country: 'NORGE', orgNo: null, yourRef: null },
    ...over,
  };
}

/** POST /events/{id}/signup without any key, as the public does. */
export async function signup(s: Pick<DocServer, 'base'>, id: number | string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.base}/events/${id}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
}

/** The first nonce 0, 1, 2, … with SHA-256(challenge + nonce) beginning with `bits` zero bits (what the page's script does). */
export function solvePow(challenge: string, bits: number): string {
  for (let n = 0; n < 1 << 26; n++) if (leadingZeroBits(createHash('sha256').update(challenge + n).digest()) >= bits) return String(n);
  throw new Error('no nonce found');
}

/** GET /events/{id}/captcha and its proof of work solved: `{challenge, nonce}`, as an API client sends it. */
export async function solvedCaptcha(s: Pick<DocServer, 'json'>, id: number): Promise<{ challenge: string; nonce: string }> {
  const c = (await s.json(`/events/${id}/captcha`)).body as { question: string; token: string; pow: { challenge: string; bits: number } };
  expect(c.question).toMatch(/^Hva er \d+ pluss \d+\?$/);
  return { challenge: c.pow.challenge, nonce: solvePow(c.pow.challenge, c.pow.bits) };
}

/** GET /events/{id}/captcha and the right answer to its sum question: `{token, answer}` (the page's fallback without JavaScript). */
export async function solvedSum(s: Pick<DocServer, 'json'>, id: number): Promise<{ token: string; answer: string }> {
  const c = (await s.json(`/events/${id}/captcha`)).body as { question: string; token: string };
  return { token: c.token, answer: String(c.question.match(/\d+/g)!.reduce((x, y) => x + Number(y), 0)) };
}
