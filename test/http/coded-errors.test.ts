/**
 * What an API client (and the GUI, which words errors by code) gets over real HTTP: a NOT_FOUND names what is missing in
 * `params` ({entity, number | id | …}) beside the unchanged English message; the events, sending and reports rules answer
 * catalogue codes with their parameters; an outbox row says by `lastErrorCode` why it waits or failed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, type DocServer } from '../helpers/documents.js';
import { createEvent, eventBody, signup, signupBody, startEventServer } from '../events/setup.js';
import { flush, startSmtp, useSmtp, type Smtp } from '../sending/helpers.js';

let s: DocServer;
let invoice: number;
beforeAll(async () => {
  s = await startEventServer();
  invoice = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
});
afterAll(async () => {
  await s?.close();
});

const field = (body: { fields: Array<{ field: string }> }, name: string) => body.fields.find((f) => f.field === name);

describe('NOT_FOUND names what is missing', () => {
  test('an invoice, a payment of an invoice, a shipment, an event and a discount code of it: entity and parameters beside the English message', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['/invoices/999999', 'Invoice 999999 was not found', { entity: 'invoice', number: 999999 }],
      [`/invoices/${invoice}/payments/424242`, `Payment 424242 of invoice ${invoice} was not found`, { entity: 'payment', id: 424242, invoice }],
      ['/outbox/777777', 'Shipment 777777 was not found', { entity: 'shipment', id: 777777 }],
      ['/host/events/888', 'Event 888 was not found', { entity: 'event', number: 888 }],
    ];
    for (const [path, message, params] of cases) {
      const r = await s.json(path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual({ error: 'NOT_FOUND', code: 'NOT_FOUND', message, params, fields: [] });
    }
    const ev = await s.json('/host/events/', { body: eventBody() });
    expect(ev.status, JSON.stringify(ev.body)).toBe(201);
    const number = Number(ev.res.headers.get('location')!.split('/').pop());
    const code = await s.json(`/host/events/${number}/discount-codes/NOSUCH`, { method: 'DELETE' });
    expect(code.status).toBe(404);
    expect(code.body).toMatchObject({ code: 'NOT_FOUND', message: `Discount code NOSUCH of event ${number} was not found`, params: { entity: 'discount-code', code: 'NOSUCH', event: number } });
  });
});

describe('the events, sending and reports rules answer catalogue codes', () => {
  test('an event that ends before it starts, with an SMS confirmation but no text', async () => {
    const r = await s.json('/host/events/', { body: eventBody({ endDate: '2026-04-19 15:00', smsConfirmation: { enabled: true, message: '   ' } }) });
    expect(r.status).toBe(400);
    expect(field(r.body, 'endDate')).toEqual({ field: 'endDate', code: 'BEFORE_EVENT_DATE', message: 'must not be before the date of the event' });
    expect(field(r.body, 'smsConfirmation.message')).toEqual({ field: 'smsConfirmation.message', code: 'REQUIRED_FOR_SMS_CONFIRMATION', message: 'is required when the SMS confirmation is on' });
  });

  test('sending: eFaktura (no bank agreement) and no method at all', async () => {
    const r = await s.json(`/invoices/${invoice}/send`, { body: { eFaktura: {}, email: [{ address: 'a@b.no' }] } });
    expect(r.status).toBe(400);
    expect(field(r.body, 'eFaktura')).toEqual({
      field: 'eFaktura',
      code: 'NO_BANK_AGREEMENT',
      message: 'eFaktura needs an agreement with a bank that Kvitt does not have; send by e-mail, EHF or paper',
      params: { method: 'eFaktura' },
    });
    const none = await s.json(`/invoices/${invoice}/send`, { body: {} });
    expect(none.status).toBe(400);
    expect(none.body.fields.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([
      ['paper', 'NO_SENDING_METHOD'],
      ['email', 'NO_SENDING_METHOD'],
      ['ehf', 'NO_SENDING_METHOD'],
    ]);
  });

  test('reports: a format the report does not offer, an unknown column, from after to', async () => {
    const r = await s.json('/reports/invoices?format=DOCX&columns=number,nosuch&from=2026-03-01&to=2026-02-01');
    expect(r.status).toBe(400);
    expect(field(r.body, 'format')).toMatchObject({ code: 'FORMAT_NOT_OFFERED', params: { format: 'DOCX' }, message: expect.stringMatching(/^this report offers .+, not DOCX$/) });
    expect(field(r.body, 'columns')).toEqual({ field: 'columns', code: 'UNKNOWN_COLUMN', message: 'unknown column nosuch', params: { column: 'nosuch' } });
    expect(field(r.body, 'from')).toEqual({ field: 'from', code: 'AFTER_TO', message: 'must not be after to (2026-02-01)', params: { to: '2026-02-01' } });
  });
});

describe('an outbox row says by lastErrorCode why it waits or failed', () => {
  let smtp: Smtp | undefined;
  afterAll(async () => {
    await smtp?.close().catch(() => undefined);
  });

  test('no SMTP server yet: IN_PROGRESS with SMTP_NOT_SET_UP (waiting for setup); a refusing server: NOT_DELIVERED with MAIL_SERVER_REFUSED and its answer', async () => {
    const sent = await s.json(`/invoices/${invoice}/send`, { body: { email: [{ address: 'regnskap@fjordbygg.no' }] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body[0].id;
    expect((await s.json(`/outbox/${id}`)).body).toMatchObject({ status: 'IN_PROGRESS', lastError: null, lastErrorCode: null, lastErrorParams: null });
    await flush(s);
    expect((await s.json(`/outbox/${id}`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      lastError: 'no SMTP server is set up (Innstillinger → E-post)',
      lastErrorCode: 'SMTP_NOT_SET_UP',
      lastErrorParams: null,
    });
    const listed = await s.json('/outbox/?status=IN_PROGRESS&perPage=50');
    expect(listed.body.find((e: { id: number }) => e.id === id)).toMatchObject({ lastErrorCode: 'SMTP_NOT_SET_UP' });

    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const refused = await s.json(`/invoices/${invoice}/send`, { body: { email: [{ address: 'reject@fjordbygg.no' }] } });
    const rid = refused.body[0].id;
    await flush(s);
    const row = (await s.json(`/outbox/${rid}`)).body;
    expect(row).toMatchObject({ status: 'NOT_DELIVERED', lastErrorCode: 'MAIL_SERVER_REFUSED' });
    expect(row.lastError).toMatch(/no such user/);
    expect(row.lastErrorParams).toEqual({ reason: row.lastError });
    // the waiting one went out once the server was there: no reason left
    expect((await s.json(`/outbox/${id}`)).body).toMatchObject({ status: 'DELIVERED', lastError: null, lastErrorCode: null, lastErrorParams: null });
    // retry clears the reason and its code
    expect((await s.json(`/outbox/${rid}/retry`, { method: 'POST' })).body).toMatchObject({ status: 'IN_PROGRESS', lastError: null, lastErrorCode: null, lastErrorParams: null });
  });

  test("an event's confirmation SMS after the SMS gateway was removed: NOT_DELIVERED with SMS_GATEWAY_REMOVED", async () => {
    const gw = await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: 'http://127.0.0.1:9/sms' } } });
    expect(gw.status, JSON.stringify(gw.body)).toBe(200);
    const ev = await createEvent(s, { smsConfirmation: { enabled: true, message: 'Velkommen!' } });
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: '' } } })).status).toBe(200);
    const r = await signup(s, ev.id, signupBody());
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    const rows = (await s.json('/outbox/?status=NOT_DELIVERED&method=sms&perPage=50')).body as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({
      status: 'NOT_DELIVERED',
      lastError: 'no SMS gateway is configured (Innstillinger → E-post: smsGatewayUrl); set one up and retry this shipment',
      lastErrorCode: 'SMS_GATEWAY_REMOVED',
      lastErrorParams: null,
    });
  });
});
