/**
 * Event signups: 1,000 signups to one event over loopback HTTP (POST /events/{id}/signup, each its own transaction:
 * rules, lock, seat count, participant, recipient, invoice issued, confirmation + invoice e-mail queued) against
 * inserting the same participants directly (one prepared UPDATE of the event's lock row + one INSERT per participant,
 * each in its own transaction, as each signup is), in one run on one file database (WAL, synchronous=FULL).
 * Also a free event (no invoice: participant + confirmation mail) to show what the invoice costs.
 * The server runs in this process (fastify on 127.0.0.1); 8 clients at a time with keep-alive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { groupCommitOf } from '../../main/ops/group-commit.js';
import { fmt, KEY } from './lib.js';

const N = Number(process.env.BENCH_SIGNUPS ?? 1000);
const CONCURRENCY = 8;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-events-bench-'));
const app = await openApp({ dbFile: join(dir, 'bench.sqlite'), clock: fixedClock('2026-03-15'), apiKey: KEY });
let port = 0;
const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => KEY, port: () => port, publicRateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
await http.listen({ host: '127.0.0.1', port: 0 });
port = (http.server.address() as { port: number }).port;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(method: string, path: string, body: unknown, key = true): Promise<{ status: number; body: any }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...(key ? { authorization: `Bearer ${KEY}` } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function setUp(price: number) {
  const ev = await send('POST', '/host/events/', {
    name: `Bench ${price}`, date: '2026-06-01 09:00', location: { name: 'Sal' }, price, taxRate: 25, productNumber: price ? 'KURS' : null,
    contactPerson: { name: 'K', email: 'k@example.no' }, participantLimit: N + 10,
  });
  if (ev.status !== 201) throw new Error(JSON.stringify(ev.body));
  return ev.body as { id: number; number: number };
}

/** CPU time (user + system, ms) this process spent in `run` (server and clients alike): steadier than wall time on a shared machine. */
const cpu = { floor: 0, free: 0, paid: 0 };
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function signups(id: number, tag: string): Promise<number> {
  let next = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const worker = async () => {
    while (next < N) {
      const i = next++;
      const r = await send('POST', `/events/${id}/signup`, {
        name: `Deltaker ${i}`, email: `d${tag}${i}@example.no`,
        invoice: { name: `Deltaker ${i}`, address: 'Vei 1', zip: '0150', city: 'OSLO' },
      }, false);
      if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  cpu[tag === 'f' ? 'free' : 'paid'] = cpuMs(process.cpuUsage(c0));
  return performance.now() - t0;
}

function direct(eventNumber: number): number {
  const raw = app.database.raw;
  const lock = raw.prepare('update events set signup_seq = signup_seq + 1 where number = ? returning signup_seq');
  const insert = raw.prepare(
    `insert into event_participants (event_number, number, status, name, email, mobile, invoice_party, discount_code, custom_values, amount, signed_up_at, updated_at)
     values (?, ?, 'registered', ?, ?, null, ?, null, '[]', 125000, '2026-03-15 12:00:00', '2026-03-15 12:00:00')`,
  );
  const one = raw.transaction((i: number) => {
    const { signup_seq } = lock.get(eventNumber) as { signup_seq: number };
    insert.run(eventNumber, signup_seq, `Deltaker ${i}`, `x${i}@example.no`, JSON.stringify({ name: `Deltaker ${i}`, address: 'Vei 1', zip: '0150', city: 'OSLO' }));
  });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) one(i);
  const ms = performance.now() - t0;
  cpu.floor = cpu.floor ? Math.min(cpu.floor, cpuMs(process.cpuUsage(c0))) : cpuMs(process.cpuUsage(c0));
  return ms;
}

try {
  await send('PUT', '/originators/current/settings', { company: { name: 'Bench AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Gate 1', zip: '0155', city: 'OSLO' } });
  await send('POST', '/products/', { code: 'KURS', description: 'Kurs', unitPrice: 1000, taxRate: 25 });
  const paid = await setUp(1000);
  const free = await setUp(0);
  const floorEvent = await setUp(0);
  const floor = direct(floorEvent.number);
  const gc = groupCommitOf(app.ctx.db).stats;
  const meanBatch = (before: { batches: number; members: number }) => (gc.members - before.members) / Math.max(1, gc.batches - before.batches);
  const load0 = loadavg()[0];
  let before = { ...gc };
  const freeMs = await signups(free.id, 'f');
  const freeBatch = meanBatch(before);
  before = { ...gc };
  const paidMs = await signups(paid.id, 'p');
  const paidBatch = meanBatch(before);
  const floor2 = direct(floorEvent.number);
  const floorMs = Math.min(floor, floor2);
  const outbox = app.database.raw.prepare('select count(*) n from outbox').get() as { n: number };
  const invoices = app.database.raw.prepare("select count(*) n from documents where kind = 'invoice' and number is not null").get() as { n: number };
  console.log(`signups: ${N} per run, ${CONCURRENCY} clients; invoices issued ${invoices.n}, outbox rows ${outbox.n}; load average ${fmt(load0, 2)} -> ${fmt(loadavg()[0], 2)}`);
  console.log(`group commit: mean signups per commit ${fmt(freeBatch, 1)} (free), ${fmt(paidBatch, 1)} (paid)`);
  console.log(`direct insert (floor, best of 2): ${fmt(floorMs)} ms, ${fmt((N / floorMs) * 1000, 0)} participants/s`);
  console.log(`free event over HTTP (participant + confirmation mail): ${fmt(freeMs)} ms, ${fmt((N / freeMs) * 1000, 0)} signups/s, ${fmt(freeMs / floorMs, 2)}x the floor`);
  console.log(`CPU per signup (this process: server + clients): floor ${fmt(cpu.floor / N, 3)} ms, free ${fmt(cpu.free / N, 2)} ms, paid ${fmt(cpu.paid / N, 2)} ms`);
  console.log(`paid event over HTTP (+ recipient, invoice issued, invoice e-mail): ${fmt(paidMs)} ms, ${fmt((N / paidMs) * 1000, 0)} signups/s, ${fmt(paidMs / floorMs, 2)}x the floor, ${fmt(paidMs / freeMs, 2)}x the free event`);
} finally {
  agent.destroy();
  await http.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
