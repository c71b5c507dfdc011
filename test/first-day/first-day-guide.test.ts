import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

// The first-day guide's record over HTTP: what is missing per step, skipped and confirmed steps, the step to show,
// kept in the database (a restart opens the guide where the person left it); issuing before the company is set up
// answers SETUP_MISSING naming the step and the fields, and writes nothing.
const dir = mkdtempSync(join(tmpdir(), 'kvitt-first-day-'));
const file = join(dir, 'kvitt.db');
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ dbFile: file });
});
afterAll(async () => {
  await s?.close();
});

const guide = async () => {
  const r = await s.json('/originators/current/first-day');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const states = (g: { steps: Array<{ step: string; state: string }> }) => Object.fromEntries(g.steps.map((x) => [x.step, x.state]));
const put = (body: unknown) => s.json('/originators/current/first-day', { method: 'PUT', body });

test('an empty database: every step open, the guide starts at the company, nothing can be issued or mailed yet', async () => {
  const g = await guide();
  expect(states(g)).toEqual({ company: 'open', bank: 'open', logo: 'open', invoicing: 'open', email: 'open', sms: 'open' });
  expect(g.current).toBe('company');
  expect(g).toMatchObject({ canIssue: false, canEmail: false, finished: false });
  expect(g.steps[0].missing).toEqual(['company.name', 'company.orgNumber', 'company.address1', 'company.zip', 'company.city']);
  expect(g.steps.find((x: { step: string }) => x.step === 'email').missing).toEqual(['sending.smtp.host', 'sending.fromAddress']);
  expect(g.steps.find((x: { step: string }) => x.step === 'sms').missing).toEqual(['sending.smsGatewayUrl']);
});

test('issuing with no company: 400 SETUP_MISSING naming the guide step and the missing fields; no invoice, no draft', async () => {
  const c = await s.json('/recipients/', { body: recipient() });
  expect(c.status).toBe(201);
  const r = await s.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 100, taxRate: 25 }] } });
  expect(r.status).toBe(400);
  expect(r.body.code).toBe('SETUP_MISSING');
  expect(r.body.params).toEqual({ step: 'company', fields: 'company.name, company.orgNumber, company.bankAccount' });
  expect(r.body.fields.map((f: { code: string }) => f.code)).toEqual(['COMPANY_NAME_MISSING', 'ORG_NUMBER_MISSING', 'BANK_ACCOUNT_MISSING']);
  expect((await s.json('/invoices/')).body).toEqual([]);
  expect((await s.json('/invoices/drafts/')).body).toEqual([]);
});

test('the company set, the bank account missing: SETUP_MISSING names the bank step', async () => {
  const set = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Lien Snekkeri', orgNumber: '923 609 016', orgForm: 'enk', address1: 'Verkstedveien 2', zip: '7010', city: 'TRONDHEIM' } } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const g = await guide();
  expect(states(g)).toMatchObject({ company: 'done', bank: 'open' });
  expect(g.current).toBe('bank');
  const r = await s.json('/invoices/', { body: { recipient: { number: 1 }, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 100, taxRate: 25 }] } });
  expect(r.status).toBe(400);
  expect(r.body.params).toEqual({ step: 'bank', fields: 'company.bankAccount' });
});

test('skip, confirm and the current step are kept across a restart; finished when every step is done or skipped', async () => {
  expect((await s.json('/originators/current/settings', { method: 'PUT', body: { company: { bankAccount: '8601 11 17947' } } })).status).toBe(200);
  expect((await put({ skip: 'logo' })).status).toBe(200);
  const r = await put({ current: 'invoicing' });
  expect(r.body.current).toBe('invoicing');
  expect(states(r.body)).toEqual({ company: 'done', bank: 'done', logo: 'skipped', invoicing: 'open', email: 'open', sms: 'open' });
  expect(r.body.canIssue).toBe(true);

  await s.close();
  s = await startTestServer({ dbFile: file });
  const after = await guide();
  expect(after.current).toBe('invoicing');
  expect(states(after)).toEqual({ company: 'done', bank: 'done', logo: 'skipped', invoicing: 'open', email: 'open', sms: 'open' });

  expect(states((await put({ confirm: 'invoicing', unskip: 'logo' })).body)).toMatchObject({ invoicing: 'done', logo: 'open' });
  expect((await put({ skip: 'logo' })).status).toBe(200);
  const mail = await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smtp: { host: '127.0.0.1', port: 2525, security: 'NONE' }, fromAddress: 'post@lien.no' } } });
  expect(mail.status, JSON.stringify(mail.body)).toBe(200);
  // E-mail set up, SMS not: issuing and mailing can go, the guide still has the SMS step open.
  expect(await guide()).toMatchObject({ finished: false, canIssue: true, canEmail: true });
  // SMS is optional: skipped, it is no longer open; taken up again and set up, it is done.
  expect(states((await put({ skip: 'sms' })).body).sms).toBe('skipped');
  expect((await guide()).finished).toBe(true);
  expect(states((await put({ unskip: 'sms' })).body).sms).toBe('open');
  const sms = await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: 'https://sms.example.no/send' } } });
  expect(sms.status, JSON.stringify(sms.body)).toBe(200);
  const done = await guide();
  expect(states(done).sms).toBe('done');
  expect(done).toMatchObject({ finished: true, current: null, canIssue: true, canEmail: true });
});

test('a bad step or an unknown field: 400 naming it, nothing recorded', async () => {
  const before = await guide();
  const r = await put({ skip: 'payroll', colour: 'red' });
  expect(r.status).toBe(400);
  expect([...new Set(r.body.fields.map((f: { field: string }) => f.field))].sort()).toEqual(['colour', 'skip']);
  expect(await guide()).toEqual(before);
});
