import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dun, owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
let reminder: number;
let notice: number;
let invoice: number;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  expect((await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: 'http://127.0.0.1:9/sms', fromAddress: 'faktura@fjordraad.no' } } })).status).toBe(200);
  invoice = await owe(s, 10_000, '2026-02-01');
  reminder = (await dun(s, { invoiceNumber: invoice, dunningText: 'Ta kontakt om noe er uklart.' })).body.number;
  s.clock.set('2026-03-30');
  notice = (await dun(s, { invoiceNumber: invoice, debtCollectionNotice: true })).body.number;
  s.clock.set('2026-03-15');
});
afterAll(async () => {
  await s.close();
});

const send = (n: number, body: unknown) => s.json(`/dunnings/${n}/send`, { body });
const email = (len: number) => `${'a'.repeat(len - '@fjordbygg.no'.length)}@fjordbygg.no`;

describe('POST /dunnings/{number}/send: the spec 4.4 table', () => {
  test.each([
    ['paper {} (the recipient address)', { paper: {} }, ['paper']],
    ['paper with a full address', { paper: { address1: 'Postboks 12', zip: '0150', city: 'OSLO', country: 'NORGE' } }, ['paper']],
    ['e-mail', { email: [{ address: 'post@fjordbygg.no', htmlContent: 'Se vedlagt purring.' }] }, ['email']],
    ['e-mail at 64 chars, htmlContent at 120', { email: [{ address: email(64), htmlContent: 'x'.repeat(120) }] }, ['email']],
    ['paper fields at their limits', { paper: { address1: 'a'.repeat(64), address2: 'b'.repeat(64), zip: '12345678', city: 'c'.repeat(64), country: 'SVERIGE' } }, ['paper']],
    ['paper + sms (8 digits, 140 chars) + copy', { paper: {}, sms: [{ mobileNumber: '91234567', message: 'm'.repeat(140) }], copy: { email: [{ address: 'kopi@fjordraad.no' }] } }, ['email', 'paper', 'sms']],
  ])('%s: 200 with the shipments', async (_what, body, methods) => {
    const r = await send(reminder, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Array.isArray(r.body), JSON.stringify(r.body)).toBe(true);
    expect(r.body.map((x: { method: string }) => x.method).sort()).toEqual(methods);
    expect(r.body.every((x: { status: string }) => x.status === 'IN_PROGRESS')).toBe(true);
  });

  test.each([
    ['an empty body', {}, ['paper', 'email', 'ehf']],
    ['only a copy', { copy: { email: [{ address: 'kopi@fjordraad.no' }] } }, ['paper', 'email']],
    ['only sms', { sms: [{ mobileNumber: '91234567', message: 'Hei' }] }, ['paper', 'email']],
    ['paper without zip, city, country', { paper: { address1: 'Postboks 12' } }, ['paper.zip', 'paper.city', 'paper.country']],
    ['paper.address1 at 65 chars', { paper: { address1: 'a'.repeat(65), zip: '0150', city: 'OSLO', country: 'NORGE' } }, ['paper.address1']],
    ['paper.zip at 9 chars', { paper: { zip: '123456789', city: 'X', country: 'SVERIGE' } }, ['paper.zip']],
    ['paper.city at 65 chars', { paper: { zip: '0150', city: 'c'.repeat(65), country: 'NORGE' } }, ['paper.city']],
    ['paper.country at 65 chars', { paper: { zip: '0150', city: 'OSLO', country: 'c'.repeat(65) } }, ['paper.country']],
    ['an unknown country', { paper: { zip: '0150', city: 'OSLO', country: 'ATLANTIS' } }, ['paper.country']],
    ['e-mail address at 65 chars', { email: [{ address: email(65) }] }, ['email[0].address']],
    ['not an e-mail address', { email: [{ address: 'post(at)fjordbygg.no' }] }, ['email[0].address']],
    ['htmlContent at 121 chars', { email: [{ address: 'post@fjordbygg.no', htmlContent: 'x'.repeat(121) }] }, ['email[0].htmlContent']],
    ['e-mail without address', { email: [{}] }, ['email[0].address']],
    ['sms mobileNumber at 9 chars', { paper: {}, sms: [{ mobileNumber: '912345678', message: 'Hei' }] }, ['sms[0].mobileNumber']],
    ['sms message at 141 chars', { paper: {}, sms: [{ mobileNumber: '91234567', message: 'm'.repeat(141) }] }, ['sms[0].message']],
    ['sms without message', { paper: {}, sms: [{ mobileNumber: '91234567' }] }, ['sms[0].message']],
    ['an unknown field', { paper: {}, fax: {} }, ['fax']],
    ['EHF (a dunning is never sent as EHF)', { ehf: {} }, ['ehf']],
  ])('%s: 400 naming %j, nothing queued', async (_what, body, fields) => {
    const before = (await s.json(`/dunnings/${reminder}/history`)).body.length;
    const r = await send(reminder, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    for (const f of fields) expect(r.body.fields.map((x: { field: string }) => x.field)).toContain(f);
    expect((await s.json(`/dunnings/${reminder}/history`)).body.length).toBe(before);
  });

  test('no body at all is a 400', async () => {
    const r = await s.api(`/dunnings/${reminder}/send`, { method: 'POST' });
    expect(r.status).toBe(400);
  });

  test('an inkassovarsel is never sent as EHF, not even with paper', async () => {
    const r = await send(notice, { paper: {}, ehf: {} });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((x: { field: string }) => x.field)).toContain('ehf');
  });

  test('history (2.9), newest first', async () => {
    await send(notice, { email: [{ address: 'post@fjordbygg.no' }] });
    const h = await s.json(`/dunnings/${notice}/history`);
    expect(h.status).toBe(200);
    expect(h.body[0]).toEqual({ description: `Inkassovarsel ${notice} sendt på e-post`, recipientAddress: 'post@fjordbygg.no', date: expect.stringMatching(/^2026-03-15 \d\d:\d\d$/), status: 'IN_PROGRESS' });
  });

  test('POST /dunnings/ with shipment sends at once; without it the dunning is unsent', async () => {
    const inv = await owe(s, 500, '2026-02-01');
    const made = await dun(s, { invoiceNumber: inv, shipment: { email: [{ address: 'post@fjordbygg.no' }] } });
    expect(made.body.shipments).toEqual([{ id: expect.any(Number), method: 'email', recipientAddress: 'post@fjordbygg.no', status: 'IN_PROGRESS' }]);
    expect((await s.json(`/dunnings/${made.body.number}/history`)).body).toHaveLength(1);
    const unsent = await dun(s, { invoiceNumber: await owe(s, 500, '2026-02-01') });
    expect(unsent.body.shipments).toBeUndefined();
    expect((await s.json(`/dunnings/${unsent.body.number}/history`)).body).toEqual([]);
    // A bad shipment refuses the whole dunning.
    const inv2 = await owe(s, 500, '2026-02-01');
    const bad = await s.json('/dunnings/', { body: { invoiceNumber: inv2, shipment: { paper: { zip: '0150' } } } });
    expect(bad.status).toBe(400);
    expect((await s.json(`/dunnings/?invoiceNumber=${inv2}`)).body).toEqual([]);
    expect((await s.json(`/invoices/${inv2}`)).body.currentBalance).toBe(500);
  });
});

