/**
 * The SAF-T file as it travels from the report worker to a client: a client that reads slowly gets the same bytes as
 * this thread writes (the worker's chunks are reused once the socket has taken them, so a chunk written over too early
 * would show here), and a client that leaves half way stops the export (its progress ends cancelled) and its worker,
 * after which the next export is whole.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import { taskWorkers } from '../../main/workers/pool.js';
import { cloneInvoices } from '../helpers/clone-invoices.js';
import { onPostgres } from '../helpers/database.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';
import { validateSaft } from './saft-read.js';

const PATH = '/reports/saft?from=2025-01-01&to=2026-03-15';
let s: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-saft-stream-'));
beforeAll(async () => {
  s = await startTestServer({ today: '2026-03-15', dbFile: onPostgres() ? undefined : join(dir, 'kvitt.db') });
  await seedAll(s.app.ctx, { seed: 5, recipients: 20, invoices: 100, extras: true });
  await cloneInvoices(s.app.ctx.db, 6_000);
  s.clock.set('2026-03-15');
  await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Strøm AS', orgNumber: '987654325' } } });
}, 300_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The file as this thread writes it, made once for both tests: nothing changes the database between them (an export
 * writes nothing), so both compare the worker's bytes with the same reference.
 */
let written: Promise<Buffer> | null = null;
const inThread = (): Promise<Buffer> => (written ??= writtenHere());
async function writtenHere(): Promise<Buffer> {
  process.env.KVITT_REPORTS_IN_THREAD = '1';
  try {
    const res = await s.api(PATH);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  } finally {
    delete process.env.KVITT_REPORTS_IN_THREAD;
  }
}

/** GET over loopback; `onChunk` may pause the response, or return 'leave' to close the connection. */
function get(onChunk: (res: import('node:http').IncomingMessage, n: number) => 'leave' | void, query = ''): Promise<{ status: number; body: Buffer; left: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: s.port, path: PATH + query, headers: { authorization: `Bearer ${TEST_KEY}` } }, (res) => {
      const parts: Buffer[] = [];
      let n = 0;
      res.on('data', (c: Buffer) => {
        parts.push(c);
        if (onChunk(res, n++) === 'leave') {
          req.destroy();
          resolve({ status: res.statusCode!, body: Buffer.concat(parts), left: true });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts), left: false }));
      res.on('error', () => undefined);
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.end();
  });
}

test('a client that reads slowly gets the file this thread writes, byte for byte, and it is valid', async () => {
  const expected = await inThread();
  expect(expected.length).toBeGreaterThan(8_000_000); // over a hundred of the worker's 64 kB chunks, each reused many times
  const slow = await get((res, n) => {
    if (n % 4 === 0) {
      res.pause();
      setTimeout(() => res.resume(), 20);
    }
  });
  expect(slow.status).toBe(200);
  expect(slow.body.length).toBe(expected.length);
  expect(sha(slow.body)).toBe(sha(expected));
  expect(validateSaft(slow.body)).toBe('');
}, 240_000);

test('a client that leaves half way stops the export; the next export is whole', async () => {
  const expected = await inThread();
  const states: string[] = [];
  const off = s.app.ctx.push!.subscribe((e) => void (e.type === 'progress' && e.job === 'saft-leave-1' && states.push(e.state)));
  let during = 0;
  const left = await get((_res, n) => {
    during = taskWorkers(); // the export's worker among them
    return n === 0 ? 'leave' : undefined; // at the first bytes: the file is many times what the socket buffers hold
  }, '&progress=saft-leave-1');
  expect(left.left).toBe(true);
  expect(left.body.length).toBeLessThan(expected.length);
  expect(during).toBeGreaterThan(0);
  // The export stops half way and its worker is ended (a bounded wait: the server notices the closed socket on its next write).
  for (let i = 0; i < 300 && (taskWorkers() >= during || !states.includes('cancelled')); i++) await new Promise((r) => setTimeout(r, 100));
  off();
  expect(states.at(-1)).toBe('cancelled');
  expect(taskWorkers()).toBe(during - 1);
  const again = await get(() => undefined);
  expect(again.status).toBe(200);
  expect(sha(again.body)).toBe(sha(expected));
}, 240_000);
