/**
 * The HTTP clients of test/bench/events.bench.ts in their own Node process (not a benchmark itself), so the server has
 * its thread to itself, as it has when signups come from browsers elsewhere. Talks to the parent over IPC:
 *   {signups: {port, eventId, tag, n, concurrency}} -> {signups: {ms, cpuMs}}   n signups, `concurrency` keep-alive clients
 *   {gets: {port, paths, key}}                       -> {gets: {latenciesMs}}   one GET after the other (idle latency)
 * cpuMs is this process's CPU (user + system) during the run: what the load generator costs, apart from the server.
 */
import { Agent } from 'node:http';
import { httpRequest, selfCpuMs } from './lib.js';

interface SignupJob {
  port: number;
  eventId: number;
  tag: string;
  n: number;
  concurrency: number;
}

async function signups(job: SignupJob) {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  let next = 0;
  const c0 = selfCpuMs();
  const t0 = performance.now();
  const worker = async () => {
    while (next < job.n) {
      const i = next++;
      const body = JSON.stringify({
        name: `Deltaker ${i}`, email: `d${job.tag}${i}@example.no`,
        invoice: { name: `Deltaker ${i}`, address: 'Vei 1', zip: '0150', city: 'OSLO' },
      });
      const r = await httpRequest({
        port: job.port, path: `/events/${job.eventId}/signup`, method: 'POST', agent, body,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      });
      if (r.status !== 200) throw new Error(`${r.status} ${r.body}`);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  const ms = performance.now() - t0;
  const cpuMs = selfCpuMs() - c0;
  agent.destroy();
  return { ms, cpuMs };
}

async function gets(job: { port: number; paths: string[]; key: string }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latenciesMs: number[] = [];
  for (const path of job.paths) {
    const t0 = performance.now();
    const r = await httpRequest({ port: job.port, path, agent, headers: { authorization: `Bearer ${job.key}` } });
    latenciesMs.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 200)}`);
  }
  agent.destroy();
  return { latenciesMs };
}

process.on('message', (m: { signups?: SignupJob; gets?: { port: number; paths: string[]; key: string } }) => {
  const answer = m.signups ? signups(m.signups).then((signups) => ({ signups })) : gets(m.gets!).then((g) => ({ gets: g }));
  answer.then(
    (a) => process.send!(a),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
