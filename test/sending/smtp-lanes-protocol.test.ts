/**
 * The outbox's SMTP connections (main/features/sending/smtp-lanes.ts) against a scripted SMTP server on 127.0.0.1 that
 * misbehaves at one exact step: what the outbox is told (delivered or not), how often the server got the mail, and
 * that no connection slot is lost for good.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { SmtpLanes } from '../../main/features/sending/smtp-lanes.js';

/** What the scripted server does at a step of connection number `n` (1-based): answer normally, or this instead. */
type Script = (step: 'RCPT' | 'RSET' | 'DATA-END' | 'DATA-MIDDLE', n: number, socket: Socket) => string | 'drop' | null;

let server: Server | undefined;
let lanes: SmtpLanes | undefined;
afterEach(async () => {
  lanes?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = lanes = undefined;
});

async function scripted(script: Script) {
  const seen = { connections: 0, delivered: 0 };
  server = createServer((socket) => {
    const n = ++seen.connections;
    let data = false;
    let buffer = '';
    const answer = (step: Parameters<Script>[0], normal: string) => {
      const special = script(step, n, socket);
      if (special === 'drop') return void socket.destroy();
      socket.write(`${special ?? normal}\r\n`);
    };
    socket.on('error', () => undefined);
    socket.write('220 scripted ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            data = false;
            const special = script('DATA-END', n, socket);
            if (special === 'drop') return void socket.destroy();
            if (special === null) seen.delivered++;
            socket.write(`${special ?? '250 2.0.0 queued'}\r\n`);
          } else if (script('DATA-MIDDLE', n, socket) === 'drop') return void socket.destroy();
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 scripted\r\n');
        else if (verb === 'MAIL') socket.write('250 2.1.0 ok\r\n');
        else if (verb === 'RCPT') answer('RCPT', '250 2.1.5 ok');
        else if (verb === 'RSET') answer('RSET', '250 2.0.0 reset');
        else if (verb === 'DATA') (data = true), socket.write('354 go ahead\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 5.5.2 what\r\n');
      }
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return { seen, lanes: (size: number) => (lanes = new SmtpLanes({ host: '127.0.0.1', port, ignoreTLS: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 }, undefined, size)) };
}

const envelope = { from: 'faktura@fjordraad.no', to: ['kunde@fjordbygg.no'] };
const raw = Buffer.from('From: faktura@fjordraad.no\r\nTo: kunde@fjordbygg.no\r\nSubject: Faktura 10001\r\n\r\nHei\r\n'.concat('x'.repeat(100), '\r\n').repeat(50));
/** Settles within `ms` (a send that never settles is the defect; generous, as a loaded machine is slow, not hung). */
const settled = <T>(p: Promise<T>, ms = 20_000) =>
  Promise.race([p.then((v) => ({ ok: true as const, v }), (e: unknown) => ({ ok: false as const, e: e as { code?: string; responseCode?: number } })), new Promise<{ ok: 'hung' }>((r) => setTimeout(() => r({ ok: 'hung' }), ms))]);

describe('the outbox SMTP connections when the server misbehaves', () => {
  test('a server that refuses the recipient (550) and then closes the connection instead of answering RSET: the next mail still goes out', async () => {
    const smtp = await scripted((step, n) => (n === 1 && step === 'RCPT' ? '550 5.1.1 no such user' : n === 1 && step === 'RSET' ? 'drop' : null));
    const l = smtp.lanes(1);
    const first = await settled(l.send(envelope, raw));
    expect(first).toMatchObject({ ok: false, e: { responseCode: 550 } });
    const second = await settled(l.send(envelope, raw));
    expect(second.ok).toBe(true);
    expect(smtp.seen.delivered).toBe(1);
  });

  test('the connection dropped in the middle of the message: not reported delivered, not sent again at once', async () => {
    let armed = false;
    const smtp = await scripted((step) => (step === 'DATA-MIDDLE' && armed ? ((armed = false), 'drop') : null));
    const l = smtp.lanes(1);
    await l.send(envelope, raw); // the connection is reused for the next
    armed = true;
    const r = await settled(l.send(envelope, raw));
    expect(r.ok).toBe(false);
    expect(smtp.seen.delivered).toBe(1);
    expect(smtp.seen.connections).toBe(1);
    // The next mail gets a new connection.
    expect((await settled(l.send(envelope, raw))).ok).toBe(true);
    expect(smtp.seen.delivered).toBe(2);
  });

  test('421 after the message (the server did not take it): not reported delivered, and the error is transient', async () => {
    const smtp = await scripted((step) => (step === 'DATA-END' ? '421 4.3.0 shutting down' : null));
    const r = await settled(smtp.lanes(1).send(envelope, raw));
    expect(r).toMatchObject({ ok: false, e: { responseCode: 421 } });
    expect(smtp.seen.delivered).toBe(0);
  });

  test('a server that ends each connection with 421 at its second mail, while other used connections are idle: the mail goes out on a new connection at once', async () => {
    const rcpts = new Map<number, number>();
    const smtp = await scripted((step, n) => {
      if (step !== 'RCPT') return null;
      rcpts.set(n, (rcpts.get(n) ?? 0) + 1);
      return rcpts.get(n)! > 1 ? '421 4.7.0 too many mails on this connection' : null;
    });
    const l = smtp.lanes(2);
    // Two mails at once: two connections, each has carried one mail and waits idle.
    expect((await Promise.all([settled(l.send(envelope, raw)), settled(l.send(envelope, raw))])).map((r) => r.ok)).toEqual([true, true]);
    expect(smtp.seen.connections).toBe(2);
    // The third is refused with 421 on the idle connection it takes; it must not be tried again on the other used one.
    expect((await settled(l.send(envelope, raw))).ok).toBe(true);
    expect(smtp.seen.delivered).toBe(3);
    expect(smtp.seen.connections).toBe(3);
  });
});
