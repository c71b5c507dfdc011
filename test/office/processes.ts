/**
 * Real Kvitt server processes (`main/headless.ts serve`) for the multi-process tests, and a loopback SMTP server that can
 * hold its answers: while held, a mail's DATA has arrived but the server has not said 250, so it is not accepted; a
 * held mail whose connection closes (its process was killed) is never accepted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const root = resolve(import.meta.dirname, '../..');
export const PROCESS_KEY = 'office-processes-key-0123456789abcdef';

export interface KvittProcess {
  base: string;
  pid: number;
  child: ChildProcess;
  call(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: any; location: string | null }>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `serve` on `database` (a file or postgres:// URL) and waits for its API line (at most 120 s). */
export async function startProcess(database: string, env: Record<string, string> = {}): Promise<KvittProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/headless.ts', 'serve', '--database', database, '--port', '0'], {
    cwd: root,
    env: { ...process.env, KVITT_API_KEY: PROCESS_KEY, KVITT_TODAY: '2026-03-15', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const base = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`no URL printed in 120 s\n${out}\n${err}`)), 120_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /API:\s+(http:\/\/127\.0\.0\.1:(\d+))\//.exec(out);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`exited with ${code} before printing the URL\n${out}\n${err}`));
    });
  });
  const exited = new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
  return {
    base,
    pid: child.pid!,
    child,
    async call(path, init = {}) {
      const res = await fetch(base + path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { authorization: `Bearer ${PROCESS_KEY}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      return { status: res.status, body: text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text, location: res.headers.get('location') };
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface HoldingSmtp {
  port: number;
  /** Message-IDs of the accepted mails (250 said on a live connection), in order. */
  accepted: string[];
  /** DATA commands seen (accepted or not). */
  dataSeen(): number;
  /** Holds every answer from now on; resolves when at least one mail is held and no DATA came for `quietMs`. */
  hold(quietMs: number, maxMs: number): Promise<number>;
  /** Answers the held mails whose connections are still open (250); the others are dropped. Returns how many were dropped. */
  release(): number;
  close(): Promise<void>;
}

export async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const accepted: string[] = [];
  const closed = new Set<string>();
  let held: Array<{ session: string; accept: () => void }> = [];
  let holding = false;
  let seen = 0;
  let lastData = Date.now();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, cb) {
      seen++;
      lastData = Date.now();
      simpleParser(stream)
        .then((m) => {
          const accept = () => {
            accepted.push(m.messageId ?? '(none)');
            cb();
          };
          if (holding) held.push({ session: session.id, accept });
          else accept();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.server.address() as AddressInfo).port,
    accepted,
    dataSeen: () => seen,
    async hold(quietMs, maxMs) {
      holding = true;
      const end = Date.now() + maxMs;
      while (!(held.length > 0 && Date.now() - lastData >= quietMs)) {
        if (Date.now() > end) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return held.length;
    },
    release() {
      holding = false;
      const list = held;
      held = [];
      let dropped = 0;
      for (const h of list) {
        if (closed.has(h.session)) dropped++;
        else h.accept();
      }
      return dropped;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
