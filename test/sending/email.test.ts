import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startSender } from '../../main/features/sending/sender.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { flush, freePort, pdfText, startSmtp, until, useSmtp, type Smtp } from './helpers.js';

let s: (TestServer & Partial<DocServer>) | undefined;
let smtp: Smtp | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await s?.close();
  await smtp?.close().catch(() => undefined);
  s = smtp = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const LINES = { items: [{ productCode: 'A1', quantity: 2 }, { productCode: 'MAT', quantity: 10 }] };

describe('POST /invoices/{n}/send by e-mail through a real SMTP server', () => {
  test('the mail has the Norwegian subject, the facts, the message, the PDF; copies go to copy.email; history says DELIVERED', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    const inv = (await s.json(`/invoices/${n}`)).body;

    const sent = await s.json(`/invoices/${n}/send`, {
      body: { email: [{ address: 'innkjop@fjordbygg.no', htmlContent: 'Takk for oppdraget!' }], copy: { email: [{ address: 'meg@fjordraad.no' }] } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual([
      { id: expect.any(Number), method: 'email', recipientAddress: 'innkjop@fjordbygg.no', status: 'IN_PROGRESS' },
      { id: expect.any(Number), method: 'email', recipientAddress: 'meg@fjordraad.no', status: 'IN_PROGRESS' },
    ]);
    const results = await flush(s);
    expect(results.map((r) => r.status)).toEqual(['DELIVERED', 'DELIVERED']);

    expect(smtp.mails).toHaveLength(2);
    const mail = smtp.mails.find((m) => m.to && JSON.stringify(m.to).includes('innkjop@fjordbygg.no'))!;
    expect(mail.subject).toBe(`Faktura ${n} fra Fjordkraft Rådgivning AS`);
    expect(mail.from?.value[0]).toEqual({ address: 'faktura@fjordraad.no', name: 'Fjordkraft Rådgivning AS' });
    expect(mail.replyTo?.value[0].address).toBe('post@fjordraad.no');
    const text = mail.text!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Takk for oppdraget!');
    expect(text).toContain(`Vedlagt følger faktura ${n}`);
    expect(text).toContain('Beløp: 4 154,25 NOK'); // 2 x 1250 + 10 x 89.50 = 3395 net; + 625 + 134.25 VAT
    expect(text).toContain('Forfallsdato: 25.03.2026'); // creditDays 10
    expect(text).toContain(`KID: ${inv.kid}`);
    expect(text).toContain('Kontonummer: 8601 11 17947');
    expect(mail.html).toContain('Takk for oppdraget!');
    expect(mail.messageId).toMatch(/^<kvitt\.[0-9a-f-]+@fjordraad\.no>$/);

    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe(`faktura-${n}.pdf`);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    const pdf = pdfText(mail.attachments[0].content);
    expect(pdf).toContain(String(n));
    expect(pdf).toContain('4 154,25');

    const copy = smtp.mails.find((m) => JSON.stringify(m.to).includes('meg@fjordraad.no'))!;
    expect(copy.subject).toBe(`Kopi: Faktura ${n} fra Fjordkraft Rådgivning AS`);

    const h = await s.json(`/invoices/${n}/history`);
    expect(h.status).toBe(200);
    expect(h.body).toEqual([
      { description: `Kopi av faktura ${n} sendt på e-post`, recipientAddress: 'meg@fjordraad.no', date: expect.stringMatching(/^2026-03-15 \d\d:\d\d$/), status: 'DELIVERED' },
      { description: `Faktura ${n} sendt på e-post`, recipientAddress: 'innkjop@fjordbygg.no', date: expect.stringMatching(/^2026-03-15 \d\d:\d\d$/), status: 'DELIVERED' },
    ]);
    expect((await s.json('/invoices/999/history')).status).toBe(404);
    expect((await s.json('/invoices/999/send', { body: { email: [{ address: 'a@b.no' }] } })).status).toBe(404);
  });

  test('a document sent again carries the very PDF of its first mail (kept by content hash, not rendered again)', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    for (const address of ['forste@fjordbygg.no', 'andre@fjordbygg.no']) {
      expect((await s.json(`/invoices/${n}/send`, { body: { email: [{ address }] } })).status).toBe(200);
      expect((await flush(s)).map((r) => r.status)).toEqual(['DELIVERED']);
    }
    expect(smtp.mails).toHaveLength(2);
    const [first, second] = smtp.mails.map((m) => m.attachments[0].content as Buffer);
    // A fresh render differs (the PDF writer stamps the creation time); the kept one is byte for byte the same.
    expect(Buffer.compare(first, second)).toBe(0);
    expect(pdfText(second)).toContain(String(n));
    expect(smtp.mails[1].messageId).not.toBe(smtp.mails[0].messageId);
  });

  test('a recipient with attachPdf false gets the mail without the PDF; a credit note and an offer are sent too', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const put = await s.json(`/recipients/${s.company}`);
    const body = { ...put.body, settings: { ...put.body.settings, attachPdf: false } };
    for (const k of ['number', '_links', 'balance', 'deleted']) delete body[k];
    const upd = await s.json(`/recipients/${s.company}`, { method: 'PUT', body });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    expect((await s.json(`/invoices/${n}/send`, { body: { email: [{ address: 'a@fjordbygg.no' }] } })).status).toBe(200);
    const cn = await s.json(`/invoices/${n}/credit-note`, { method: 'POST' });
    expect(cn.status, JSON.stringify(cn.body)).toBe(201);
    const cnNumber = Number(cn.res.headers.get('location')!.split('/').pop());
    expect((await s.json(`/invoices/credit-notes/${cnNumber}/send`, { body: { email: [{ address: 'b@fjordbygg.no' }] } })).status).toBe(200);
    await flush(s);
    expect(smtp.mails).toHaveLength(2);
    // The outbox sends several shipments at once, so the server may receive them in either order.
    const invoiceMail = smtp.mails.find((m) => m.subject === `Faktura ${n} fra Fjordkraft Rådgivning AS`)!;
    expect(invoiceMail.attachments).toHaveLength(0);
    expect(invoiceMail.text).toContain(`Her er faktura ${n}`);
    expect(smtp.mails.map((m) => m.subject)).toContain(`Kreditnota ${cnNumber} fra Fjordkraft Rådgivning AS`);
    expect((await s.json(`/invoices/credit-notes/${cnNumber}/history`)).body[0]).toMatchObject({ recipientAddress: 'b@fjordbygg.no', status: 'DELIVERED' });
  });

  test('server down: IN_PROGRESS with the reason and a backoff; server up + flush: DELIVERED', async () => {
    s = await startDocServer();
    const port = await freePort();
    await useSmtp(s, port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    const [shipment] = (await s.json(`/invoices/${n}/send`, { body: { email: [{ address: 'a@fjordbygg.no' }] } })).body;
    const first = await flush(s);
    expect(first).toEqual([expect.objectContaining({ id: shipment.id, status: 'IN_PROGRESS', error: expect.stringMatching(/ECONNECTION|ECONNREFUSED/) })]);
    const queued = await s.json('/outbox/?status=IN_PROGRESS&perPage=10');
    expect(queued.body[0]).toMatchObject({ id: shipment.id, attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|ECONNECTION/) });
    const waitMs = Date.parse(queued.body[0].nextAttemptAt) - Date.now();
    expect(waitMs).toBeGreaterThan(50_000); // 1 minute after the first failure
    expect(waitMs).toBeLessThanOrEqual(60_000);
    expect((await s.json(`/invoices/${n}/history`)).body[0].status).toBe('IN_PROGRESS');

    smtp = await startSmtp(port);
    const second = await flush(s);
    expect(second).toEqual([expect.objectContaining({ id: shipment.id, status: 'DELIVERED', error: null })]);
    expect(smtp.mails).toHaveLength(1);
    expect((await s.json(`/invoices/${n}/history`)).body[0].status).toBe('DELIVERED');
    expect(await flush(s)).toEqual([]); // nothing pending: nothing sent twice
  });

  test('550 → NOT_DELIVERED with the server\'s reason; 451 stays IN_PROGRESS; retry puts a failed one back (409 otherwise)', async () => {
    s = await startDocServer();
    smtp = await startSmtp();
    await useSmtp(s, smtp.port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    const sent = (await s.json(`/invoices/${n}/send`, { body: { email: [{ address: 'reject@fjordbygg.no' }, { address: 'later@fjordbygg.no' }] } })).body;
    const r = await flush(s);
    expect(r[0]).toMatchObject({ id: sent[0].id, status: 'NOT_DELIVERED', error: expect.stringContaining('550') });
    expect(r[0].error).toContain('no such user here');
    expect(r[1]).toMatchObject({ id: sent[1].id, status: 'IN_PROGRESS', error: expect.stringContaining('451') });
    const failed = await s.json('/outbox/?status=NOT_DELIVERED');
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0].lastError).toContain('550');
    expect((await s.json(`/invoices/${n}/history`)).body.map((e: any) => e.status).sort()).toEqual(['IN_PROGRESS', 'NOT_DELIVERED']);

    const retry = await s.json(`/outbox/${sent[0].id}/retry`, { method: 'POST' });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, lastError: null });
    expect((await s.json(`/outbox/${sent[1].id}/retry`, { method: 'POST' })).status).toBe(409);
    expect((await s.json('/outbox/9999/retry', { method: 'POST' })).status).toBe(404);
    expect((await s.json(`/outbox/${sent[0].id}/printed`, { method: 'POST' })).status).toBe(409);
  });

  test('a mail queued before a restart is delivered exactly once by the sender the app starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvitt-send-'));
    dirs.push(dir);
    const dbFile = join(dir, 'kvitt.sqlite');
    smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    s = await startDocServer({ dbFile });
    await useSmtp(s, port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    const [shipment] = (await s.json(`/invoices/${n}/send`, { body: { email: [{ address: 'a@fjordbygg.no' }] } })).body;
    await s.close();

    smtp = await startSmtp(port);
    s = await startTestServer({ dbFile });
    const sender = startSender(s.app.ctx, { pollMs: 100 });
    try {
      await until(async () => (await s!.json(`/outbox/${shipment.id}`)).body.status === 'DELIVERED');
      await new Promise((r) => setTimeout(r, 500)); // more polls: nothing more is sent
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0].subject).toBe(`Faktura ${n} fra Fjordkraft Rådgivning AS`);
    } finally {
      await sender.stop();
    }
  });
});
