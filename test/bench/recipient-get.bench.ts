/**
 * GET /recipients/{n} throughput benchmark (issue 2, "Tests and figures"). Prints figures; never asserts on time.
 *
 * Kvitt: the server in its own process (file database, 1,000 recipients), GET /recipients/{n} with the API key.
 * Bare: a node:http server in its own process answering the very same JSON body.
 * Both are loaded by the same client in the same run (keep-alive node:http Agent, concurrency 16) in alternating
 * slices, so that other load on the machine hits both sides alike. Goal (issue 29): Kvitt at least 75% of the bare req/s.
 * Also prints each server's CPU time per request (user + system of the server process), which depends less on
 * what else the machine is doing than req/s does.
 *
 * Environment: BENCH_REQUESTS (default 20000 per side), BENCH_CONCURRENCY (default 16), BENCH_SLICES (default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeRecipient } from '../../main/seed/recipients.seed.js';
import { rng } from '../../main/seed/random.js';
import { fmt, httpRequest, KEY, loadGet, mb, median, startChild, type ServerChild } from './lib.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SLICES = Number(process.env.BENCH_SLICES ?? 10);
const RECIPIENTS = 1000;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-bench-get-'));
const auth = { authorization: `Bearer ${KEY}` };

interface Side {
  seconds: number;
  cpuMs: number;
  sliceRps: number[];
}

async function slice(server: ServerChild, path: string, n: number, side: Side) {
  const cpu0 = await server.cpuMs();
  const r = await loadGet(server.port, path, auth, n, CONCURRENCY);
  side.cpuMs += (await server.cpuMs()) - cpu0;
  side.seconds += r.seconds;
  side.sliceRps.push(r.rps);
}

try {
  const kvitt = await startChild('kvitt', join(dir, 'k.sqlite'));
  const bare = await startChild('bare');
  try {
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

    console.log(
      `recipient-get: ${REQUESTS.toLocaleString('en-US')} GET ${path} per side in ${SLICES} alternating slices, concurrency ${CONCURRENCY}, keep-alive, body ${one.body.length} bytes`,
    );
    await loadGet(kvitt.port, path, auth, 3000, CONCURRENCY); // warm-up: JIT, connections, statement cache
    await loadGet(bare.port, path, auth, 3000, CONCURRENCY);

    const k: Side = { seconds: 0, cpuMs: 0, sliceRps: [] };
    const b: Side = { seconds: 0, cpuMs: 0, sliceRps: [] };
    const per = Math.ceil(REQUESTS / SLICES);
    for (let i = 0; i < SLICES; i++) {
      // alternate who goes first, so neither side always meets the other's leftovers
      if (i % 2 === 0) {
        await slice(kvitt, path, per, k);
        await slice(bare, path, per, b);
      } else {
        await slice(bare, path, per, b);
        await slice(kvitt, path, per, k);
      }
    }
    const total = per * SLICES;
    const kRps = total / k.seconds;
    const bRps = total / b.seconds;
    const ratios = k.sliceRps.map((x, i) => x / b.sliceRps[i]);
    console.log(`  Kvitt GET /recipients/{n}   ${fmt(kRps, 0)} req/s   server CPU ${fmt((1000 * k.cpuMs) / total)} µs/request`);
    console.log(`  bare node:http, same body   ${fmt(bRps, 0)} req/s   server CPU ${fmt((1000 * b.cpuMs) / total)} µs/request`);
    console.log(
      `  ratio ${fmt((100 * kRps) / bRps, 0)}% of the bare req/s (median of slices ${fmt(100 * median(ratios), 0)}%, goal >= 75%); CPU per request ${fmt(k.cpuMs / b.cpuMs, 2)}x the bare server`,
    );
    const mem = await kvitt.ask<{ rss: number; heapUsed: number }>('mem', 'mem');
    console.log(`  Kvitt server after the run: RSS ${mb(mem.rss)}, heapUsed ${mb(mem.heapUsed)}`);
  } finally {
    await kvitt.stop();
    await bare.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
