import { afterEach, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { recipient } from '../helpers/server.js';

let s: DocServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function newRecipient(over: Record<string, unknown>): Promise<number> {
  const r = await s!.json('/recipients/', { body: recipient(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return Number(r.res.headers.get('location')!.split('/').pop());
}
const methods = async (path: string) => {
  const r = await s!.json(path);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const noEmail = { contact: { address: { zip: '0150', city: 'OSLO' } } };

describe('spec 4.5 shipment methods', () => {
  test('rule 1 order: ehf, eFaktura, avtaleGiro, email, paper; ehf needs org number + capability; email needs an address', async () => {
    s = await startDocServer();
    const ehf = await newRecipient({ capabilities: { ehf: true } });
    expect(await methods(`/shipment-methods/recipient/${ehf}/invoice`)).toEqual({ available: ['ehf', 'email', 'paper'], default: ['ehf'] });
    const all = await newRecipient({ capabilities: { ehf: true, eFaktura: true, avtaleGiro: true } });
    expect((await methods(`/shipment-methods/recipient/${all}/invoice`)).available).toEqual(['ehf', 'eFaktura', 'avtaleGiro', 'email', 'paper']);
    // the ehf capability without an organisation number offers no EHF
    const person = await newRecipient({ organisation: undefined, capabilities: { ehf: true } });
    expect(await methods(`/shipment-methods/recipient/${person}/invoice`)).toEqual({ available: ['email', 'paper'], default: ['email'] });
    // no e-mail address: paper only
    const paperOnly = await newRecipient({ ...noEmail });
    expect(await methods(`/shipment-methods/recipient/${paperOnly}/invoice`)).toEqual({ available: ['paper'], default: ['paper'] });
    // an offer has no EHF in Kvitt (EHF is for invoices and credit notes)
    expect((await methods(`/shipment-methods/recipient/${ehf}/offer`)).available).toEqual(['email', 'paper']);
  });

  test('rule 2: eFaktura and AvtaleGiro both default; alone each is the default; never for international documents', async () => {
    s = await startDocServer();
    const both = await newRecipient({ capabilities: { eFaktura: true, avtaleGiro: true } });
    expect(await methods(`/shipment-methods/recipient/${both}/invoice`)).toEqual({ available: ['eFaktura', 'avtaleGiro', 'email', 'paper'], default: ['eFaktura', 'avtaleGiro'] });
    expect(await methods(`/shipment-methods/recipient/${both}/invoice?international=true`)).toEqual({ available: ['email', 'paper'], default: ['email'] });
    const giro = await newRecipient({ ...noEmail, capabilities: { avtaleGiro: true } });
    expect(await methods(`/shipment-methods/recipient/${giro}/invoice`)).toEqual({ available: ['avtaleGiro', 'paper'], default: ['avtaleGiro'] });
    const ef = await newRecipient({ capabilities: { eFaktura: true } });
    expect(await methods(`/shipment-methods/recipient/${ef}/order-confirmation`)).toEqual({ available: ['eFaktura', 'email', 'paper'], default: ['eFaktura'] });
    // a document in another currency is international without the query parameter
    const n = await issueInvoice(s, { recipient: { number: both }, currency: 'EUR', items: [{ productCode: 'A1', quantity: 1 }] });
    expect((await methods(`/shipment-methods/invoice/${n}`)).available).toEqual(['email', 'paper']);
  });

  test("rule 3: only e-mail and paper: the recipient's defaultShipment, else the originator's", async () => {
    s = await startDocServer();
    const snail = await newRecipient({ settings: { defaultShipment: 'SNAIL' } });
    const email = await newRecipient({ settings: { defaultShipment: 'EMAIL' } });
    const none = await newRecipient({});
    expect((await methods(`/shipment-methods/recipient/${snail}/invoice`)).default).toEqual(['paper']);
    expect((await methods(`/shipment-methods/recipient/${email}/invoice`)).default).toEqual(['email']);
    expect((await methods(`/shipment-methods/recipient/${none}/invoice`)).default).toEqual(['email']); // originator default EMAIL
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { defaultShipment: 'SNAIL' } } })).status).toBe(200);
    expect((await methods(`/shipment-methods/recipient/${none}/offer`)).default).toEqual(['paper']);
    expect((await methods(`/shipment-methods/recipient/${email}/offer`)).default).toEqual(['email']);
  });

  test('rule 4 and the three paths: dunning → paper; unknown document 204; unknown recipient 404; unknown type 400', async () => {
    s = await startDocServer();
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    expect(await methods(`/shipment-methods/invoice/${n}/dunning`)).toEqual({ available: ['email', 'paper'], default: ['paper'] });
    expect(await methods(`/shipment-methods/invoice/${n}/credit-note`)).toEqual({ available: ['email', 'paper'], default: ['email'] });
    expect(await methods(`/shipment-methods/invoice/${n}`)).toEqual({ available: ['email', 'paper'], default: ['email'] });
    const cn = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    const cnNumber = Number(cn.res.headers.get('location')!.split('/').pop());
    expect(await methods(`/shipment-methods/credit-note/${cnNumber}`)).toEqual({ available: ['email', 'paper'], default: ['email'] });

    for (const path of ['/shipment-methods/invoice/999', '/shipment-methods/invoice/999/dunning', '/shipment-methods/offer/5', '/shipment-methods/dunning/1', '/shipment-methods/credit-note/999']) {
      const r = await s.json(path);
      expect(r.status, path).toBe(204);
      expect(r.body, path).toBeUndefined();
    }
    expect((await s.json('/shipment-methods/recipient/999/invoice')).status).toBe(404);
    for (const [path, field] of [
      ['/shipment-methods/recipient/1/credit-note', 'documentType'],
      ['/shipment-methods/recipient/1/faktura', 'documentType'],
      ['/shipment-methods/brev/1', 'documentType'],
      ['/shipment-methods/invoice/1/offer', 'documentType'],
      ['/shipment-methods/invoice/abc', 'documentNumber'],
    ]) {
      const r = await s.json(path);
      expect(r.status, path).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field), path).toContain(field);
    }
  });
});
