import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { ehfRulesPresent, expectValidEhf } from '../helpers/ehf-validator.js';
import { flush, pdfText, startSmsGateway, startSmtp, useSmtp, type Smtp } from './helpers.js';

let s: DocServer | undefined;
let smtp: Smtp | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await s?.close();
  await smtp?.close().catch(() => undefined);
  s = smtp = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kvitt-outbox-'));
  dirs.push(d);
  return d;
};
const ITEMS = { items: [{ productCode: 'A1', quantity: 1 }] };

describe('paper: the print queue', () => {
  test('a paper body with an address: print queue entry, PDF with that address, Mark printed → DELIVERED; the address stays for the document', async () => {
    s = await startDocServer();
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...ITEMS });
    const sent = await s.json(`/invoices/${n}/send`, { body: { paper: { address1: 'Postboks 77 Sentrum', zip: '5804', city: 'BERGEN', country: 'NORGE' } } });
    expect(sent.body).toEqual([{ id: expect.any(Number), method: 'paper', recipientAddress: '', status: 'IN_PROGRESS' }]);
    const id = sent.body[0].id;
    expect(await flush(s)).toEqual([]); // the sender never "delivers" paper

    const queue = await s.json('/outbox/?method=paper&status=IN_PROGRESS&perPage=20');
    expect(queue.status).toBe(200);
    expect(queue.res.headers.get('x-total-count')).toBe('1');
    expect(queue.body[0]).toMatchObject({
      id,
      method: 'paper',
      recipientAddress: '',
      status: 'IN_PROGRESS',
      postalAddress: { address1: 'Postboks 77 Sentrum', address2: null, zip: '5804', city: 'BERGEN', country: 'NORGE' },
      document: { type: 'invoice', number: n, uri: `/invoices/${n}` },
    });
    const pdf = await s.api(`/outbox/${id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Postboks 77 Sentrum');
    expect(text).toContain('5804 BERGEN');

    const printed = await s.json(`/outbox/${id}/printed`, { method: 'POST' });
    expect(printed.status).toBe(200);
    expect(printed.body).toMatchObject({ status: 'DELIVERED', deliveredAt: expect.stringMatching(/^2026-03-15 /) });
    expect((await s.json(`/outbox/${id}/printed`, { method: 'POST' })).status).toBe(409);
    expect((await s.json(`/outbox/${id}/printed`, { method: 'POST', body: { x: 1 } })).status).toBe(400);
    expect((await s.json('/outbox/?method=paper&status=IN_PROGRESS')).body).toEqual([]);

    // {} now means the address this document was last mailed to
    const again = await s.json(`/invoices/${n}/send`, { body: { paper: {} } });
    const entry = await s.json(`/outbox/${again.body[0].id}`);
    expect(entry.body.postalAddress).toMatchObject({ address1: 'Postboks 77 Sentrum', city: 'BERGEN' });
    const h = await s.json(`/invoices/${n}/history`);
    expect(h.body.map((e: any) => [e.description, e.recipientAddress, e.status])).toEqual([
      [`Faktura ${n} sendt i posten`, '', 'IN_PROGRESS'],
      [`Faktura ${n} sendt i posten`, '', 'DELIVERED'],
    ]);
    // the issued document itself is unchanged
    expect((await s.json(`/invoices/${n}/integrity`)).body.unchanged).toBe(true);
    expect((await s.json(`/invoices/${n}`)).body.recipient.address.city).toBe('OSLO');
  });
});

describe('EHF into the data folder', () => {
  test.skipIf(!ehfRulesPresent())('a valid EHF is checked by the official rules, written to outbox/ehf/ and DELIVERED to 0192:<orgno>', async () => {
    const dir = tempDir();
    s = await startDocServer({ dbFile: join(dir, 'kvitt.sqlite') });
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...ITEMS });
    const sent = await s.json(`/invoices/${n}/send`, { body: { ehf: {} } });
    expect(sent.body).toEqual([{ id: expect.any(Number), method: 'ehf', recipientAddress: '0192:923609016', status: 'IN_PROGRESS' }]);
    const [r] = await flush(s);
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'DELIVERED', error: null });
    const file = join(dir, 'outbox', 'ehf', `faktura-${n}.xml`);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain(`<cbc:ID>${n}</cbc:ID>`);
    await expectValidEhf(xml);
    expect(readdirSync(join(dir, 'outbox', 'ehf'))).toEqual([`faktura-${n}.xml`]);
    expect((await s.json(`/invoices/${n}/history`)).body[0]).toMatchObject({ description: `Faktura ${n} sendt som EHF`, recipientAddress: '0192:923609016', status: 'DELIVERED' });
  }, 120_000);

  test.skipIf(!ehfRulesPresent())('an EHF that breaks an official rule is NOT_DELIVERED with the rule id and text, and no file is written', async () => {
    const dir = tempDir();
    s = await startDocServer({ dbFile: join(dir, 'kvitt.sqlite') });
    // "Q9Z" looks like a UN/ECE unit code, so the writer passes it on; it is in no code list (BR-CL-23, fatal).
    const product = await s.json('/products/', { body: { code: 'ODD', description: 'Rar enhet', unitPrice: 100, taxRate: 25, unit: 'Q9Z' } });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'ODD', quantity: 1 }] });
    await s.json(`/invoices/${n}/send`, { body: { ehf: {} } });
    const [r] = await flush(s);
    expect(r.status).toBe('NOT_DELIVERED');
    expect(r.error).toContain('BR-CL-23');
    expect(existsSync(join(dir, 'outbox', 'ehf')) ? readdirSync(join(dir, 'outbox', 'ehf')) : []).toEqual([]);
    const row = (await s.json('/outbox/?status=NOT_DELIVERED')).body[0];
    expect(row.lastErrorCode).toBe('EHF_RULE_FAILED');
    expect(row.lastErrorParams).toMatchObject({ rule: 'BR-CL-23', text: expect.stringContaining('UN/ECE Recommendation 20'), failed: 1, rules: 'BR-CL-23' });
    expect(row.lastError).toContain('breaks the official rule BR-CL-23');
  }, 120_000);
});

describe('SMS through the gateway', () => {
  test('POST {to, message} as JSON; 2xx → DELIVERED, a 4xx answer → NOT_DELIVERED with it', async () => {
    s = await startDocServer();
    const ok = await startSmsGateway(200);
    const refused = await startSmsGateway(400);
    try {
      const n = await issueInvoice(s, { recipient: { number: s.company }, ...ITEMS });
      await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: ok.url } } });
      const sent = await s.json(`/invoices/${n}/send`, { body: { paper: {}, sms: [{ mobileNumber: '91234567', message: `Faktura ${n} er sendt i posten` }] } });
      expect(sent.body.map((x: any) => x.method)).toEqual(['paper', 'sms']);
      expect((await flush(s)).map((r) => r.status)).toEqual(['DELIVERED']);
      expect(ok.received).toEqual([{ contentType: 'application/json', body: { to: '91234567', message: `Faktura ${n} er sendt i posten` } }]);

      await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: refused.url } } });
      await s.json(`/invoices/${n}/send`, { body: { paper: {}, sms: [{ mobileNumber: '91234567', message: 'Hei' }] } });
      const [r] = await flush(s);
      expect(r).toMatchObject({ status: 'NOT_DELIVERED', error: expect.stringContaining('400') });
    } finally {
      await ok.close();
      await refused.close();
    }
  });
});

describe('spec 4.6: the offer chain history', () => {
  test('the offer, its order confirmation and its invoice, each sent, newest first', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const offer = await s.json('/offer/drafts/', { body: { recipient: { number: s.company }, ...ITEMS } });
    const issued = await s.json(`/offer/drafts/${offer.res.headers.get('location')!.split('/').pop()}/issue`, { method: 'POST' });
    const offerNo = issued.body.number;
    expect((await s.json(`/offer/${offerNo}/send`, { body: { email: [{ address: 'innkjop@fjordbygg.no' }] } })).status).toBe(200);
    await flush(s);
    s.clock.set('2026-03-16');
    const oc = await s.json(`/offer/${offerNo}/order-confirmation`, { method: 'POST' });
    const ocNo = oc.body.number;
    expect((await s.json(`/order-confirmation/${ocNo}/send`, { body: { paper: {} } })).status).toBe(200);
    s.clock.set('2026-03-17');
    const draft = await s.json(`/order-confirmation/${ocNo}/invoice`, { method: 'POST' });
    const inv = await s.json(`/invoices/drafts/${draft.res.headers.get('location')!.split('/').pop()}/issue`, { method: 'POST' });
    const invNo = Number(inv.res.headers.get('location')!.split('/').pop());
    expect((await s.json(`/invoices/${invNo}/send`, { body: { email: [{ address: 'reject@fjordbygg.no' }] } })).status).toBe(200);
    await flush(s);

    const h = await s.json(`/offer/${offerNo}/history`);
    expect(h.status).toBe(200);
    expect(h.body.map((e: any) => [e.description, e.recipientAddress, e.date.slice(0, 10), e.status])).toEqual([
      [`Faktura ${invNo} sendt på e-post`, 'reject@fjordbygg.no', '2026-03-17', 'NOT_DELIVERED'],
      [`Ordrebekreftelse ${ocNo} sendt i posten`, '', '2026-03-16', 'IN_PROGRESS'],
      [`Tilbud ${offerNo} sendt på e-post`, 'innkjop@fjordbygg.no', '2026-03-15', 'DELIVERED'],
    ]);
    expect(smtp.mails[0].subject).toBe(`Tilbud ${offerNo} fra Fjordkraft Rådgivning AS`);
    expect(smtp.mails[0].attachments[0].filename).toBe(`tilbud-${offerNo}.pdf`);
    expect((await s.json(`/order-confirmation/${ocNo}/history`)).body).toHaveLength(1);
  });
});

describe('settings: sending', () => {
  test('the SMTP password is write-only; the test e-mail answers what the server said', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port, { smtp: { host: '127.0.0.1', port: smtp.port, security: 'NONE', user: 'kvitt', password: 'hemmelig' } });
    const got = await s.json('/originators/current/settings');
    expect(got.body.sending).toEqual({
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'NONE', user: 'kvitt', passwordSet: true },
      fromAddress: 'faktura@fjordraad.no', fromName: 'Fjordkraft Rådgivning AS', replyTo: 'post@fjordraad.no', smsGatewayUrl: '',
    });
    expect(JSON.stringify(got.body)).not.toContain('hemmelig');
    await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { fromName: 'Fjordkraft' } } });
    expect((await s.json('/originators/current/settings')).body.sending.smtp.passwordSet).toBe(true); // kept
    const audit = await s.app.ctx.db.selectFrom('audit_log').select('data').where('entity', '=', 'settings').where('entity_id', '=', 'sending').execute();
    expect(audit.length).toBeGreaterThan(0);
    for (const a of audit) expect(a.data).not.toContain('hemmelig');

    await useSmtp(s, smtp.port, { smtp: { host: '127.0.0.1', port: smtp.port, security: 'NONE', user: '', password: '' } });
    expect((await s.json('/originators/current/settings')).body.sending.smtp.passwordSet).toBe(false);
    const t = await s.json('/originators/current/settings/test-email', { body: { to: 'meg@fjordraad.no' } });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ delivered: true, to: 'meg@fjordraad.no', response: expect.stringMatching(/^250/) });
    expect(smtp.mails[0].subject).toBe('Test-e-post fra Kvitt');
    const bad = await s.json('/originators/current/settings/test-email', { body: { to: 'reject@fjordraad.no' } });
    expect(bad.body).toMatchObject({ delivered: false, response: expect.stringContaining('550') });
    expect((await s.json('/originators/current/settings/test-email', { body: { to: 'x' } })).status).toBe(400);
  });
});
