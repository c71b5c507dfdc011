import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POSTCODE_FILL_SCRIPT, POSTCODE_FILL_SCRIPT_CSP } from '../../main/domain/postcode-fill.js';
import type { DocServer } from '../helpers/documents.js';
import { flush, startSmsGateway, startSmtp, useSmtp, type Smtp } from '../sending/helpers.js';
import { createEvent, eventBody, signup, signupBody, solvedCaptcha, startEventServer } from './setup.js';

let s: DocServer;
let smtp: Smtp;
beforeAll(async () => {
  process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
  s = await startEventServer();
  delete process.env.KVITT_PUBLIC_RATE_LIMIT;
  smtp = await startSmtp();
  await useSmtp(s, smtp.port);
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const post = (id: number, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${s.base}/events/${id}/signup`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString() });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const question = (html: string) => {
  const m = /Hva er (\d+) pluss (\d+)\?/.exec(html)!;
  return { answer: String(Number(m[1]) + Number(m[2])), token: /name="captchaToken" value="([^"]+)"/.exec(html)![1] };
};

describe('the public signup page', () => {
  test('plain Norwegian HTML, its one script the Poststed fill allowed by hash: seats left, the price with a discount code applied, a form posting to the signup endpoint', async () => {
    const ev = await createEvent(s, { participantLimit: 10 });
    expect((await signup(s, ev.id, signupBody())).status).toBe(200);
    const res = await fetch(`${s.base}/events/${ev.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    const html = await res.text();
    expect(html.match(/<script>/gi)).toHaveLength(1);
    expect(html).toContain(`<script>${POSTCODE_FILL_SCRIPT}</script>`);
    expect(res.headers.get('content-security-policy')).toContain(`script-src ${POSTCODE_FILL_SCRIPT_CSP} `);
    expect(html).toContain("default-src 'none'");
    expect(text(html)).toContain('Ledige plasser: 9 av 10');
    expect(text(html)).toContain('Pris: kr 1 250,00');
    expect(html).toContain(`action="/events/${ev.id}/signup"`);
    const coded = text(await (await fetch(`${s.base}/events/${ev.id}?discountCode=TIDLIG`)).text());
    expect(coded).toContain('Pris: kr 1 062,50 med rabattkode TIDLIG'); // (1000 - 150) + 25 %
    expect(text(await (await fetch(`${s.base}/events/${ev.id}?discountCode=NOPE`)).text())).toContain('Ukjent rabattkode');
  });

  test('the form posts urlencoded: errors come back next to the fields, a good post gets the receipt', async () => {
    const ev = await createEvent(s);
    const bad = await post(ev.id, { name: 'Per', email: 'feil', mobile: '12', 'invoice.name': 'Per', 'invoice.zip': '01', discountCode: '' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    const badHtml = await bad.text();
    // Each error in Norwegian right after its own input; what the person typed is kept.
    const after = (id: string) => new RegExp(`id="${id.replace('.', '\\.')}"[^>]*>\\s*<div class="err">([^<]*)</div>`).exec(badHtml)?.[1];
    expect(after('email')).toBe('Skriv e-postadressen din, for eksempel ola@eksempel.no.');
    expect(after('invoice.address')).toBe('Skriv fakturaadressen.');
    expect(after('invoice.zip')).toBe('Et norsk postnummer har 4 siffer.');
    expect(after('name')).toBeUndefined();
    expect(badHtml).not.toMatch(/must |is required/);
    expect(badHtml).toContain('id="name" name="name" type="text" value="Per"');
    expect(badHtml).toContain('id="email" name="email" type="email" value="feil"');
    expect(badHtml).toContain('id="invoice.zip" name="invoice.zip" type="text" value="01"');
    const empty = await post(ev.id, { name: '', email: '' });
    expect(empty.status).toBe(400);
    expect(text(await empty.text())).toContain('Skriv navnet ditt.');
    expect((await s.json(`/host/events/${ev.number}/participants`)).body).toEqual([]);
    const ok = await post(ev.id, { name: 'Per Post', email: 'per@example.no', 'cf.1': 'on', 'cf.2': 'Nøtter', 'invoice.name': 'Per Post', 'invoice.address': 'Vei 1', 'invoice.zip': '0150', 'invoice.city': 'OSLO', discountCode: 'TIDLIG' });
    const okText = text(await ok.text());
    expect(okText).toContain('Takk for påmeldingen!');
    expect(okText).toContain('Deltakernummer: 1');
    expect(okText).toContain('Beløp: kr 1 292,50 (fakturaen kommer på e-post)');
    const p = (await s.json(`/host/events/${ev.id && ev.number}/participants/1`)).body;
    expect(p.customFields).toEqual([{ number: 1, name: 'Lunsj', type: 'BOOLEAN', value: true }, { number: 2, name: 'Allergier', type: 'TEXT', value: 'Nøtter' }]);
    expect(p.amount).toBe(1292.5); // 850 + 25 % + 200 + 15 %
  });

  test('keyed operations still refuse a form body (415)', async () => {
    const r = await fetch(`${s.base}/recipients/`, { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' });
    expect(r.status).toBe(415);
  });
});

describe('captcha', () => {
  test('signupCaptcha: a missing or wrong proof of work is 400 captcha; a solved one works once, for its own event', async () => {
    const ev = await createEvent(s, { signupCaptcha: true });
    expect((await signup(s, ev.id, signupBody())).body.fields.map((f: any) => f.field)).toEqual(['captcha']);
    const c = await solvedCaptcha(s, ev.id);
    const wrong = await signup(s, ev.id, signupBody({ captcha: { challenge: c.challenge, nonce: 'x' + c.nonce } }));
    expect(wrong.status).toBe(400);
    const c2 = await solvedCaptcha(s, ev.id);
    expect((await signup(s, ev.id, signupBody({ captcha: c2 }))).status).toBe(200);
    const replay = await signup(s, ev.id, signupBody({ email: 'again@example.no', captcha: c2 }));
    expect(replay.status).toBe(400);
    const other = await createEvent(s, { signupCaptcha: true });
    expect((await signup(s, other.id, signupBody({ captcha: await solvedCaptcha(s, ev.id) }))).status).toBe(400);
  });

  test('the page carries the question and its token', async () => {
    const ev = await createEvent(s, { signupCaptcha: true });
    const q = question(await (await fetch(`${s.base}/events/${ev.id}`)).text());
    const r = await post(ev.id, { name: 'Cap', email: 'cap@example.no', 'invoice.name': 'Cap', 'invoice.address': 'V 1', 'invoice.zip': '0150', 'invoice.city': 'OSLO', captchaToken: q.token, captchaAnswer: q.answer });
    expect(text(await r.text())).toContain('Takk for påmeldingen!');
  });
});

describe('messages', () => {
  test('a registration queues the confirmation, the invoice and the SMS; the loopback SMTP server receives the mails', async () => {
    const sms = await startSmsGateway();
    try {
      await useSmtp(s, smtp.port, { smsGatewayUrl: sms.url });
      const ev = await createEvent(s, { smsConfirmation: { enabled: true, message: 'Velkommen til kurset 20. april!' } });
      const r = await signup(s, ev.id, signupBody({ email: 'mail@example.no', mobile: '+47 912 34 567' }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const before = smtp.mails.length;
      const done = await flush(s);
      expect(done.every((d) => d.status === 'DELIVERED'), JSON.stringify(done)).toBe(true);
      const mails = smtp.mails.slice(before).filter((m) => m.to && JSON.stringify(m.to).includes('mail@example.no'));
      expect(mails.map((m) => m.subject).join(' | ')).toContain(`Påmelding: ${ev.body.name}`);
      const confirmation = mails.find((m) => m.subject?.startsWith('Påmelding'))!;
      expect(confirmation.text).toContain('Deltakernummer: 1');
      expect(confirmation.text!.replace(/\u00a0/g, ' ')).toContain('kr 1 250,00');
      expect(mails.some((m) => (m.attachments ?? []).some((a) => a.contentType === 'application/pdf'))).toBe(true);
      expect(JSON.stringify(sms.received)).toContain('91234567');
      expect(JSON.stringify(sms.received)).toContain('Velkommen til kurset');
    } finally {
      await sms.close();
      await useSmtp(s, smtp.port, { smsGatewayUrl: '' });
    }
  });

  test('SMS confirmation needs a gateway: refused at create/update without one; removed later, the SMS is NOT_DELIVERED with the reason', async () => {
    const sms = { smsConfirmation: { enabled: true, message: 'Velkommen!' } };
    const refused = await s.json('/host/events/', { body: eventBody(sms) });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([expect.objectContaining({ field: 'smsConfirmation.enabled', message: expect.stringContaining('Innstillinger → E-post') })]);
    const plain = await createEvent(s);
    const put = await s.json(`/host/events/${plain.number}`, { method: 'PUT', body: eventBody(sms) });
    expect(put.status).toBe(400);
    expect(put.body.fields.map((f: any) => f.field)).toEqual(['smsConfirmation.enabled']);

    await useSmtp(s, smtp.port, { smsGatewayUrl: 'http://127.0.0.1:9/sms' });
    const ev = await createEvent(s, sms);
    await useSmtp(s, smtp.port, { smsGatewayUrl: '' });
    const r = await signup(s, ev.id, signupBody({ email: 'nogw@example.no', mobile: '912 34 568' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const unsent = (await s.json('/outbox/?status=NOT_DELIVERED&method=sms')).body;
    expect(unsent).toEqual([
      expect.objectContaining({ method: 'sms', recipientAddress: '91234568', status: 'NOT_DELIVERED', document: expect.objectContaining({ type: 'event', number: ev.number }), lastError: expect.stringContaining('no SMS gateway') }),
    ]);
  });
});

describe('rate limiting', () => {
  test('the public endpoints answer 429 after the limit per address; keyed operations are not limited', async () => {
    process.env.KVITT_PUBLIC_RATE_LIMIT = '5';
    const t = await startEventServer();
    delete process.env.KVITT_PUBLIC_RATE_LIMIT;
    try {
      const ev = await createEvent(t);
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await signup(t, ev.id, { name: '' })).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      const limited = await signup(t, ev.id, signupBody());
      expect(limited.status).toBe(429);
      expect(limited.res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.body).toMatchObject({ error: 'TOO_MANY_REQUESTS', fields: [] });
      for (let i = 0; i < 8; i++) expect((await t.json(`/host/events/${ev.number}`)).status).toBe(200);
      expect((await t.json(`/host/events/${ev.number}/participants`)).body).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
