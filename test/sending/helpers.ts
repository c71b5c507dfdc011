import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.js';

export interface Smtp {
  port: number;
  mails: ParsedMail[];
  /** RCPT TO addresses seen, in order (also the refused ones). */
  rcpts: string[];
  close(): Promise<void>;
  /** Listen again on the same port (after close). */
  reopen(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1; addresses starting with `reject` are refused with 550, with `later` deferred with 451. */
export async function startSmtp(port = 0): Promise<Smtp> {
  const mails: ParsedMail[] = [];
  const rcpts: string[] = [];
  let server: SMTPServer;
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, cb) {
          rcpts.push(address.address);
          const fail = (code: number, text: string) => cb(Object.assign(new Error(text), { responseCode: code }));
          if (address.address.startsWith('reject')) return fail(550, 'Mailbox unavailable: no such user here');
          if (address.address.startsWith('later')) return fail(451, 'Try again later');
          cb();
        },
        onData(stream, _session, cb) {
          simpleParser(stream)
            .then((m) => {
              mails.push(m);
              cb();
            })
            .catch(cb);
        },
      });
      server.on('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const actual = await listen(port);
  const smtp: Smtp = {
    port: actual,
    mails,
    rcpts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    reopen: async () => void (await listen(actual)),
  };
  return smtp;
}

/** A port nothing listens on (taken and released). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

export const FROM = { fromAddress: 'faktura@fjordraad.no', fromName: 'Fjordkraft Rådgivning AS', replyTo: 'post@fjordraad.no' };

/** Points Kvitt's sending settings at the loopback SMTP server. */
export async function useSmtp(s: TestServer, port: number, extra: Record<string, unknown> = {}): Promise<void> {
  const r = await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smtp: { host: '127.0.0.1', port, security: 'NONE' }, ...FROM, ...extra } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

export async function flush(s: TestServer): Promise<Array<{ id: number; status: string; error: string | null }>> {
  const r = await s.json('/outbox/flush', { method: 'POST' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

export const pdfText = (data: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: data }).toString().replace(/\u00a0/g, ' ');

/** A loopback SMS gateway that records what it is sent. */
export async function startSmsGateway(status = 200): Promise<{ url: string; received: unknown[]; close(): Promise<void> }> {
  const received: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ contentType: req.headers['content-type'], body: JSON.parse(body) });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return { url, received, close: () => new Promise((r) => server.close(() => r())) };
}

export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
