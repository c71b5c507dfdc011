#!/usr/bin/env node
/**
 * `npm test`: every pass of docs/testing.md, side by side where a pass leaves a core idle (2 cores are enough):
 *
 *   EHF rules (built once, first) ─┬─ unit, SQLite (one vitest worker: one core) ───────────┐
 *                                  ├─ unit, PostgreSQL (one worker + the database server) ──┼─ done
 *   type check ────────────────────┴─ build ─ browser ──────────────────────────────────────┘
 *
 * Each pass writes to test-results/passes/<pass>.log while it runs (tail it to follow) and is printed whole when it
 * ends, framed by its name, its result, its wall time and its CPU time (user + system of its process tree; the
 * PostgreSQL server's own CPU is not in it). A failing pass does not stop the others; the run fails if any failed.
 * One pass alone: its npm script (`npm run test:unit`, `test:pg`, `test:e2e`, `typecheck`, `build`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const logs = join(repo, 'test-results', 'passes');

/** name → what it runs and which passes must have ended first. */
const passes = {
  // The unit passes' global setup and the build both need it; built once here so they never build it at the same time.
  'ehf-rules': { title: 'EHF rules', run: ['node', 'scripts/build-ehf-rules.mjs'], after: [] },
  unit: { title: 'unit and integration, SQLite', run: ['npm', 'run', 'test:unit'], after: ['ehf-rules'] },
  pg: { title: 'unit and integration, PostgreSQL', run: ['npm', 'run', 'test:pg'], after: ['ehf-rules'] },
  // The type check reads none of them: from the start, beside the EHF rules (which leave part of a core idle).
  typecheck: { title: 'type check', run: ['npm', 'run', 'typecheck'], after: [] },
  build: { title: 'build', run: ['npm', 'run', 'build'], after: ['typecheck', 'ehf-rules'] },
  // Browser tests wait on the page most of their time: beside both unit passes as soon as the build is there (proven
  // under load: scripts/e2e-under-load.sh, docs/testing.md).
  e2e: { title: 'browser', run: ['npm', 'run', 'test:e2e'], after: ['build'] },
};

/** CPU seconds of this process's ended (waited-for) children and their own children: /proc/self/stat cutime + cstime. */
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN; // not Linux: no CPU figure
  }
}

const fmt = (s) => (Number.isNaN(s) ? '?' : s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`);
const started = Date.now();
const at = () => fmt((Date.now() - started) / 1000);
const results = new Map();
let cpuSeen = childCpu();
mkdirSync(logs, { recursive: true });

function runPass(name) {
  const p = passes[name];
  console.log(`[${at()}] ▶ ${p.title} (${p.run.join(' ')}; log: test-results/passes/${name}.log)`);
  const t0 = Date.now();
  const chunks = [];
  const log = join(logs, `${name}.log`);
  writeFileSync(log, '');
  return new Promise((done) => {
    const child = spawn(p.run[0], p.run.slice(1), { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const take = (d) => {
      chunks.push(d);
      writeFileSync(log, d, { flag: 'a' });
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let cpu = NaN;
    child.on('exit', () => {
      // The CPU of the children ended since the last one ended: this pass's process tree (two passes ending in the same
      // instant would be counted together, a figure, not a proof).
      const now = childCpu();
      cpu = now - cpuSeen;
      cpuSeen = now;
    });
    child.on('error', (e) => take(Buffer.from(`${e}\n`)));
    child.on('close', (code, signal) => {
      const wall = (Date.now() - t0) / 1000;
      const ok = code === 0;
      results.set(name, { ok, wall, cpu });
      const head = `${p.title}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${fmt(wall)}, CPU ${fmt(cpu)}`;
      process.stdout.write(`\n──── ${p.title} ────\n${Buffer.concat(chunks).toString()}\n[${at()}] ${ok ? '✔' : '✘'} ${head}\n\n`);
      done(ok);
    });
  });
}

// Starts every pass as soon as the passes it waits for have ended (whatever their result: a failure is reported at the end).
const ended = new Set();
const running = new Map();
await new Promise((allDone) => {
  const startReady = () => {
    for (const [name, p] of Object.entries(passes)) {
      if (running.has(name) || ended.has(name) || !p.after.every((a) => ended.has(a))) continue;
      running.set(name, runPass(name).then(() => {
        ended.add(name);
        running.delete(name);
        if (ended.size === Object.keys(passes).length) allDone();
        else startReady();
      }));
    }
  };
  startReady();
});

console.log(`npm test: ${at()} in all`);
for (const [name, p] of Object.entries(passes)) {
  const r = results.get(name);
  console.log(`  ${r.ok ? '✔' : '✘'} ${p.title.padEnd(34)} ${fmt(r.wall).padStart(12)} wall ${fmt(r.cpu).padStart(12)} CPU`);
}
const failed = [...results].filter(([, r]) => !r.ok).map(([n]) => passes[n].title);
if (failed.length) {
  console.log(`FAILED: ${failed.join(', ')} (their output is above and in test-results/passes/)`);
  process.exit(1);
}
