/**
 * Kvitt's MIME writer (main/features/sending/mime.ts) against nodemailer's composer: the same input sent both ways to a
 * real SMTP server, what it received parsed with mailparser, and every field compared.
 */
import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { simpleMime, type MimeMail } from '../../main/features/sending/mime.js';
import { startSmtp, type Smtp } from './helpers.js';

let smtp: Smtp;
let transport: Transporter;
beforeAll(async () => {
  smtp = await startSmtp();
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, ignoreTLS: true });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});

const date = new Date('2026-03-15T09:41:07Z');
const pdf = randomBytes(30_000);
const base: MimeMail = {
  from: { name: 'Fjordkraft Rådgivning AS', address: 'faktura@fjordraad.no' },
  to: 'innkjop@fjordbygg.no',
  replyTo: 'post@fjordraad.no',
  subject: 'Faktura 10001 fra Fjordkraft Rådgivning AS',
  text: 'Hei,\n\nVedlagt følger faktura 10001 fra Fjordkraft Rådgivning AS.\n\nBeløp: 4 154,25 NOK\nKID: 0000100017\n\nMed vennlig hilsen\nFjordkraft Rådgivning AS\n',
  html: '<!doctype html><html lang="nb"><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">\n<p>Hei,</p>\n<p>Vedlagt følger faktura 10001 fra Fjordkraft Rådgivning AS.</p>\n</body></html>',
  messageId: '<kvitt.0b9d2c4e-7a51-4f6e-9a3b-2f0c1d5e8a77@fjordraad.no>',
  attachments: [{ filename: 'faktura-10001.pdf', contentType: 'application/pdf', content: pdf }],
  date,
};

/** Sends one message and answers what the server parsed. */
async function received(send: () => Promise<unknown>): Promise<ParsedMail> {
  const before = smtp.mails.length;
  await send();
  expect(smtp.mails.length).toBe(before + 1);
  return smtp.mails[before];
}

const viaComposer = (m: MimeMail) =>
  received(() =>
    transport.sendMail({
      from: m.from,
      to: m.to,
      cc: m.cc,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: m.messageId,
      date: m.date,
      attachments: m.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    }),
  );
const viaKvitt = (m: MimeMail) => received(() => transport.sendMail({ envelope: { from: m.from.address, to: [m.to, ...(m.cc ?? [])] }, raw: simpleMime(m)! }));

/** Everything a mail client shows or uses, from a parsed mail. */
function facts(m: ParsedMail) {
  return {
    subject: m.subject,
    from: m.from?.value,
    to: JSON.stringify(m.to),
    cc: JSON.stringify(m.cc),
    replyTo: m.replyTo?.value,
    messageId: m.messageId,
    date: m.date?.toISOString(),
    mimeVersion: m.headers.get('mime-version'),
    contentType: (m.headers.get('content-type') as { value: string }).value,
    text: m.text,
    html: m.html,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, disposition: a.contentDisposition, content: a.content.toString('hex') })),
  };
}

const cases: Array<[string, Partial<MimeMail>]> = [
  ['a document mail with Norwegian letters in subject, names and body', {}],
  ['a copy to two addresses, no Reply-To', { subject: 'Kopi: Faktura 10001 fra Fjordkraft Rådgivning AS', cc: ['meg@fjordraad.no', 'regnskap@fjordraad.no'], replyTo: undefined }],
  [
    'long lines: a long subject and name, a 120-character message and long HTML lines',
    {
      from: { name: 'Ærlig Østlandsk Åpen Byggevarehandel og Rådgivning Nordre Vestfold og Telemark AS', address: 'faktura@fjordraad.no' },
      subject: `Kreditnota 10002 fra ${'Ærlig Østlandsk Åpen Byggevarehandel og Rådgivning Nordre Vestfold og Telemark AS'}`,
      text: `Hei,\n\n${'Takk for oppdraget! Vi ser fram til å høre fra dere igjen, og ønsker en god og fredelig førjulstid. '.repeat(3)}\n`,
      html: `<p style="padding:2px 16px 2px 0;color:#555;font-family:Arial,Helvetica,sans-serif;font-size:14px">${'Æøå æøå '.repeat(40)}</p>`,
    },
  ],
  [
    'ASCII names that need quoting, lines starting with a dot, trailing blanks, "="',
    {
      from: { name: 'Bench AS, avd. "Oslo"', address: 'faktura@bench.no' },
      subject: 'Invoice 10001 (test) = 100%',
      text: '.hidden line\n..two dots\ntrailing blanks   \ntab\t\n= sign and =3D\r\nwindows line\n',
      html: '<p>a=b</p>\n.<p>dot</p>',
    },
  ],
  ['no attachment (attach-PDF off), a plain ASCII name', { from: { name: 'Bench AS', address: 'faktura@bench.no' }, attachments: [] }],
  ['a file name with Norwegian letters', { attachments: [{ filename: 'kreditnota-æøå 10001.pdf', contentType: 'application/pdf', content: pdf.subarray(0, 1000) }] }],
];

