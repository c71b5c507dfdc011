/**
 * Sending (issue 10): N invoice e-mails with their PDF through the outbox to a loopback SMTP server, against nodemailer
 * sending the same N pre-built messages (same text, HTML and PDF bytes) to the same server in the same run; and
 * GET /invoices/{n} latency (p50/p99) idle (after 500 warm-up requests) and while the N are being sent. Each side's CPU per
 * mail (all its threads and the SMTP server) is printed beside its mails/s: Kvitt renders in a worker, the floor on one thread.
 * Kvitt runs in its own process (test/bench/server.child.ts, as `npm run serve`); the SMTP server (smtp-server, counting
 * and discarding what it receives) and the clients run in this one. Sending is driven by POST /outbox/flush, which works
 * the outbox exactly as the background sender does (a few shipments under way, PDFs in the worker pool).
 * The floor uses the outbox's SMTP setup (pooled, 4 connections, 4 mails under way). PDF rendering against a warm
 * headless Chromium is test/bench/pdf.bench.ts.
 * First, in this process, MIME alone: CPU per message of nodemailer's composer and of Kvitt's writer (mime.ts).
 * BENCH_MAILS=N (default 1000); BENCH_LOADED mails sent while GETs are timed (default N); BENCH_PROF=<dir> writes the
 * server's CPU profiles (--cpu-prof) and prints the flush's time window. CPU per mail from /proc (Linux). Loops are
 * bounded in count.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { SMTPServer } from 'smtp-server';
import { documentMail } from '../../main/features/sending/mail.js';
import { simpleMime } from '../../main/features/sending/mime.js';
import { fmt, httpRequest, KEY, median, selfCpuMs, startChild } from './lib.js';

const N = Number(process.env.BENCH_MAILS ?? 1000);

// MIME alone, in this process: 1,000 compositions of an invoice mail with a 30 kB PDF by nodemailer's composer and by
// Kvitt's writer (main/features/sending/mime.ts, what the outbox's worker uses), 3 alternating rounds, CPU per message.
const mimeCpu = await (async () => {
  const pdf = randomBytes(30_000);
  const content = documentMail(
    { recipientNumber: 1, kindLabel: 'Faktura', number: 10001, amount: 4154.25, currency: 'NOK', dueDate: '2026-03-25', kid: '0000100017', accountNumber: '86011117947', international: false },
    'Fjordkraft Rådgivning AS',
    { message: 'Takk for oppdraget!', attached: true },
  );
  const mail = { from: { name: 'Fjordkraft Rådgivning AS', address: 'faktura@fjordraad.no' }, to: 'kunde@example.no', replyTo: 'post@fjordraad.no', ...content, messageId: '<kvitt.1@fjordraad.no>' };
  const attachments = () => [{ filename: 'faktura-10001.pdf', content: pdf, contentType: 'application/pdf' }];
  const composer: number[] = [];
  const kvitt: number[] = [];
  for (let round = 0; round < 3; round++) {
    let c0 = selfCpuMs();
    for (let i = 0; i < 1000; i++) await new MailComposer({ ...mail, attachments: attachments() }).compile().build();
    composer.push((selfCpuMs() - c0) / 1000);
    c0 = selfCpuMs();
    for (let i = 0; i < 1000; i++) simpleMime({ ...mail, attachments: attachments() });
    kvitt.push((selfCpuMs() - c0) / 1000);
  }
  return { composer: median(composer), kvitt: median(kvitt) };
})();
const dir = mkdtempSync(join(tmpdir(), 'kvitt-send-bench-'));
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _s, cb) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      cb();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
const smtpPort = (smtp.server.address() as AddressInfo).port;

// BENCH_PROF=<dir>: the server child (and its workers) write V8 CPU profiles there (--cpu-prof), to see where the time goes.
const child = await startChild('kvitt', join(dir, 'bench.sqlite'), process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []);
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
async function api(method: string, path: string, body?: unknown) {
  const r = await httpRequest({ port: child.port, path, method, headers, body: body === undefined ? undefined : JSON.stringify(body), agent });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.body.slice(0, 300)}`);
  return r.body ? JSON.parse(r.body) : null;
}

await api('PUT', '/originators/current/settings', {
  company: { name: 'Bench AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Storgata 1', zip: '0155', city: 'OSLO' },
  sending: { smtp: { host: '127.0.0.1', port: smtpPort, security: 'NONE' }, fromAddress: 'faktura@bench.no', fromName: 'Bench AS' },
});
await api('POST', '/recipients/', { name: 'Kunde AS', contact: { address: { address1: 'Veien 1', zip: '0150', city: 'OSLO' }, email: 'kunde@example.no' } });
const LOADED = Number(process.env.BENCH_LOADED ?? N);
const invoiceBody = (shipment?: { address: string }) => ({
  recipient: { number: 1 },
  items: [
    { description: 'Konsulenttime', quantity: 7.5, unitPrice: 1250, taxRate: 25 },
    { description: 'Reise', quantity: 1, unitPrice: 480, taxRate: 12 },
    { description: 'Kurs', quantity: 2, unitPrice: 2500, taxRate: 0, vatCategory: 'E', exemptionReason: 'Undervisning' },
  ],
  ...(shipment ? { shipment: { email: [{ ...shipment, htmlContent: 'Takk for oppdraget!' }] } } : {}),
});
// Warm-up (BENCH_WARMUP, default 25; 0 = the earlier cold measurement): that many invoice mails sent before the
// measured flush, so its window holds the 1,000 mails (every PDF rendered in it) and not the start of the worker
// thread, which from source (tsx compiling the worker's module graph) costs 1-3 s of CPU once per process; the
// floor's nodemailer is loaded before its window too. Printed: the warm-up's time.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 25);
let warmupSeconds = 0;
if (WARMUP > 0) {
  for (let i = 0; i < WARMUP; i++) await api('POST', '/invoices/', invoiceBody({ address: `varm${i}@example.no` }));
  const w = performance.now();
  const warm: Array<{ status: string }> = await api('POST', '/outbox/flush');
  warmupSeconds = (performance.now() - w) / 1000;
  if (warm.filter((r) => r.status === 'DELIVERED').length !== WARMUP) throw new Error('the warm-up mails were not delivered');
  received = 0;
}
const t0 = performance.now();
const numbers: number[] = [];
// N invoices issued and queued, and LOADED more issued only (sent later, while GETs are timed: PDFs not yet rendered).
const fresh: number[] = [];
for (let i = 0; i < N + LOADED; i++) {
  const r = await api('POST', '/invoices/', invoiceBody(i < N ? { address: `kunde${i}@example.no` } : undefined));
  (i < N ? numbers : fresh).push(r.number);
}
console.log(`setup: ${N} invoices issued and queued (POST /invoices/ with shipment), ${LOADED} more issued, in ${fmt((performance.now() - t0) / 1000)} s`);

// GET latency idle.
async function latencies(count: number, until?: () => boolean): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; (until ? !until() : true) && i < count; i++) {
    const n = numbers[(i * 7919) % numbers.length];
    const s = performance.now();
    await api('GET', `/invoices/${n}`);
    out.push(performance.now() - s);
  }
  return out;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
// Warm the idle path first (JIT, statement cache, the pages of the invoices read), after the setup's writes have settled:
// a cold idle baseline makes "p99 while sending / idle" look better than it is.
await new Promise((r) => setTimeout(r, 1000));
await latencies(500);
const idle = await latencies(500);

// PDF rendering alone (one at a time over HTTP).
const PDFS = Math.min(200, N);
const p0 = performance.now();
for (let i = 0; i < PDFS; i++) await httpRequest({ port: child.port, path: `/invoices/${numbers[i]}/pdf`, headers, agent });
const pdfPerSec = PDFS / ((performance.now() - p0) / 1000);

// CPU time (ms) from /proc (Linux, 100 ticks/s): the server child in all, its main thread (the API's), and this process
// (the SMTP server and the clients). Robust where wall time is not: the machine is shared.
const ticksMs = (path: string) => {
  const st = readFileSync(path, 'utf8');
  const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const cpuNow = () => ({ kvitt: ticksMs(`/proc/${child.proc.pid}/stat`), api: ticksMs(`/proc/${child.proc.pid}/task/${child.proc.pid}/stat`), here: selfCpuMs() });
const cpuSince = (a: ReturnType<typeof cpuNow>, per: number) => {
  const b = cpuNow();
  return { kvitt: (b.kvitt - a.kvitt) / per, api: (b.api - a.api) / per, here: (b.here - a.here) / per };
};
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const loadAtStart = load();

// The outbox alone: flush the N queued mails (a client asking meanwhile would slow the SMTP server in this process).
const c0 = cpuNow();
const f0 = performance.now();
const us = () => process.hrtime.bigint() / 1000n; // the clock of the CPU profiles' timestamps
const w0 = us();
const results: Array<{ status: string }> = await api('POST', '/outbox/flush');
const outboxSeconds = (performance.now() - f0) / 1000;
const outboxCpu = cpuSince(c0, N);
if (process.env.BENCH_PROF) console.log(`profile window of the flush (µs): ${w0} ${us()}`);
const delivered = results.filter((r) => r.status === 'DELIVERED').length;
if (delivered !== N || received !== N) throw new Error(`delivered ${delivered}, received ${received}, expected ${N}`);

// The same N invoices sent again (to other addresses): their PDFs are kept, so this is the outbox once PDFs are rendered.
for (let i = 0; i < N; i++) await api('POST', `/invoices/${numbers[i]}/send`, { email: [{ address: `igjen${i}@example.no`, htmlContent: 'Takk for oppdraget!' }] });
received = 0;
const k0 = performance.now();
const again: Array<{ status: string }> = await api('POST', '/outbox/flush');
const keptSeconds = (performance.now() - k0) / 1000;
if (again.filter((r) => r.status === 'DELIVERED').length !== N || received !== N) throw new Error('the resent mails were not all delivered');

// GET latency while the outbox sends LOADED (default N) mails of invoices whose PDFs are not rendered yet.
for (let i = 0; i < LOADED; i++) await api('POST', `/invoices/${fresh[i]}/send`, { email: [{ address: `ny${i}@example.no`, htmlContent: 'Takk for oppdraget!' }] });
let done = false;
const flushing = api('POST', '/outbox/flush').then((r: Array<{ status: string }>) => {
  done = true;
  return r;
});
const busy = await latencies(1_000_000, () => done);
if ((await flushing).filter((r) => r.status === 'DELIVERED').length !== LOADED) throw new Error('the second batch was not delivered');

// The floor: nodemailer with the same pre-built messages (text, HTML, the PDF bytes) to the same server.
const pdf = Buffer.from(await (await fetch(`http://127.0.0.1:${child.port}/invoices/${numbers[0]}/pdf`, { headers })).arrayBuffer());
const inv = await api('GET', `/invoices/${numbers[0]}`);
const content = documentMail(
  { recipientNumber: 1, kindLabel: 'Faktura', number: inv.number, amount: inv.total, currency: 'NOK', dueDate: inv.dueDate, kid: inv.kid, accountNumber: '86011117947', international: false },
  'Bench AS',
  { message: 'Takk for oppdraget!', attached: true },
);
// The same pool and concurrency as the outbox (4 connections, 4 mails under way), so the floor is what that SMTP setup
// can do at all with nothing to prepare.
const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true, pool: true, maxConnections: 4 });
received = 0;
const floorCpu0 = selfCpuMs();
const n0 = performance.now();
let nextMail = 0;
await Promise.all(Array.from({ length: 4 }, async () => {
  while (nextMail < N) {
    const i = nextMail++;
    await transport.sendMail({ from: { name: 'Bench AS', address: 'faktura@bench.no' }, to: `kunde${i}@example.no`, ...content, attachments: [{ filename: `faktura-${inv.number}.pdf`, content: pdf, contentType: 'application/pdf' }] });
  }
}));
const floorSeconds = (performance.now() - n0) / 1000;
const floorCpu = (selfCpuMs() - floorCpu0) / N;
transport.close();

// PDF rendering against a warm headless Chromium: test/bench/pdf.bench.ts.

const outboxRate = N / outboxSeconds;
const floorRate = N / floorSeconds;
console.log(`\n| what | figure | goal |\n| --- | --- | --- |`);
const outboxAll = outboxCpu.kvitt + outboxCpu.here;
console.log(`| ${N} invoice e-mails with PDF through the outbox (POST /outbox/flush) | ${fmt(outboxSeconds)} s, ${fmt(outboxRate)} mails/s, CPU ${fmt(outboxAll, 2)} ms a mail (Kvitt ${fmt(outboxCpu.kvitt, 2)} + SMTP server ${fmt(outboxCpu.here, 2)}) | |`);
console.log(`| nodemailer alone, the same ${N} pre-built messages, same server | ${fmt(floorSeconds)} s, ${fmt(floorRate)} mails/s, CPU ${fmt(floorCpu, 2)} ms a mail (nodemailer + SMTP server) | |`);
console.log(`| CPU per mail, outbox / floor (all threads of both sides; the outbox renders each PDF, the floor sends ready bytes) | ${fmt(outboxAll / floorCpu, 2)}x | |`);
console.log(`| warm-up before the measured flush: ${WARMUP} mails (starts the worker) | ${fmt(warmupSeconds)} s | |`);
console.log(`| outbox / floor | ${fmt((outboxRate / floorRate) * 100, 0)} % | >= 50 % |`);
console.log(`| the same ${N} invoices sent again, PDFs kept (rendered): outbox / floor | ${fmt(keptSeconds)} s, ${fmt(N / keptSeconds)} mails/s, ${fmt((N / keptSeconds / floorRate) * 100, 0)} % | >= 50 % |`);
console.log(`| CPU per mail, outbox: Kvitt in all / its API thread / SMTP server + bench | ${fmt(outboxCpu.kvitt)} / ${fmt(outboxCpu.api)} / ${fmt(outboxCpu.here)} ms | |`);
console.log(`| CPU per mail, floor: nodemailer + SMTP server (one thread) | ${fmt(floorCpu)} ms | |`);
console.log(`| CPU per message, MIME alone (invoice mail, 30 kB PDF, median of 3 x 1,000): nodemailer's composer / Kvitt's writer | ${fmt(mimeCpu.composer, 3)} / ${fmt(mimeCpu.kvitt, 3)} ms (${fmt(mimeCpu.composer / mimeCpu.kvitt)}x) | |`);
console.log(`| load average at start / end (2 cores) | ${loadAtStart} / ${load()} | |`);
console.log(`| PDF rendering alone (GET /invoices/{n}/pdf, ${PDFS} in sequence) | ${fmt(pdfPerSec)} documents/s | |`);
console.log(`| GET /invoices/{n} idle: p50 / p99 (${idle.length} requests) | ${fmt(pct(idle, 50), 2)} / ${fmt(pct(idle, 99), 2)} ms | |`);
console.log(`| GET /invoices/{n} while ${LOADED} more are sent, their PDFs rendered meanwhile: p50 / p99 (${busy.length} requests) | ${fmt(pct(busy, 50), 2)} / ${fmt(pct(busy, 99), 2)} ms | |`);
console.log(`| p99 while sending / idle | ${fmt(pct(busy, 99) / pct(idle, 99), 2)}x | <= 3x |`);

agent.destroy();
await child.stop();
await new Promise<void>((r) => smtp.close(() => r()));
rmSync(dir, { recursive: true, force: true });
