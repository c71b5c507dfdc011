import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { startSmsGateway } from './helpers.js';

let s: DocServer;
let n: number;
let personInvoice: number;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  s = await startDocServer();
  gateway = await startSmsGateway();
  n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
  personInvoice = await issueInvoice(s, { recipient: { number: s.person }, items: [{ productCode: 'A1', quantity: 1 }] });
});
afterAll(async () => {
  await s.close();
  await gateway.close();
});

const send = (body: unknown, path = `/invoices/${n}/send`) => s.json(path, { body });
const fieldsOf = (r: { body: { fields?: Array<{ field: string; message: string }> } }) => r.body.fields ?? [];
const outboxCount = async () => Number((await s.app.ctx.db.selectFrom('outbox').select((e) => e.fn.countAll().as('c')).executeTakeFirstOrThrow()).c);
const email64 = `${'a'.repeat(64 - '@fjordbygg.no'.length)}@fjordbygg.no`;

describe('spec 4.4 limits at n (accepted) and n + 1 (400 naming the field)', () => {
  const cases: Array<[string, (v: string) => unknown, string, string, string]> = [
    ['paper.address1', (v) => ({ paper: { address1: v, zip: '0150', city: 'OSLO', country: 'NORGE' } }), 'x'.repeat(64), 'x'.repeat(65), 'must be at most 64 characters'],
    ['paper.address2', (v) => ({ paper: { address2: v, zip: '0150', city: 'OSLO', country: 'NORGE' } }), 'x'.repeat(64), 'x'.repeat(65), 'must be at most 64 characters'],
    ['paper.zip', (v) => ({ paper: { zip: v, city: 'STOCKHOLM', country: 'SVERIGE' } }), '12345678', '123456789', 'must be at most 8 characters'],
    ['paper.city', (v) => ({ paper: { zip: '0150', city: v, country: 'NORGE' } }), 'c'.repeat(64), 'c'.repeat(65), 'must be at most 64 characters'],
    ['email[0].address', (v) => ({ email: [{ address: v }] }), email64, `a${email64}`, 'must be at most 64 characters'],
    ['email[0].htmlContent', (v) => ({ email: [{ address: 'a@fjordbygg.no', htmlContent: v }] }), 'm'.repeat(120), 'm'.repeat(121), 'must be at most 120 characters'],
    ['copy.email[0].address', (v) => ({ email: [{ address: 'a@fjordbygg.no' }], copy: { email: [{ address: v }] } }), email64.replace('a', 'b'), `b${email64}`, 'must be at most 64 characters'],
    ['copy.email[0].htmlContent', (v) => ({ email: [{ address: 'a@fjordbygg.no' }], copy: { email: [{ address: 'c@fjordbygg.no', htmlContent: v }] } }), 'm'.repeat(120), 'm'.repeat(121), 'must be at most 120 characters'],
    ['sms[0].mobileNumber', (v) => ({ email: [{ address: 'a@fjordbygg.no' }], sms: [{ mobileNumber: v, message: 'Faktura sendt' }] }), '91234567', '912345678', 'must be at most 8 characters'],
    ['sms[0].message', (v) => ({ email: [{ address: 'a@fjordbygg.no' }], sms: [{ mobileNumber: '91234567', message: v }] }), 's'.repeat(140), 's'.repeat(141), 'must be at most 140 characters'],
  ];
  test.each(cases)('%s', async (field, body, atLimit, over, message) => {
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: gateway.url } } })).status).toBe(200);
    const ok = await send(body(atLimit));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const before = await outboxCount();
    const bad = await send(body(over));
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toContainEqual(expect.objectContaining({ field, message, code: 'TOO_LONG' }));
    expect(await outboxCount()).toBe(before); // a refused request writes nothing
  });

  test('paper.country: 64 characters pass the limit (and are checked as a country), 65 do not', async () => {
    const at = await send({ paper: { zip: '0150', city: 'OSLO', country: 'L'.repeat(64) } });
    expect(fieldsOf(at)).toEqual([expect.objectContaining({ field: 'paper.country', message: 'must be a country from /common/public/countries', code: 'UNKNOWN_COUNTRY' })]);
    const over = await send({ paper: { zip: '0150', city: 'OSLO', country: 'L'.repeat(65) } });
    expect(fieldsOf(over)).toEqual([expect.objectContaining({ field: 'paper.country', message: 'must be at most 64 characters' })]);
  });
});