const pdfText = async (path: string) => {
  const r = await s.api(path);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/application\/pdf/);
  const dir = mkdtempSync(join(tmpdir(), 'dun-'));
  const file = join(dir, 'd.pdf');
  writeFileSync(file, Buffer.from(await r.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('the dunning PDF, as the debtor reads it', () => {
  test('Purring: title, invoice facts, fee, interest with rate and period, new deadline, KID, account, amount to pay', async () => {
    const t = await pdfText(`/dunnings/${reminder}/pdf`);
    for (const want of [
      'Purring', `Faktura nr. ${invoice}`, 'Fakturadato 10.01.2026', 'Opprinnelig forfall 01.02.2026', 'Ny betalingsfrist 29.03.2026',
      'Purregebyr 35,00 NOK', 'Forsinkelsesrente 12 % av 10 000,00 NOK, 02.02.2026–15.03.2026 (42 dager) 138,08 NOK',
      'Å betale 10 173,08 NOK', 'konto 8601 11 17947', 'KID 00100016', 'Ta kontakt om noe er uklart.', 'GIRO',
    ]) expect(t).toContain(want);
    expect(t).not.toContain('inkasso');
  });

  test('Inkassovarsel: title, earlier charges, its fee and the warning of the law', async () => {
    const t = await pdfText(`/dunnings/${notice}/pdf`);
    for (const want of [
      'Inkassovarsel', 'Gebyr og renter fra tidligere varsler 173,08 NOK', 'Gebyr for inkassovarsel 35,00 NOK',
      'Forsinkelsesrente 12 % av 10 000,00 NOK, 16.03.2026–30.03.2026 (15 dager) 49,32 NOK',
      'Dersom kravet ikke er betalt innen 13.04.2026, vil det bli sendt til inkasso',
    ]) expect(t).toContain(want);
  });

  test('a paper address given when sending is used for the invoice mail from then on', async () => {
    const r = await send(reminder, { paper: { address1: 'Postboks 777 Sentrum', zip: '0106', city: 'OSLO', country: 'NORGE' } });
    expect(r.status).toBe(200);
    expect(await pdfText(`/dunnings/${notice}/pdf`)).toContain('Postboks 777 Sentrum');
    // The issued invoice itself never changes.
    expect((await s.json(`/invoices/${invoice}`)).body.recipient.address.address1).toBe('Strandveien 1');
  });
});
