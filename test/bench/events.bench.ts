/**
 * Event signups: 1,000 signups to one event over loopback HTTP (POST /events/{id}/signup, each its own transaction:
 * rules, lock, seat count, participant, recipient, invoice issued, confirmation + invoice e-mail queued, four audit
 * rows) against the floor (signup-floor.ts): the same rows in the same tables with the same content, written straight
 * with statements prepared once, each participant in its own SAVEPOINT, as many per COMMIT as Kvitt's group commit put
 * together in run B, on the same file database (WAL, synchronous=FULL); before anything is timed, floorDifferences
 * (signup-floor-check.ts) proves on two fresh databases that the floor writes what Kvitt writes, column by column.
 * Compared in wall time and in CPU per signup (server CPU against the floor's). The old floor (the lock row's UPDATE
 * and the participant's INSERT only, grouped the same) is printed beside. A free event (no invoice: participant +
 * confirmation mail) shows what the invoice costs; it is set against the old floor only.
 *
 * The server runs in this process (fastify on 127.0.0.1), 8 clients at a time with keep-alive, three ways in one run:
 *  A. the clients in this process too, first thing (the bench's old way: server and load generator
 *     share one thread, and the server's code is still cold);
 *  C. the same after A (the server warm);
 *  B. the clients in their own process (signup-clients.child.ts): the server has its thread to itself, as when the
 *     signups come from browsers elsewhere. Run last, on the fullest database.
 * CPU per signup: this process (A, C: server + clients; B: the server alone) and, for B, the client process apart.
 * Then GET /invoices/{n} one after the other on the idle server (latency p50/p99, clients in their own process).
 * BENCH_SIGNUPS=n changes the count; BENCH_PROFILE=<file.cpuprofile> writes a CPU profile of the server during B.
 * B runs BENCH_B_REPEAT times (default 3; free, paid, free, paid, …, each on its own events): on a machine shared with
 * other work a run's CPU per signup is inflated by whatever else runs at the time, so B reports its best run (lowest
 * server CPU; its wall beside) and every run's server CPU, to judge the spread.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { groupCommitOf } from '../../main/ops/group-commit.js';
import { fmt, KEY, median, ROOT, selfCpuMs } from './lib.js';
import { floorDifferences, floorEvent, PRODUCT, SELLER, SETTINGS, eventBody, signupBody } from './signup-floor-check.js';
import { paidSignupFloor, twoRowFloor } from './signup-floor.js';

const N = Number(process.env.BENCH_SIGNUPS ?? 1000);
// A load run: the per-event and per-server signup limits (60 and 300 a minute, signup-rules.ts) lifted like the per-address one.
process.env.KVITT_SIGNUP_RATE_LIMIT ??= '100000000';
const B_REPEAT = Math.max(1, Number(process.env.BENCH_B_REPEAT ?? 3));
const CONCURRENCY = 8;
const GETS = 300;
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
  const ev = await send('POST', '/host/events/', eventBody(price, N + 10));
  if (ev.status !== 201) throw new Error(JSON.stringify(ev.body));
  return ev.body as { id: number; number: number };
}

interface Run {
  ms: number;
  /** CPU of this process: server + clients (in-process), the server alone (separate). */
  cpuMs: number;
  /** CPU of the client process (separate only). */
  clientCpuMs?: number;
  perCommit: number;
}

const gc = groupCommitOf(app.ctx.db).stats;