describe("Kvitt's MIME writer against nodemailer's composer, as an SMTP server receives them", () => {
  test.each(cases)('%s', async (_name, change) => {
    const mail = { ...base, ...change };
    const ours = await viaKvitt(mail);
    const theirs = await viaComposer(mail);
    expect(facts(ours)).toEqual(facts(theirs));
    // The facts themselves, so an equal mistake on both sides cannot pass.
    expect(ours.subject).toBe(mail.subject);
    expect(ours.from?.value).toEqual([{ name: mail.from.name, address: mail.from.address }]);
    expect(ours.messageId).toBe(mail.messageId);
    expect(ours.date?.toISOString()).toBe(date.toISOString());
    expect(ours.text).toBe(mail.text.replace(/\r\n/g, '\n'));
    expect(ours.html).toBe(mail.html);
    expect(ours.attachments.map((a) => Buffer.compare(a.content, Buffer.from(mail.attachments![0].content)))).toEqual(mail.attachments!.map(() => 0));
  });

  test('every body line is at most 76 characters, none starts with a dot, CRLF line ends, boundaries differ per message', () => {
    const mail = { ...base, ...cases[2][1], text: `.${'ø'.repeat(200)}\n${'a'.repeat(300)}` };
    const raw = simpleMime(mail)!.toString('latin1');
    const lines = raw.split('\r\n');
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.filter((l) => l.length > 78)).toEqual([]);
    expect(lines.filter((l) => l.startsWith('.'))).toEqual([]);
    const boundary = (r: string) => /boundary="([^"]+)"/.exec(r)![1];
    expect(boundary(raw)).not.toBe(boundary(simpleMime(mail)!.toString('latin1')));
  });

  test('long names and file names with Norwegian letters: every header line within 78 characters, the file name read back whole', async () => {
    const long = 'Åpne poster per 31.03.2026 – kunder med forfalte beløp og purringer, sortert etter forfallsdato.xlsx';
    const ascii = `${'Rapport over fakturaer og kreditnotaer for perioden januar til mars '.repeat(2)}2026.csv`;
    const mail: MimeMail = {
      ...base,
      from: { name: 'Bjørn "Bygg" Ås, avd. Øst', address: 'faktura@fjordraad.no' },
      attachments: [
        { filename: long, contentType: 'application/vnd.ms-excel', content: pdf.subarray(0, 500) },
        { filename: ascii, contentType: 'text/csv; charset=utf-8', content: pdf.subarray(500, 900) },
      ],
    };
    const raw = simpleMime(mail)!.toString('latin1');
    expect(raw.split('\r\n').filter((l) => l.length > 78)).toEqual([]);
    // Content-Type's name as RFC 2047 words (what Outlook reads, as the composer writes it), the disposition's filename in RFC 2231.
    expect(raw).toContain('name="=?UTF-8?Q?=C3=85pne_poster');
    expect(raw).toMatch(/filename\*0\*=utf-8''%C3%85pne/);
    const ours = await viaKvitt(mail);
    expect(ours.from?.value).toEqual([mail.from]);
    expect(ours.attachments.map((a) => [a.filename, a.contentType, a.content.length])).toEqual([
      [long, 'application/vnd.ms-excel', 500],
      [ascii, 'text/csv', 400],
    ]);
    const theirs = await viaComposer(mail);
    expect(facts(ours)).toEqual(facts(theirs));
  });

  test('plain ASCII names and subjects are not encoded (spam filters count needless encoding, e.g. FROM_EXCESS_QP): quoted or folded at blanks', async () => {
    const subject = `Invoice 10001 from Bench Consulting AS, due 2026-04-15 (amount NOK 4 154,25) - please pay to account 1234.56.78903`;
    for (const name of ['faktura@bench.no', 'Bench AS, avd. "Oslo"', `Bench Consulting and Accounting Services for Small Businesses in Oslo, Akershus and Buskerud A.S.`]) {
      const mail: MimeMail = { ...base, from: { name, address: 'faktura@bench.no' }, subject };
      const raw = simpleMime(mail)!.toString('latin1');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(head).not.toContain('=?');
      expect(head.split('\r\n').filter((l) => l.length > 78)).toEqual([]);
      const ours = await viaKvitt(mail);
      expect(ours.subject).toBe(subject);
      // A name that is the address itself is read as no name (the composer writes it the same way).
      expect(ours.from?.value).toEqual([{ name: name === 'faktura@bench.no' ? '' : name, address: 'faktura@bench.no' }]);
      expect(facts(ours)).toEqual(facts(await viaComposer(mail)));
    }
  });

  test('an encoded-word look-alike in a subject stays as written (the composer passes it through, so a reader decodes it)', async () => {
    const subject = 'Faktura 10001 fra =?UTF-8?Q?x?= AS';
    expect((await viaKvitt({ ...base, subject })).subject).toBe(subject);
    expect((await viaComposer({ ...base, subject })).subject).toBe('Faktura 10001 fra x AS');
  });

  test('a stored Message-ID is kept; without one a new one in the sender domain; a non-ASCII address is left to the composer', () => {
    expect(simpleMime(base)!.toString()).toContain(`\r\nMessage-ID: ${base.messageId}\r\n`);
    expect(simpleMime({ ...base, messageId: undefined })!.toString()).toMatch(/\r\nMessage-ID: <[0-9a-f-]{36}@fjordraad\.no>\r\n/);
    expect(simpleMime({ ...base, to: 'kunde@bjørnstad.no' })).toBeNull();
    expect(simpleMime({ ...base, cc: ['jørn@fjordraad.no'] })).toBeNull();
  });
});
