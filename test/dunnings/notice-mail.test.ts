import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flush, pdfText, startSmtp, useSmtp, type Smtp } from '../sending/helpers.js';
import { dun, owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
let smtp: Smtp;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  smtp = await startSmtp();
  await useSmtp(s, smtp.port);
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const send = async (number: number, address: string) => {
  const r = await s.json(`/dunnings/${number}/send`, { body: { email: [{ address }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await flush(s);
  return smtp.mails.find((m) => (m.to as { text: string }).text === address)!;
};

describe('reminder e-mails say which reminder of which invoice they are (the running number stays the reference)', () => {
  test('first reminder of an invoice after other invoices were dunned: "1. purring på faktura N", purring-1-faktura-N.pdf', async () => {
    const other = await owe(s, 500, '2026-02-01');
    await dun(s, { invoiceNumber: other }); // takes running dunning number 1
    const n = await owe(s, 1_000, '2026-02-01');
    const first = (await dun(s, { invoiceNumber: n })).body;
    expect(first.number).toBeGreaterThan(1);
    const mail = await send(first.number, 'first@fjordbygg.no');
    expect(mail.subject).toBe(`1. purring på faktura ${n} fra Fjordkraft Rådgivning AS`);
    expect(mail.text).toContain(`Vedlagt følger 1. purring på faktura ${n}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`purring-1-faktura-${n}.pdf`]);
    const pdf = pdfText(mail.attachments[0].content);
    expect(pdf).toMatch(new RegExp(`Purring nr\\.\\s+1 \\(løpenr\\. ${first.number}\\)`));

    s.clock.set('2026-04-14');
    try {
      const second = (await dun(s, { invoiceNumber: n })).body;
      const m2 = await send(second.number, 'second@fjordbygg.no');
      expect(m2.subject).toBe(`2. purring på faktura ${n} fra Fjordkraft Rådgivning AS`);
      expect(m2.attachments.map((a) => a.filename)).toEqual([`purring-2-faktura-${n}.pdf`]);
      s.clock.set('2026-05-14');
      const notice = (await dun(s, { invoiceNumber: n, debtCollectionNotice: true })).body;
      const m3 = await send(notice.number, 'notice@fjordbygg.no');
      expect(m3.subject).toBe(`1. inkassovarsel på faktura ${n} fra Fjordkraft Rådgivning AS`);
      expect(m3.attachments.map((a) => a.filename)).toEqual([`inkassovarsel-1-faktura-${n}.pdf`]);
      // The download is named the same way.
      const pdf3 = await s.api(`/dunnings/${notice.number}/pdf`);
      expect(pdf3.headers.get('content-disposition')).toContain(`inkassovarsel-1-faktura-${n}.pdf`);
    } finally {
      s.clock.set('2026-03-15');
    }
  });
});
