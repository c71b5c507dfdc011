import { afterEach, describe, expect, test } from 'vitest';
import { startDocServer, type DocServer } from '../helpers/documents.js';
import { flush, startSmtp, useSmtp, type Smtp } from './helpers.js';

let s: DocServer | undefined;
let smtp: Smtp | undefined;
afterEach(async () => {
  await s?.close();
  await smtp?.close();
  s = smtp = undefined;
});
const ITEMS = { items: [{ productCode: 'A1', quantity: 1 }] };
const count = async (table: 'documents' | 'outbox', kind?: string) => {
  let q = s!.app.ctx.db.selectFrom(table).select((e) => e.fn.countAll().as('c'));
  if (kind) q = q.where('kind' as never, '=', kind as never);
  return Number((await q.executeTakeFirstOrThrow()).c);
};

describe('issue and send in one transaction (optional `shipment` on the issue paths)', () => {
  test('POST /invoices/ with shipment: issued, queued, delivered; a refused shipment issues nothing', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const bad = await s.json('/invoices/', { body: { recipient: { number: s.company }, ...ITEMS, shipment: { email: [{ address: 'nei' }] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'shipment.email[0].address', message: 'must be an e-mail address' })]);
    expect(await count('documents', 'invoice')).toBe(0);
    expect(await count('outbox')).toBe(0);
    const tooLong = await s.json('/invoices/', { body: { recipient: { number: s.company }, ...ITEMS, shipment: { email: [{ address: 'a@b.no', htmlContent: 'x'.repeat(121) }] } } });
    expect(tooLong.body.fields).toEqual([expect.objectContaining({ field: 'shipment.email[0].htmlContent', code: 'TOO_LONG', params: { max: 120 }, message: 'must be at most 120 characters' })]);

    const ok = await s.json('/invoices/', { body: { recipient: { number: s.company }, ...ITEMS, shipment: { email: [{ address: 'innkjop@fjordbygg.no' }] } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toEqual({ kind: 'invoice', number: 10001, shipments: [{ id: 1, method: 'email', recipientAddress: 'innkjop@fjordbygg.no', status: 'IN_PROGRESS' }] });
    await flush(s);
    expect(smtp.mails.map((m) => m.subject)).toEqual(['Faktura 10001 fra Fjordkraft Rådgivning AS']);
    // without shipment the answer is as before
    const plain = await s.json('/invoices/', { body: { recipient: { number: s.company }, ...ITEMS } });
    expect(plain.body).toEqual({ kind: 'invoice', number: 10002 });
  });

  test('the draft issue paths of invoices and offers take {shipment}; the number is not used up by a refused one', async () => {
    s = await startDocServer();
    const draft = await s.json('/invoices/drafts/', { body: { recipient: { number: s.person }, ...ITEMS } });
    const d = Number(draft.res.headers.get('location')!.split('/').pop());
    const refused = await s.json(`/invoices/drafts/${d}/issue`, { body: { shipment: { ehf: {} } } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([expect.objectContaining({ field: 'shipment.ehf', message: "EHF needs the recipient's organisation number" })]);
    expect((await s.json(`/invoices/drafts/${d}`)).status).toBe(200); // still a draft
    expect((await s.json(`/invoices/drafts/${d}/issue`, { body: { other: 1 } })).body.fields).toEqual([expect.objectContaining({ field: 'other', message: 'is not a known field' })]);
    const issued = await s.json(`/invoices/drafts/${d}/issue`, { body: { shipment: { paper: {} } } });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ number: 10001, shipments: [{ method: 'paper', recipientAddress: '', status: 'IN_PROGRESS' }] });

    const offer = await s.json('/offer/drafts/', { body: { recipient: { number: s.company }, ...ITEMS } });
    const o = Number(offer.res.headers.get('location')!.split('/').pop());
    const oi = await s.json(`/offer/drafts/${o}/issue`, { body: { shipment: { email: [{ address: 'innkjop@fjordbygg.no' }] } } });
    expect(oi.status, JSON.stringify(oi.body)).toBe(201);
    expect(oi.body.shipments).toEqual([{ id: expect.any(Number), method: 'email', recipientAddress: 'innkjop@fjordbygg.no', status: 'IN_PROGRESS' }]);
    expect((await s.json(`/offer/${oi.body.number}/history`)).body).toHaveLength(1);
  });
});
