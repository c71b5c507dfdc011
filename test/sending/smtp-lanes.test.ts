/**
 * The outbox's own SMTP connections (main/features/sending/smtp-lanes.ts) against a real SMTP server that asks for a
 * login and drops idle connections: every mail logged in and delivered, at most four connections, a connection the
 * server closed is not used again, a refused mail does not spoil the connection for the next.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import type { TestServer } from '../helpers/server.js';
import { flush, useSmtp } from './helpers.js';

let s: (TestServer & Partial<DocServer>) | undefined;
let server: SMTPServer | undefined;
afterEach(async () => {
  await s?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  s = server = undefined;
});

/** An SMTP server that wants user kvitt / hemmelig, closes a connection idle for `idleMs`, refuses `reject…` with 550. */
async function startAuthSmtp(idleMs: number) {
  const seen = { mails: [] as ParsedMail[], logins: [] as string[], connections: 0, open: 0, maxOpen: 0 };
  server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    socketTimeout: idleMs,
    onConnect(_session, cb) {
      seen.connections++;
      seen.maxOpen = Math.max(seen.maxOpen, ++seen.open);
      cb();
    },
    onClose() {
      seen.open--;
    },
    onAuth(auth, _session, cb) {
      seen.logins.push(auth.username ?? '');
      if (auth.username === 'kvitt' && auth.password === 'hemmelig') return cb(null, { user: auth.username });
      cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('reject')) return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => (seen.mails.push(m), cb()), cb);
    },
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { port: (server.server.address() as AddressInfo).port, seen };
}

const LINES = { items: [{ productCode: 'A1', quantity: 2 }] };
const send = async (n: number, address: string) => expect((await s!.json(`/invoices/${n}/send`, { body: { email: [{ address }] } })).status).toBe(200);

describe('the outbox on an SMTP server with a login that drops idle connections', () => {
  test('ten mails: logged in, delivered over at most four connections; after the server dropped them, new ones; a 550 does not spoil the next', async () => {
    s = await startDocServer();
    const smtp = await startAuthSmtp(300);
    await useSmtp(s, smtp.port, { smtp: { host: '127.0.0.1', port: smtp.port, security: 'NONE', user: 'kvitt', password: 'hemmelig' } });
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    for (let i = 0; i < 10; i++) await send(n, i === 3 ? 'reject@fjordbygg.no' : `kunde${i}@fjordbygg.no`);
    const first = await flush(s);
    expect(first.filter((r) => r.status === 'DELIVERED')).toHaveLength(9);
    expect(first.find((r) => r.status !== 'DELIVERED')).toMatchObject({ status: 'NOT_DELIVERED', error: expect.stringContaining('Mailbox unavailable') });
    expect(smtp.seen.mails).toHaveLength(9);
    expect(smtp.seen.maxOpen).toBeLessThanOrEqual(4);
    expect(smtp.seen.logins.length).toBe(smtp.seen.connections);
    expect(new Set(smtp.seen.logins)).toEqual(new Set(['kvitt']));

    // The server closes the idle connections; the next mails go over new ones, not into the closed ones.
    await new Promise((r) => setTimeout(r, 800));
    const before = smtp.seen.connections;
    for (let i = 0; i < 3; i++) await send(n, `igjen${i}@fjordbygg.no`);
    expect((await flush(s)).map((r) => r.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
    expect(smtp.seen.connections).toBeGreaterThan(before);
    expect(smtp.seen.mails).toHaveLength(12);
    expect(smtp.seen.mails.map((m) => m.attachments[0]?.filename)).toEqual(Array(12).fill(`faktura-${n}.pdf`));
  });

  test('a server that ends each connection with 421 at its second mail: every mail goes over a new connection at once, none waits for a retry', async () => {
    s = await startDocServer();
    const mails: ParsedMail[] = [];
    let refused = 0;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, session, cb) {
        if (session.transaction > 1) return refused++, cb(Object.assign(new Error('Too many mails on this connection, closing'), { responseCode: 421 }));
        cb();
      },
      onData(stream, _session, cb) {
        simpleParser(stream).then((m) => (mails.push(m), cb()), cb);
      },
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    await useSmtp(s, (server.server.address() as AddressInfo).port);
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    for (let i = 0; i < 8; i++) await send(n, `kunde${i}@fjordbygg.no`);
    expect((await flush(s)).map((r) => r.status)).toEqual(Array(8).fill('DELIVERED'));
    expect(mails).toHaveLength(8);
    expect(refused).toBeGreaterThan(0); // connections were reused, refused, and the mails went on new ones
  });

  test('a wrong password: the mail stays IN_PROGRESS with the server answer', async () => {
    s = await startDocServer();
    const smtp = await startAuthSmtp(5_000);
    await useSmtp(s, smtp.port, { smtp: { host: '127.0.0.1', port: smtp.port, security: 'NONE', user: 'kvitt', password: 'feil' } });
    const n = await issueInvoice(s, { recipient: { number: s.company }, ...LINES });
    await send(n, 'kunde@fjordbygg.no');
    expect(await flush(s)).toEqual([expect.objectContaining({ status: 'IN_PROGRESS', error: expect.stringMatching(/EAUTH.*Invalid username or password/) })]);
    expect(smtp.seen.mails).toHaveLength(0);
  });
});
