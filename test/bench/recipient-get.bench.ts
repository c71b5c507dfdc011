/**
 * GET /recipients/{n} throughput benchmark (issues 2, 29). Prints figures; never asserts on time.
 *
 * Kvitt: the server in its own process (file database, 1,000 recipients), GET /recipients/{n} with the API key.
 * Bare: a node:http server in its own process answering the very same JSON body (HTTP with no work at all).
 * Load: a third process (load-get.child.ts: keep-alive node:http Agent, concurrency 16) sends the requests, so the
 * bench's own process does nothing while a slice runs. Both servers are pinned to the same core and the load generator
 * to the other (`taskset`; BENCH_PIN=0 leaves them free), so neither server gets a core the other did not.
 * The run is BENCH_ROUNDS short rounds (default 20); each round loads Kvitt and the bare server one after the other
 * (who goes first alternates), so what else the machine does in that second meets both sides alike. The figure is the
 * median of the rounds' ratios (Kvitt's req/s / the bare server's); the whole run's ratio, the rounds' spread and each
 * server's CPU per request (user + system of the server process, which moves much less with the load than req/s) are
 * printed beside, with the load generator's CPU per request, to show whether the client set the pace.
 * Goal (issue 29): Kvitt at least 75 % of the bare server's req/s.
 * Beside it, for reference, fastify alone (server.child.ts fastify: Kvitt's framework with one route answering the
 * same fixed body, no guards, no database) in the same rounds: what the framework costs before Kvitt does anything.
 *
 * Environment: BENCH_REQUESTS (default 40000 per side), BENCH_CONCURRENCY (default 16), BENCH_ROUNDS (default 20),
 * BENCH_PIN (default 1), BENCH_PROFILE=<folder> (a CPU profile of Kvitt's server, written when it stops).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fakeRecipient } from '../../main/seed/recipients.seed.js';
import { rng } from '../../main/seed/random.js';
import { fmt, httpRequest, KEY, mb, median, pinProcess, ROOT, startChild, type ServerChild } from './lib.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 20));
const PIN = process.env.BENCH_PIN !== '0' && cpus().length >= 2;
const RECIPIENTS = 1000;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-get-'));
const auth = { authorization: `Bearer ${KEY}` };

interface Side {
  seconds: number;
  cpuMs: number;
  clientCpuMs: number;
  roundRps: number[];
}

const loader = fork(resolve(ROOT, 'test/bench/load-get.child.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
await new Promise<void>((res, rej) => {
  loader.once('message', () => res());
  loader.once('exit', (code) => rej(new Error(`load generator exited with ${code}`)));
});
const load = (port: number, path: string, n: number) =>
  new Promise<{ rps: number; seconds: number; cpuMs: number }>((res, rej) => {
    const died = (code: number | null) => rej(new Error(`load generator exited with ${code}`));
    loader.once('exit', died);
    loader.once('message', (m: any) => {
      loader.off('exit', died);
      res(m.load);
    });
    loader.send({ load: { port, path, headers: auth, n, concurrency: CONCURRENCY } });
  });

async function slice(server: ServerChild, path: string, n: number, side: Side) {
  const cpu0 = await server.cpuMs();
  const r = await load(server.port, path, n);
  side.cpuMs += (await server.cpuMs()) - cpu0;
  side.clientCpuMs += r.cpuMs;
  side.seconds += r.seconds;
  side.roundRps.push(r.rps);
}

try {
  const kvitt = await startChild('kvitt', join(dir, 'k.sqlite'), process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []);
  const bare = await startChild('bare');
  const fast = await startChild('fastify');
  try {
    const pinned =
      PIN && pinProcess(kvitt.proc.pid!, '0') && pinProcess(bare.proc.pid!, '0') && pinProcess(fast.proc.pid!, '0') && pinProcess(loader.pid!, '1');
    const r = rng(11);
    const seeded = await httpRequest({
      port: kvitt.port,
      path: '/recipients/',
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(Array.from({ length: RECIPIENTS }, (_, i) => fakeRecipient(r, i))),
    });
    if (seeded.status !== 201) throw new Error(`seeding: ${seeded.status} ${seeded.body.slice(0, 300)}`);
    const n = Number((JSON.parse(seeded.body) as string[])[RECIPIENTS / 2].split('/').pop());
    const path = `/recipients/${n}`;
    const one = await httpRequest({ port: kvitt.port, path, headers: auth });
    if (one.status !== 200) throw new Error(`GET ${path}: ${one.status}`);
    await bare.ask({ body: one.body }, 'ok');
    await fast.ask({ body: one.body }, 'ok');

    const load0 = loadavg()[0];
    console.log(
      `recipient-get: ${REQUESTS.toLocaleString('en-US')} GET ${path} per side in ${ROUNDS} rounds, concurrency ${CONCURRENCY}, keep-alive, body ${one.body.length} bytes; ` +
        (pinned ? 'both servers on CPU 0, the load generator on CPU 1' : 'not pinned'),
    );
    await load(kvitt.port, path, 3000); // warm-up: JIT, connections, statement cache
    await load(bare.port, path, 3000);
    await load(fast.port, path, 3000);

    const k: Side = { seconds: 0, cpuMs: 0, clientCpuMs: 0, roundRps: [] };
    const b: Side = { seconds: 0, cpuMs: 0, clientCpuMs: 0, roundRps: [] };
    const f: Side = { seconds: 0, cpuMs: 0, clientCpuMs: 0, roundRps: [] };
    const per = Math.ceil(REQUESTS / ROUNDS);
    const sides: Array<[ServerChild, Side]> = [
      [kvitt, k],
      [bare, b],
      [fast, f],
    ];
    for (let i = 0; i < ROUNDS; i++) {
      // rotate who goes first, so no side always meets another's leftovers
      for (let j = 0; j < sides.length; j++) {
        const [server, side] = sides[(i + j) % sides.length];
        await slice(server, path, per, side);
      }
    }
    const total = per * ROUNDS;
    const kRps = total / k.seconds;
    const bRps = total / b.seconds;
    const ratios = k.roundRps.map((x, i) => x / b.roundRps[i]).sort((x, y) => x - y);
    const fRatios = f.roundRps.map((x, i) => x / b.roundRps[i]).sort((x, y) => x - y);
    const us = (ms: number) => fmt((1000 * ms) / total);
    console.log(`  load average ${fmt(load0, 2)} -> ${fmt(loadavg()[0], 2)}`);
    console.log(`  Kvitt GET /recipients/{n}   ${fmt(kRps, 0)} req/s   server CPU ${us(k.cpuMs)} µs/request   (load generator ${us(k.clientCpuMs)} µs/request)`);
    console.log(`  bare node:http, same body   ${fmt(bRps, 0)} req/s   server CPU ${us(b.cpuMs)} µs/request   (load generator ${us(b.clientCpuMs)} µs/request)`);
    console.log(`  fastify alone, same body    ${fmt(total / f.seconds, 0)} req/s   server CPU ${us(f.cpuMs)} µs/request   (load generator ${us(f.clientCpuMs)} µs/request)`);
    console.log(
      `  Kvitt / bare req/s: median of ${ROUNDS} rounds ${fmt(100 * median(ratios), 0)}% (goal >= 75%; rounds' quartiles ${fmt(100 * ratios[Math.floor(ROUNDS / 4)], 0)}-${fmt(100 * ratios[Math.floor((3 * ROUNDS) / 4)], 0)}%, ` +
        `whole run ${fmt((100 * kRps) / bRps, 0)}%); server CPU per request ${fmt(k.cpuMs / b.cpuMs, 2)}x the bare server's`,
    );
    console.log(
      `  fastify alone / bare req/s: median ${fmt(100 * median(fRatios), 0)}% (quartiles ${fmt(100 * fRatios[Math.floor(ROUNDS / 4)], 0)}-${fmt(100 * fRatios[Math.floor((3 * ROUNDS) / 4)], 0)}%); ` +
        `server CPU ${fmt(f.cpuMs / b.cpuMs, 2)}x the bare server's; Kvitt / fastify alone: req/s ${fmt((100 * total) / k.seconds / (total / f.seconds), 0)}%, CPU ${fmt(k.cpuMs / f.cpuMs, 2)}x`,
    );
    const mem = await kvitt.ask<{ rss: number; heapUsed: number }>('mem', 'mem');
    console.log(`  Kvitt server after the run: RSS ${mb(mem.rss)}, heapUsed ${mb(mem.heapUsed)}`);
  } finally {
    await kvitt.stop();
    await bare.stop();
    await fast.stop();
  }
} finally {
  loader.disconnect();
  rmSync(dir, { recursive: true, force: true });
}
