/**
 * Every kind of e-mail Kvitt writes, received by a real loopback SMTP server and read as the customer reads it:
 * no ISO dates (2026-04-20), no raw error codes (SMTP_NOT_SET_UP) and no English words in the Norwegian texts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flush, startSmtp, useSmtp, type Smtp } from '../sending/helpers.js';
import { dun, owe, startDocServer, type DocServer } from '../dunnings/setup.js';
import { createEvent, signup, signupBody } from '../events/setup.js';
import { foreignWords } from './scan.js';

let s: DocServer;
let smtp: Smtp;
beforeAll(async () => {
  process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
  s = await startDocServer({ today: '2026-03-15' });
  delete process.env.KVITT_PUBLIC_RATE_LIMIT;
  smtp = await startSmtp();
  await useSmtp(s, smtp.port);
  const p = await s.json('/products/', { body: [{ code: 'KURS', description: 'Kursavgift', unitPrice: 1000, taxRate: 25 }, { code: 'LUNSJ', description: 'Lunsj', unitPrice: 200, taxRate: 15 }] });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

const sendTo = async (path: string, address: string) => {
  const r = await s.json(path, { body: { email: [{ address }] } });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
};

describe('the words of every generated e-mail', () => {
  test('invoice, credit note, reminder, inkassovarsel, event signup (pending, confirmed, its invoice) and the test mail', async () => {
    // Invoices first (numbers follow dates), then a credit note dated today.
    const late = await owe(s, 2_000, '2026-02-01');
    const inv = await owe(s, 1_000, '2026-03-25');
    await sendTo(`/invoices/${inv}/send`, 'invoice@fjordbygg.no');
    const credit = await s.json(`/invoices/${inv}/credit-note`, { body: {} });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const creditNumber = Number(credit.res.headers.get('location')!.split('/').pop());
    await sendTo(`/invoices/credit-notes/${creditNumber}/send`, 'credit@fjordbygg.no');
    // A reminder and an inkassovarsel.
    const reminder = (await dun(s, { invoiceNumber: late })).body;
    await sendTo(`/dunnings/${reminder.number}/send`, 'reminder@fjordbygg.no');
    s.clock.set('2026-04-14');
    const notice = (await dun(s, { invoiceNumber: late, debtCollectionNotice: true })).body;
    await sendTo(`/dunnings/${notice.number}/send`, 'notice@fjordbygg.no');
    s.clock.set('2026-03-15');
    // Event mails: a signup waiting for the host's confirmation, a confirmed one with its invoice.
    const pending = await createEvent(s, { confirmation: true });
    expect((await signup(s, pending.id, signupBody({ email: 'pending@example.no' }))).status).toBe(200);
    const open = await createEvent(s, { name: 'Kveldskurs i MVA' });
    expect((await signup(s, open.id, signupBody({ email: 'confirmed@example.no' }))).status).toBe(200);
    // The test mail.
    const test = await s.json('/originators/current/settings/test-email', { body: { to: 'test@fjordbygg.no' } });
    expect(test.body.delivered, JSON.stringify(test.body)).toBe(true);
    const outcome = await flush(s);
    expect(outcome.filter((o) => o.status !== 'DELIVERED'), JSON.stringify(outcome)).toEqual([]);

    const mails = smtp.mails;
    const to = (m: (typeof mails)[number]) => (m.to as { text: string }).text;
    for (const address of ['invoice@fjordbygg.no', 'credit@fjordbygg.no', 'reminder@fjordbygg.no', 'notice@fjordbygg.no', 'pending@example.no', 'confirmed@example.no', 'test@fjordbygg.no']) {
      expect(mails.some((m) => to(m) === address), `a mail to ${address}`).toBe(true);
    }
    // Confirmed participant: the confirmation and the invoice.
    expect(mails.filter((m) => to(m) === 'confirmed@example.no').length).toBeGreaterThanOrEqual(2);

    const problems = mails.flatMap((m) => {
      const html = typeof m.html === 'string' ? m.html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' ') : '';
      return foreignWords(`${m.subject}\n${m.text ?? ''}\n${html}`).map((p) => `${to(m)} «${m.subject}»: ${p}`);
    });
    expect(problems).toEqual([]);
    // The event's time as people write it.
    const confirmation = mails.find((m) => to(m) === 'confirmed@example.no' && /Påmelding/.test(m.subject ?? ''))!;
    expect(confirmation.text).toContain('Tid: 20.04.2026 kl. 09:00–15:00');
  });
});
