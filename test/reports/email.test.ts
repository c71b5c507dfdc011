/**
 * Reports by e-mail through the outbox, delivered to a loopback SMTP server: the default set, a chosen set with `end`
 * and a copy address, `email=` on a report; the attachments are read back; every refused body is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { flush, startSmtp, useSmtp, type Smtp } from '../sending/helpers.js';
import { parseCsv, readXlsx } from './files.js';

let s: DocServer;
let smtp: Smtp;
let invoice = 0;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  smtp = await startSmtp();
  await useSmtp(s, smtp.port);
  invoice = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-02', items: [{ productCode: 'A1', quantity: 2 }] });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

describe('POST /reports/email', () => {
  it('with only email sends invoices, recipients/balance and openItems for the current month as XLSX attachments', async () => {
    const r = await s.json('/reports/email', { body: { email: 'regnskap@revisor.no' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ reports: ['invoices', 'recipients/balance', 'openItems'], from: '2026-03-01', to: '2026-03-15' });
    expect(r.body.shipments).toHaveLength(1);
    expect(r.body.shipments[0]).toMatchObject({ method: 'email', recipientAddress: 'regnskap@revisor.no', status: 'IN_PROGRESS' });
    await flush(s);
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe('Rapporter 2026-03-01 – 2026-03-15');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['fakturaer.xlsx', 'kundesaldo.xlsx', 'apne-poster.xlsx']);
    const ws = (await readXlsx(mail.attachments[0].content)).worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Nummer');
    expect(ws.getRow(2).getCell(1).value).toBe(invoice);
    const balance = (await readXlsx(mail.attachments[1].content)).worksheets[0];
    expect(balance.getRow(2).getCell(2).value).toBe('Fjord Bygg AS');
  });

  it('a chosen set with from and end (the spec\'s other name for to) and a copy address', async () => {
    const r = await s.json('/reports/email', { body: { email: 'a@revisor.no', copyEmail: 'b@revisor.no', reports: ['revenue/overview', 'payments'], from: '2026-01-01', end: '2026-03-31' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    await flush(s);
    const mail = smtp.mails.at(-1)!;
    expect(mail.attachments.map((a) => a.filename)).toEqual(['omsetning-oversikt.xlsx', 'innbetalinger.xlsx']);
    expect(JSON.stringify(mail.cc)).toContain('b@revisor.no');
  });

  it.each([
    ['email missing', {}, 'email'],
    ['email not an address', { email: 'revisor' }, 'email'],
    ['copyEmail not an address', { email: 'a@b.no', copyEmail: 'x' }, 'copyEmail'],
    ['reports without from', { email: 'a@b.no', reports: ['invoices'], to: '2026-03-01' }, 'from'],
    ['reports without to or end', { email: 'a@b.no', reports: ['invoices'], from: '2026-03-01' }, 'to'],
    ['from after to', { email: 'a@b.no', reports: ['invoices'], from: '2026-03-02', to: '2026-03-01' }, 'from'],
    ['not a real date', { email: 'a@b.no', reports: ['invoices'], from: '2026-02-30', to: '2026-03-01' }, 'from'],
    ['a report that cannot be e-mailed', { email: 'a@b.no', reports: ['offers'], from: '2026-03-01', to: '2026-03-02' }, 'reports[0]'],
    ['unknown field', { email: 'a@b.no', colour: 'red' }, 'colour'],
  ])('400: %s', async (_n, body, field) => {
    const before = (await s.json('/outbox/')).body;
    const r = await s.json('/reports/email', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await s.json('/outbox/')).body).toEqual(before);
  });
});

describe('email= on a report', () => {
  it('answers the file and mails the same bytes', async () => {
    const res = await s.api('/reports/invoices?format=CSV&columns=number,name,total&email=regnskap@revisor.no');
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(parseCsv(body).rows[0][0]).toBe(String(invoice));
    await flush(s);
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe('Rapport: Fakturaer');
    expect(mail.attachments[0].filename).toBe('fakturaer.csv');
    expect(Buffer.compare(mail.attachments[0].content, body)).toBe(0);
    const bad = await s.json('/reports/invoices?format=CSV&columns=number&email=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('email');
  });
});