describe('spec 4.4 rules', () => {
  test('an empty body or no valid method is refused, naming why', async () => {
    const before = await outboxCount();
    const none = await s.json(`/invoices/${n}/send`, { method: 'POST' });
    expect(none.status).toBe(400);
    expect(fieldsOf(none)[0].field).toBe('(body)');
    for (const body of [{}, { email: [] }, { copy: { email: [{ address: 'a@fjordbygg.no' }] } }, { sms: [{ mobileNumber: '91234567', message: 'x' }] }]) {
      const r = await send(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(r).map((f) => f.field)).toEqual(expect.arrayContaining(['paper', 'email', 'ehf']));
      expect(fieldsOf(r)[0].message).toContain('at least one sending method');
    }
    expect(await outboxCount()).toBe(before);
  });

  test('paper with an address needs zip, city and country; a Norwegian zip has 4 digits', async () => {
    const r = await send({ paper: { address1: 'Kaigata 2' } });
    expect(fieldsOf(r).map((f) => f.field).sort()).toEqual(['paper.city', 'paper.country', 'paper.zip']);
    const z = await send({ paper: { zip: '123', city: 'OSLO', country: 'NO' } });
    expect(fieldsOf(z)).toEqual([expect.objectContaining({ field: 'paper.zip', message: 'a Norwegian postal code has 4 digits' })]);
    expect((await send({ paper: {} })).status).toBe(200); // empty: the recipient's address
  });

  test('e-mail addresses, SMS without a gateway, eFaktura/AvtaleGiro, EHF without an organisation number, unknown fields', async () => {
    expect(fieldsOf(await send({ email: [{ address: 'ikke-en-adresse' }] }))).toEqual([expect.objectContaining({ field: 'email[0].address', message: 'must be an e-mail address', code: 'INVALID_EMAIL' })]);
    expect(fieldsOf(await send({ email: [{ address: 'a@b.no', extra: 1 }] }))).toEqual([expect.objectContaining({ field: 'email[0].extra', message: 'is not a known field' })]);
    expect(fieldsOf(await send({ email: [{ address: 'a@b.no' }], fax: {} }))).toEqual([expect.objectContaining({ field: 'fax', message: 'is not a known field' })]);
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: '' } } })).status).toBe(200);
    const sms = await send({ email: [{ address: 'a@fjordbygg.no' }], sms: [{ mobileNumber: '91234567', message: 'Hei' }] });
    expect(fieldsOf(sms)).toEqual([expect.objectContaining({ field: 'sms', message: expect.stringContaining('no SMS gateway is configured') })]);
    const ef = await send({ eFaktura: {}, avtaleGiro: {} });
    expect(ef.status).toBe(400);
    expect(fieldsOf(ef).find((f) => f.field === 'eFaktura')!.message).toContain('bank');
    expect(fieldsOf(ef).find((f) => f.field === 'avtaleGiro')!.message).toContain('bank');
    const ehf = await send({ ehf: {} }, `/invoices/${personInvoice}/send`);
    expect(fieldsOf(ehf)).toEqual([expect.objectContaining({ field: 'ehf', message: "EHF needs the recipient's organisation number" })]);
    const sum = await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: 'ftp://x' } } });
    expect(fieldsOf(sum)).toEqual([expect.objectContaining({ field: 'sending.smsGatewayUrl', message: 'must be an http:// or https:// address' })]);
  });
});