/** N signups with the clients in this process (the old way). */
async function inProcess(id: number, tag: string): Promise<Run> {
  let next = 0;
  const b0 = { ...gc };
  const c0 = selfCpuMs();
  const t0 = performance.now();
  const worker = async () => {
    while (next < N) {
      const i = next++;
      const r = await send('POST', `/events/${id}/signup`, signupBody(i, tag), false);
      if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - t0;
  return { ms, cpuMs: selfCpuMs() - c0, perCommit: (gc.members - b0.members) / Math.max(1, gc.batches - b0.batches) };
}

/** The client process (signup-clients.child.ts) and one question to it. */
const clients: ChildProcess = fork(resolve(ROOT, 'test/bench/signup-clients.child.ts'), [], {
  cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise<void>((res, rej) => {
  clients.once('message', () => res());
  clients.once('exit', (code) => rej(new Error(`client process exited with ${code}`)));
});
const ask = <T>(msg: Record<string, unknown>): Promise<T> =>
  new Promise((res, rej) => {
    const died = (code: number | null) => rej(new Error(`client process exited with ${code}`)); // a refused signup: see its stderr
    clients.once('exit', died);
    clients.once('message', (m: any) => {
      clients.off('exit', died);
      res(m[Object.keys(msg)[0]]);
    });
    clients.send(msg);
  });

/** N signups with the clients in their own process: this process is the server alone. */
async function separate(id: number, tag: string): Promise<Run> {
  const b0 = { ...gc };
  const c0 = selfCpuMs();
  const r = await ask<{ ms: number; cpuMs: number }>({ signups: { port, eventId: id, tag, n: N, concurrency: CONCURRENCY } });
  return { ms: r.ms, cpuMs: selfCpuMs() - c0, clientCpuMs: r.cpuMs, perCommit: (gc.members - b0.members) / Math.max(1, gc.batches - b0.batches) };
}

/** Best CPU (ms) of the floors' N participants, by floor. */
const floorCpu = new Map<'full' | 'two-row', number>();
/**
 * A floor run: N participants written straight, `group` of them per COMMIT, each in its own SAVEPOINT inside the group,
 * as Kvitt's group commit does. 'full': every row a paid signup writes, with the same content (signup-floor.ts, held to
 * Kvitt's rows by floorDifferences before the run); 'two-row': the old floor, the lock row's UPDATE and the participant.
 */
function direct(kind: 'full' | 'two-row', eventNumber: number, group: number, tag: string): number {
  const raw = app.database.raw;
  const write = kind === 'full' ? paidSignupFloor(raw, floorEvent(eventNumber, 1000), SELLER) : twoRowFloor(raw, eventNumber);
  const members = Array.from({ length: N }, (_, i) => signupBody(i, tag));
  const c0 = selfCpuMs();
  const t0 = performance.now();
  for (let i = 0; i < N; i += group) write(members.slice(i, i + group));
  const ms = performance.now() - t0;
  floorCpu.set(kind, Math.min(floorCpu.get(kind) ?? Infinity, selfCpuMs() - c0));
  return ms;
}

try {
  const differences = await floorDifferences();
  if (differences.length) throw new Error(`the floor does not write what Kvitt writes:\n${differences.join('\n')}`);
  await send('PUT', '/originators/current/settings', SETTINGS);
  await send('POST', '/products/', PRODUCT);
  const events = { A: [await setUp(0), await setUp(1000)], C: [await setUp(0), await setUp(1000)] };
  const eventsB: (typeof events.A)[] = [];
  for (let r = 0; r < B_REPEAT; r++) eventsB.push([await setUp(0), await setUp(1000)]);
  const floorEvents = { full: [await setUp(1000), await setUp(1000)], twoRow: [await setUp(0), await setUp(0)] };
  const load0 = loadavg()[0];
  const runs: Record<string, [Run, Run]> = {};
  runs.A = [await inProcess(events.A[0].id, 'af'), await inProcess(events.A[1].id, 'ap')];
  runs.C = [await inProcess(events.C[0].id, 'cf'), await inProcess(events.C[1].id, 'cp')];
  const profiling = process.env.BENCH_PROFILE;
  const session = profiling ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const repeatsB: [Run, Run][] = [];
  for (const [r, [free, paid]] of eventsB.entries()) repeatsB.push([await separate(free.id, `bf${r}-`), await separate(paid.id, `bp${r}-`)]);
  const best = (k: 0 | 1) => repeatsB.map((pair) => pair[k]).reduce((a, b) => (b.cpuMs < a.cpuMs ? b : a));
  runs.B = [best(0), best(1)];
  if (session) writeFileSync(profiling!, JSON.stringify((await session.post('Profiler.stop')).profile));
  // The floors commit as many per COMMIT as Kvitt's paid signups did in B (measured above); best of 2, alternating.
  const group = Math.max(1, Math.round(runs.B[1].perCommit));
  const fullMs: number[] = [];
  const twoRowMs: number[] = [];
  for (let r = 0; r < 2; r++) {
    fullMs.push(direct('full', floorEvents.full[r].number, group, `ff${r}-`));
    twoRowMs.push(direct('two-row', floorEvents.twoRow[r].number, group, `ft${r}-`));
  }
  const grouped = Math.min(...fullMs);
  const floorMs = Math.min(...twoRowMs);
  const gCpu = floorCpu.get('full')! / N;
  const load1 = loadavg()[0];

  const numbers = (app.database.raw.prepare("select number from documents where kind = 'invoice' and number is not null order by number limit ?").all(GETS) as { number: number }[]).map((r) => r.number);
  const { latenciesMs } = await ask<{ latenciesMs: number[] }>({ gets: { port, paths: numbers.map((n) => `/invoices/${n}`), key: KEY } });
  const sorted = [...latenciesMs].sort((a, b) => a - b);

  const outbox = app.database.raw.prepare('select count(*) n from outbox').get() as { n: number };
  const invoices = app.database.raw.prepare("select count(*) n from documents where kind = 'invoice' and number is not null").get() as { n: number };
  console.log(`signups: ${N} per run, ${CONCURRENCY} clients; invoices issued ${invoices.n}, outbox rows ${outbox.n}; load average ${fmt(load0, 2)} -> ${fmt(load1, 2)}`);
  console.log(`floor (every row of a paid signup, the same content as Kvitt's: checked), ${group} per COMMIT as Kvitt's paid signups in B (best of 2): ${fmt(grouped)} ms, ${fmt((N / grouped) * 1000, 0)} signups/s, CPU ${fmt(gCpu, 3)} ms per signup`);
  console.log(`old floor (the lock row's UPDATE and the participant only), grouped the same (best of 2): ${fmt(floorMs)} ms, ${fmt((N / floorMs) * 1000, 0)} participants/s, CPU ${fmt(floorCpu.get('two-row')! / N, 3)} ms per participant`);
  const label = { A: 'A clients in the server process, cold (old way)', C: 'C clients in the server process, warm', B: `B clients in their own process, warm (best of ${B_REPEAT}: lowest server CPU)` } as const;
  for (const k of ['A', 'C', 'B'] as const) {
    const [free, paid] = runs[k];
    const cpu = (r: Run) => `${fmt(r.cpuMs / N, 2)}${r.clientCpuMs !== undefined ? ` + clients ${fmt(r.clientCpuMs / N, 2)}` : ''}`;
    console.log(`${label[k]}:`);
    // A free signup writes a participant, a mail and two audit rows: against the two-row floor only.
    const paidRatios = (r: Run) => `wall ${fmt(r.ms / grouped, 2)}x the floor (old two-row floor ${fmt(r.ms / floorMs, 2)}x)`;
    const line = (name: string, r: Run) =>
      `  ${name}: ${fmt(r.ms)} ms, ${fmt((N / r.ms) * 1000, 0)} signups/s, ${name === 'paid' ? paidRatios(r) : `wall ${fmt(r.ms / floorMs, 2)}x the old two-row floor`}; ` +
      `${fmt(r.perCommit, 1)} per commit; CPU per signup ${k === 'B' ? 'server ' : '(server + clients) '}${cpu(r)} ms` +
      (k === 'B' && name === 'paid' ? `, ${fmt(r.cpuMs / N / gCpu, 1)}x the floor's CPU per signup (old floor ${fmt(r.cpuMs / floorCpu.get('two-row')!, 1)}x)` : '');
    console.log(line('free', free));
    console.log(line('paid', paid));
  }
  if (B_REPEAT > 1) {
    const each = (k: 0 | 1) => repeatsB.map((pair) => `${fmt(pair[k].cpuMs / N, 2)} (wall ${fmt(pair[k].ms / (k ? grouped : floorMs), 2)}x)`).join(', ');
    console.log(`B, every run: server CPU per signup in ms (wall x the floor; free: x the two-row floor): free ${each(0)}; paid ${each(1)}`);
  }
  console.log(`GET /invoices/{n}, ${numbers.length} one after the other on the idle server: p50 ${fmt(median(latenciesMs), 2)} ms, p99 ${fmt(sorted[Math.floor(sorted.length * 0.99)], 2)} ms`);
} finally {
  agent.destroy();
  clients.disconnect();
  await http.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
